import { cpSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * Adds scripts/server.ts to Remix's server build as a second entry,
 * build/server/server.js (ADR 041). It imports `virtual:remix/server-build`,
 * so Rollup bundles the Express server, the routes and the worker in one
 * module graph: `npm start` is plain `node` on it. The SQL migrations are
 * copied beside it, so the built folder carries what the server runs at start.
 */
export function serverEntry({ entry = 'scripts/server.ts', migrations = 'db/migrations' } = {}): Plugin {
  let outDir = ''
  return {
    name: 'alavanca:server-entry',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && Boolean(isSsrBuild),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(entry), fileName: 'server.js' })
    },
    writeBundle() {
      cpSync(path.resolve(migrations), path.join(outDir, 'migrations'), { recursive: true })
    },
  }
}
