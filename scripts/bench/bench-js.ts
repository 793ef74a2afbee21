/**
 * `npm run bench:js`: the JavaScript each page loads up front, gzipped, against
 * the budgets (105.5 KiB on a content page, 115.1 KiB on the home, 113.9 KiB
 * with a form, 130 KiB on a tool: scripts/lib/js-weight.ts, ADR 028). Builds nothing: run `npm run build` first. Starts the production
 * server on a free port with its own data folder, reads each page's HTML, and
 * sums the module scripts and modulepreloads it names (what the browser
 * fetches before the page is interactive), each gzipped at level 9.
 * Exits 1 when a page is over its budget. Figures: docs/bench-js.md.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { builtServer, freePort, waitFor } from '../lib/bench-support'
import { KiB, weighedPages, weighPages } from '../lib/js-weight'

/** `npm run bench:js -- --files` also lists each page's scripts. */
const listFiles = process.argv.includes('--files')
const port = await freePort()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-js-'))
const server = spawn(process.execPath, [builtServer()], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_REQUESTS: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${port}`
let failed = false
try {
  if (!(await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false, 90_000))) throw new Error('o servidor não subiu')
  const weights = await weighPages(
    weighedPages,
    async (page) => (await fetch(new URL(page, base))).text(),
    async (src) => new Uint8Array(await (await fetch(new URL(src, base))).arrayBuffer()),
  )
  // A bench that weighed nothing proves nothing: no page, or a page with no script, is a failure.
  if (weights.length === 0 || weights.some(({ total }) => total === 0)) {
    console.error('FALHOU: nenhuma página pesada, ou uma página sem nenhum script')
    failed = true
  }
  console.log('página'.padEnd(48), 'JS (gzip)'.padStart(10), 'limite'.padStart(9))
  for (const { path: page, budget, total, scripts } of weights) {
    if (listFiles) for (const { src, bytes } of scripts) console.log('   ', src.padEnd(60), `${(bytes / KiB).toFixed(1)} KiB`)
    const over = total > budget
    failed ||= over
    console.log(page.slice(0, 47).padEnd(48), `${(total / KiB).toFixed(1)} KiB`.padStart(10), `${budget / KiB} KiB`.padStart(9), over ? 'ACIMA' : '')
  }
} finally {
  server.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
