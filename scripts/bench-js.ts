/**
 * `npm run bench:js`: the JavaScript each page loads up front, gzipped, against
 * the budgets (102 KiB on a content page, 136 KiB with a form, 150 KiB on a
 * tool). Builds nothing: run `npm run build` first. Starts the production
 * server on a free port with its own data folder, reads each page's HTML, and
 * sums the module scripts and modulepreloads it names (what the browser
 * fetches before the page is interactive), each gzipped at level 9.
 * Exits 1 when a page is over its budget. Figures: docs/bench-js.md.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { freePort, waitFor } from './lib/bench-support'

const KiB = 1024
const budgets = { content: 102 * KiB, form: 136 * KiB, tool: 150 * KiB } as const
const pages: Array<[string, keyof typeof budgets]> = [
  ['/', 'form'],
  ['/sobre', 'content'],
  ['/servicos', 'content'],
  ['/servicos/ia', 'content'],
  ['/casos', 'content'],
  ['/casos/quick2sell', 'content'],
  ['/termos-uso', 'content'],
  ['/contato', 'form'],
  ['/blog', 'form'],
  ['/ferramentas/calculadora', 'tool'],
  ['/ferramentas/calculadora?metrica=cac&totalCosts=1000&newCustomers=4&etapa=contato', 'tool'],
  ['/ferramentas/teste-presenca-digital', 'tool'],
  ['/ferramentas/resultados-teste', 'tool'],
  ['/criar-agente', 'tool'],
]

/** `npm run bench:js -- --files` also lists each page's scripts. */
const listFiles = process.argv.includes('--files')
const port = await freePort()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-js-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts'], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${port}`
let failed = false
try {
  if (!(await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false, 30_000))) throw new Error('o servidor não subiu')
  const sizes = new Map<string, number>()
  const gzipped = async (src: string) => {
    if (!sizes.has(src)) sizes.set(src, gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()), { level: 9 }).length)
    return sizes.get(src)!
  }
  console.log('página'.padEnd(48), 'JS (gzip)'.padStart(10), 'limite'.padStart(9))
  for (const [page, kind] of pages) {
    const html = await (await fetch(`${base}${page}`)).text()
    const sources = new Set([
      ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!),
      ...[...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!),
      ...[...html.matchAll(/import\("([^"]+\.js)"\)|import \* as route\d+ from "([^"]+\.js)"|import "([^"]+\.js)"/g)].map(
        (match) => (match[1] ?? match[2] ?? match[3])!,
      ),
    ])
    let total = 0
    for (const src of sources) total += await gzipped(src)
    if (listFiles) for (const src of sources) console.log('   ', src.padEnd(60), `${((await gzipped(src)) / KiB).toFixed(1)} KiB`)
    const over = total > budgets[kind]
    failed ||= over
    console.log(page.slice(0, 47).padEnd(48), `${(total / KiB).toFixed(1)} KiB`.padStart(10), `${budgets[kind] / KiB} KiB`.padStart(9), over ? 'ACIMA' : '')
  }
} finally {
  server.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
