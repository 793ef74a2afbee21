/**
 * Starts the site: `npm run dev` (Vite middleware, hot reload) or `npm start`
 * (the production build). Validates the environment first and shuts down
 * gracefully on SIGTERM/SIGINT.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import { createApp } from '../app/server/app'
import { logJson } from '../app/server/request-log'
import { EnvError, getEnv } from '../app/utils/env.server'
import remixConfig from '../remix.config.js'

// A local .env (copied from .env.example) is read when present; variables already set win.
if (existsSync('.env')) process.loadEnvFile('.env')

let env
try {
  env = getEnv()
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const buildDir = path.resolve(remixConfig.buildDirectory ?? 'build')
let app
let closeVite: (() => Promise<void>) | undefined

if (env.NODE_ENV === 'production') {
  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
  app = createApp({ env, build, clientDir: path.join(buildDir, 'client') })
} else {
  const vite = await import('vite')
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
  closeVite = () => viteDevServer.close()
  app = createApp({
    env,
    build: () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    viteMiddlewares: viteDevServer.middlewares,
  })
}

const server = app.listen(env.PORT, () => {
  logJson({ level: 'info', msg: 'server started', url: `http://localhost:${env.PORT}`, mode: env.NODE_ENV })
})

let shuttingDown = false
async function shutdown(signal: string) {
  if (shuttingDown) return
  shuttingDown = true
  logJson({ level: 'info', msg: 'shutting down', signal })
  // Give in-flight requests up to 10 s; then leave regardless.
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  server.close(async () => {
    await closeVite?.()
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
