/**
 * `npm run bench:js`: the JavaScript each page loads up front, gzipped, against
 * its kind's budget (`jsBudgets` in scripts/lib/js-weight.ts, ADR 028). Builds nothing: run `npm run build` first. Starts the production
 * server on a free port with its own data folder, reads each page's HTML, and
 * sums the module scripts and modulepreloads it names (what the browser
 * fetches before the page is interactive), each gzipped at level 9.
 * Exits 1 when a page is over its budget. Figures: docs/bench-js.md.
 *
 * Beside it, what the page then loads by itself once it is interactive, with
 * no input (the forms' islands and validators, the web vitals, the carousel:
 * ADR 028), so that the total a visitor downloads stays in sight: each page
 * is opened in Chromium, and the scripts it fetched until the network was
 * idle after hydration, not named up front, are weighed the same way. Not
 * held to a budget.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { builtServer, CHROMIUM_ARGS, freePort, waitFor } from '../lib/bench-support'
import { gzippedSize, KiB, weighedPages, weighPages } from '../lib/js-weight'

/** `npm run bench:js -- --files` also lists each page's scripts. */
const listFiles = process.argv.includes('--files')
const port = await freePort()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-js-'))
const server = spawn(process.execPath, [builtServer()], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_REQUESTS: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${port}`

/** The scripts `page` fetches by itself once hydrated, until the network is idle, that `upFront` does not name: their paths and gzip sizes. */
async function loadedAfterHydration(browser: Browser, page: string, upFront: Set<string>) {
  const context = await browser.newContext()
  const tab = await context.newPage()
  const fetched = new Set<string>()
  tab.on('response', (response) => {
    if (response.request().resourceType() === 'script') fetched.add(new URL(response.url()).pathname)
  })
  try {
    await tab.goto(new URL(page, base).href, { waitUntil: 'load' })
    await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await tab.waitForLoadState('networkidle')
    const later = [...fetched].filter((src) => !upFront.has(src))
    return Promise.all(later.map(async (src) => ({ src, bytes: gzippedSize(new Uint8Array(await (await fetch(new URL(src, base))).arrayBuffer())) })))
  } finally {
    await context.close()
  }
}

let failed = false
let browser: Browser | null = null
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
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS] })
  console.log('página'.padEnd(48), 'JS (gzip)'.padStart(10), 'limite'.padStart(9), 'depois, sem toque'.padStart(18))
  for (const { path: page, budget, total, scripts } of weights) {
    const later = await loadedAfterHydration(browser, page, new Set(scripts.map(({ src }) => new URL(src, base).pathname)))
    if (listFiles) for (const { src, bytes } of [...scripts, ...later]) console.log('   ', src.padEnd(60), `${(bytes / KiB).toFixed(1)} KiB`)
    const over = total > budget
    failed ||= over
    const laterTotal = later.reduce((sum, { bytes }) => sum + bytes, 0)
    console.log(
      page.slice(0, 47).padEnd(48),
      `${(total / KiB).toFixed(1)} KiB`.padStart(10),
      `${budget / KiB} KiB`.padStart(9),
      `+${(laterTotal / KiB).toFixed(1)} KiB`.padStart(18),
      over ? 'ACIMA' : '',
    )
  }
} finally {
  await browser?.close()
  server.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
