/**
 * `npm run bench:pages`: our pages' server throughput side by side with a bare
 * Remix page (scripts/bench/reference/, same Express + compression setup), in
 * one run, with one load tool (wrk when on PATH, else autocannon), 32
 * connections, a warm-up, then a fixed duration; the reference before and
 * after each series of our pages (the mean is the yardstick: a shared
 * machine's load drifts). For each page: requests/s,
 * HTML bytes (and gzip), p50/p95 latency and the ratios to the reference
 * (requests/s, and per byte: requests/s × HTML bytes), on a cache miss
 * (PAGE_CACHE_MAX_MB=0) and a cache hit (the default page cache); what the
 * HTML is made of (scripts/bench/lib/html-composition.ts); and the JavaScript each
 * route loads up front (scripts/lib/js-weight.ts). Exits 1 when a budget
 * fails: per-byte ratio ≥ 1 on a miss, requests/s ≥ 10 × the reference's on a
 * hit, JavaScript within its budget. Figures: docs/bench-pages.md.
 *
 *   npm run bench:pages                      # builds the app and the reference, then measures (about 5 min)
 *   npm run bench:pages -- --no-build        # uses the current build/ (and the reference's, if built)
 *   npm run bench:pages -- --duration 20 --warmup 5 --connections 32
 *   npm run bench:pages -- --profile         # also profiles a cache-miss run of / (V8's CPU profiler)
 *   npm run bench:pages -- --profile --profile-page /blog
 *   npm run bench:pages -- --tool autocannon  # autocannon even where wrk is installed
 *   npm run bench:pages -- --no-build --smoke --duration 1 --warmup 1 --connections 8 --page /   # npm test's smoke
 *
 * `--page /x` (repeatable) measures those pages only. `--smoke` neither builds
 * nor measures the reference (CI has no build of it) and so holds no page to
 * the ratios against it: it fails when a page measured nothing (no request
 * answered, an error, an empty page) or the JavaScript is over its budget.
 * The bench writes no document: docs/bench-pages.md is edited by hand.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { builtServer, largestPages, startNodeServer, waitFor, type RunningServer } from '../lib/bench-support'
import { KiB, weighedPages, weighPages } from '../lib/js-weight'
import { notServerWork, summarizeCpuProfile, type CpuProfile } from './lib/cpu-profile'
import { htmlComposition, type HtmlComposition } from './lib/html-composition'
import { availableLoadTool, loadTest, type LoadResult } from './lib/load-test'

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    profile: { type: 'boolean', default: false },
    'profile-page': { type: 'string', default: '/' },
    tool: { type: 'string' },
    page: { type: 'string', multiple: true },
    smoke: { type: 'boolean', default: false },
  },
})

/**
 * The pages measured, the largest article (by HTML, `largestPages`) among them, read once from the first site
 * started and measured on every series; the reference app has one page, at /.
 */
let measured: readonly string[] | undefined
const pagesOf = async (site: RunningServer) =>
  (measured ??= args.page ?? ['/', '/sobre', '/servicos', '/blog', ...(await largestPages(site.base, ['/blog/'])), '/contato', '/ferramentas/calculadora'])
const smoke = args.smoke
const referenceDir = 'scripts/bench/reference'
/** Budgets (docs/bench-pages.md): a cache miss renders at least the reference's HTML bytes per second, a cache hit 10× its requests per second. */
const budgets = { missPerByteRatio: 1, hitRequestsRatio: 10 }

const seconds = Number(args.duration)
const warmupSeconds = Number(args.warmup)
const connections = Number(args.connections)
if (args.tool !== undefined && args.tool !== 'wrk' && args.tool !== 'autocannon') throw new Error('--tool: wrk ou autocannon')
const tool = args.tool ?? availableLoadTool()

function run(command: string, commandArgs: string[]) {
  const started = Date.now()
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr)
    throw new Error(`${command} ${commandArgs.join(' ')} falhou`)
  }
  console.log(`  ${command} ${commandArgs.join(' ')}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

/** One GET as a browser sends it (gzip accepted): the HTML, its gzip size and the page-cache header. */
function fetchPage(url: string): Promise<{ html: string; gzipBytes: number; pageCache: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const body = Buffer.concat(chunks)
        if (response.statusCode !== 200) return reject(new Error(`${url}: HTTP ${response.statusCode}`))
        const gzipped = response.headers['content-encoding'] === 'gzip'
        resolve({
          html: (gzipped ? gunzipSync(body) : body).toString('utf8'),
          gzipBytes: gzipped ? body.length : 0,
          pageCache: String(response.headers['x-page-cache'] ?? '-'),
        })
      })
    })
      .on('error', reject)
      .end()
  })
}

type PageFigures = LoadResult & { page: string; htmlBytes: number; gzipBytes: number; pageCache: string; html: string }

/** Warm-up, one sample request (sizes, cache header), then the measured load. */
async function measurePage(server: RunningServer, page: string): Promise<PageFigures> {
  const url = new URL(page, server.base).href
  await loadTest(tool, url, { connections, seconds: warmupSeconds })
  const sample = await fetchPage(url).catch(() => fetchPage(url)) // one retry: an overloaded server may drop a connection
  const load = await loadTest(tool, url, { connections, seconds })
  return { page, ...load, ...sample, htmlBytes: Buffer.byteLength(sample.html) }
}

/** What a server wrote to stderr, in short: how many errors, the first few distinct ones (stack lines left out). */
function reportStderr(who: string, stderr: string) {
  const headlines = stderr.split('\n').filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
  if (headlines.length === 0) return
  console.log(`  NOTA: ${who} escreveu ${headlines.length} linha(s) de erro em stderr, por exemplo:`)
  for (const line of [...new Set(headlines)].slice(0, 3)) console.log(`    ${line.slice(0, 160)}`)
}

/** Our production server with its own data folder; `pageCacheMb` 0 turns the page cache off. */
async function startSite(pageCacheMb: number | undefined, { nodeArgs = [], env = {} }: { nodeArgs?: string[]; env?: Record<string, string> } = {}) {
  const label = `PAGE_CACHE_MAX_MB=${pageCacheMb ?? 'padrão'}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pages-'))
  const server = await startNodeServer({
    script: builtServer(),
    nodeArgs,
    readyPath: '/healthz',
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      ...env,
      ...(pageCacheMb === undefined ? {} : { PAGE_CACHE_MAX_MB: String(pageCacheMb) }),
    },
  })
  return {
    ...server,
    stop: async () => {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
      reportStderr(`o servidor (${label})`, server.stderr())
    },
  }
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`
const ms = (value: number) => `${value.toFixed(1)} ms`
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`

type Row = { page: string; figures: PageFigures; requestsRatio: number; perByteRatio: number }

function compare(reference: PageFigures, figures: PageFigures): Row {
  const requestsRatio = figures.requestsPerSecond / reference.requestsPerSecond
  const perByteRatio = (figures.requestsPerSecond * figures.htmlBytes) / (reference.requestsPerSecond * reference.htmlBytes)
  return { page: figures.page, figures, requestsRatio, perByteRatio }
}

type Series = { reference: PageFigures; referenceRuns: PageFigures[]; rows: Row[] }

/** The smoke's verdict on one series: every page answered its requests with no error and a page that has content. */
function measuredNothing(label: string, figures: PageFigures[]): string[] {
  if (figures.length === 0) return [`${label}: nenhuma página medida`]
  return figures.flatMap(({ page, requests, requestsPerSecond, errors, htmlBytes }) => [
    ...(requests > 0 && requestsPerSecond > 0 ? [] : [`${page} ${label}: nenhuma requisição respondida`]),
    ...(errors === 0 ? [] : [`${page} ${label}: ${errors} erro(s) na carga`]),
    ...(htmlBytes > 0 ? [] : [`${page} ${label}: HTML vazio`]),
  ])
}

/** The smoke's series: our pages alone, no reference. */
async function measureSite(site: RunningServer): Promise<PageFigures[]> {
  const figures = []
  for (const page of await pagesOf(site)) figures.push(await measurePage(site, page))
  return figures
}

function printSmokeTable(title: string, figures: PageFigures[]) {
  console.log(`\n${title} (sem a referência)`)
  for (const row of figures)
    console.log(
      `  ${row.page.padEnd(26)} ${row.requestsPerSecond.toFixed(0).padStart(8)} req/s ${kib(row.htmlBytes).padStart(11)} ${ms(row.p50Ms).padStart(10)} p50 ${ms(row.p95Ms).padStart(10)} p95  X-Page-Cache ${row.pageCache}  erros ${row.errors}`,
    )
}

/**
 * The reference's page, each of ours, then the reference again: the machine's
 * load drifts during a series, so ours are compared with the reference's
 * mean requests/s (sizes and latencies from its first run).
 */
async function measureSeries(reference: RunningServer, site: RunningServer): Promise<Series> {
  const before = await measurePage(reference, '/')
  const figures = []
  for (const page of await pagesOf(site)) figures.push(await measurePage(site, page))
  const after = await measurePage(reference, '/')
  const mean = { ...before, requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2 }
  return { reference: mean, referenceRuns: [before, after], rows: figures.map((page) => compare(mean, page)) }
}

function printLoadTable(title: string, { reference, referenceRuns, rows }: Series) {
  console.log(`\n${title}`)
  const header = ['página', 'req/s', 'HTML', 'gzip', 'p50', 'p95', 'req/s ÷ ref', 'por byte ÷ ref', 'X-Page-Cache', 'erros']
  const widths = [26, 8, 11, 10, 10, 10, 12, 15, 13, 6]
  const line = (cells: string[]) => console.log(cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[index]!))).join(' '))
  line(header)
  const referenceRows = referenceRuns.map((run, index) => ({ ...compare(reference, run), page: `referência (/), ${index === 0 ? 'antes' : 'depois'}` }))
  for (const { page, figures, requestsRatio, perByteRatio } of [...referenceRows, ...rows]) {
    line([
      page,
      figures.requestsPerSecond.toFixed(0),
      kib(figures.htmlBytes),
      kib(figures.gzipBytes),
      ms(figures.p50Ms),
      ms(figures.p95Ms),
      requestsRatio.toFixed(2),
      perByteRatio.toFixed(2),
      figures.pageCache,
      String(figures.errors),
    ])
  }
}

function printComposition(page: string, { total, parts, repeatedClassBytes, topRepeatedClasses }: HtmlComposition) {
  const labels: Record<keyof HtmlComposition['parts'], string> = {
    classes: 'valores de class',
    loaderData: 'scripts: __remixContext / dados dos loaders',
    jsonLd: 'scripts: JSON-LD',
    otherScripts: 'scripts: outros inline',
    svg: '<svg>',
    styles: '<style> e style=""',
    noscript: '<noscript>',
    rest: 'resto (marcação e texto)',
  }
  console.log(`\n${page}: ${kib(total)} de HTML`)
  for (const [part, label] of Object.entries(labels) as Array<[keyof typeof labels, string]>) {
    console.log(`  ${label.padEnd(44)} ${kib(parts[part]).padStart(10)} ${percent(parts[part], total).padStart(6)}`)
  }
  console.log(`  ${'  dos quais classes repetidas'.padEnd(44)} ${kib(repeatedClassBytes).padStart(10)} ${percent(repeatedClassBytes, total).padStart(6)}`)
  for (const { value, count, bytes } of topRepeatedClasses) {
    console.log(`    ${kib(bytes).padStart(9)} ${`${count}×`.padStart(5)}  ${value.length > 90 ? `${value.slice(0, 89)}…` : value}`)
  }
}

/** Profiles the cache-miss load of `page` (after its warm-up) and prints where the time goes. */
async function profileMiss(page: string) {
  const file = path.resolve('.cache/bench-pages', `sem-cache${page.replaceAll(/[^a-z0-9]+/gi, '-')}-${Date.now()}.cpuprofile`)
  mkdirSync(path.dirname(file), { recursive: true })
  const site = await startSite(0, { nodeArgs: ['--import', './scripts/bench/cpu-profile-on-signal.ts'], env: { BENCH_CPU_PROFILE: file } })
  try {
    const url = new URL(page, site.base).href
    await loadTest(tool, url, { connections, seconds: warmupSeconds })
    site.signal('SIGUSR2')
    await loadTest(tool, url, { connections, seconds })
    site.signal('SIGUSR2')
    if (!(await waitFor(async () => existsSync(file), 30_000))) throw new Error('o perfil de CPU não foi gravado')
  } finally {
    await site.stop()
  }
  const summary = summarizeCpuProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile)
  const busy = summary.groups.filter((group) => !notServerWork.has(group.name)).reduce((sum, group) => sum + group.micros, 0)
  console.log(`\nPerfil de CPU, ${page} sem cache, ${seconds} s de carga (${path.relative('.', file)}; abra no DevTools do Chromium)`)
  console.log(`  tempo do servidor ${(busy / 1e6).toFixed(1)} s de ${(summary.totalMicros / 1e6).toFixed(1)} s (fora: ocioso e o próprio profiler)`)
  for (const { name, micros } of summary.groups.filter((group) => !notServerWork.has(group.name))) {
    console.log(`  ${name.padEnd(40)} ${percent(micros, busy).padStart(6)}`)
  }
  console.log('  funções com mais tempo próprio:')
  for (const { name, location, group, micros } of summary.functions.filter((entry) => !notServerWork.has(entry.group)).slice(0, 20)) {
    console.log(`  ${percent(micros, busy).padStart(6)}  ${name.slice(0, 32).padEnd(32)} ${location.slice(0, 64).padEnd(64)} ${group}`)
  }
}

/** The machine and how busy it is: other processes skew every figure of a run. */
const machineLoad = () =>
  `carga média (1 min) ${loadavg()[0]!.toFixed(1)} em ${availableParallelism()} núcleos (${cpus()[0]?.model ?? '?'}), Node ${process.version}`

console.log(`bench:pages: ${tool}, ${connections} conexões, ${warmupSeconds} s de aquecimento, ${seconds} s por medida; ${machineLoad()}`)
if (!args['no-build']) run('npm', ['run', '-s', 'build'])
if (!smoke && (!args['no-build'] || !existsSync(path.join(referenceDir, 'build/server/index.js'))))
  run('node_modules/.bin/remix', ['vite:build', '--config', path.join(referenceDir, 'vite.config.ts')])

const failures: string[] = []
if (smoke) {
  // Our pages alone, at the size given: empty measures and the JavaScript budget fail, nothing else.
  for (const [label, pageCacheMb] of [
    ['sem cache', 0],
    ['com cache', undefined],
  ] as const) {
    const site = await startSite(pageCacheMb)
    try {
      const figures = await measureSite(site)
      printSmokeTable(label, figures)
      failures.push(...measuredNothing(label, figures))
      if (pageCacheMb === 0) {
        const weights = await weighPages(
          weighedPages,
          async (page) => (await fetch(new URL(page, site.base))).text(),
          async (src) => new Uint8Array(await (await fetch(new URL(src, site.base))).arrayBuffer()),
        )
        if (weights.length === 0) failures.push('nenhuma página com JavaScript pesado')
        for (const { path: page, budget, total } of weights) if (total > budget) failures.push(`${page}: JavaScript ${kib(total)} (limite ${kib(budget)})`)
      }
    } finally {
      await site.stop()
    }
  }
  console.log(
    failures.length === 0
      ? '\nsmoke: cada página mediu algo (sem a referência, razões não verificadas).'
      : `\nFalhas (${failures.length}):\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
  )
  process.exit(failures.length === 0 ? 0 : 1)
}
const reference = await startNodeServer({ script: path.join(referenceDir, 'server.ts') })
try {
  // Cache miss: the page cache off.
  const missSite = await startSite(0)
  let compositions: Array<[string, HtmlComposition]>
  try {
    const miss = await measureSeries(reference, missSite)
    compositions = [
      ['referência (/)', htmlComposition(miss.reference.html)],
      ...miss.rows.map(({ page, figures }): [string, HtmlComposition] => [page, htmlComposition(figures.html)]),
    ]
    printLoadTable('Sem cache (PAGE_CACHE_MAX_MB=0)', miss)
    for (const { page, perByteRatio } of miss.rows) {
      if (perByteRatio < budgets.missPerByteRatio)
        failures.push(`${page} sem cache: por byte ${perByteRatio.toFixed(2)} × a referência (mínimo ${budgets.missPerByteRatio})`)
    }

    console.log('\nJavaScript carregado de início (gzip)')
    const weights = await weighPages(
      weighedPages,
      async (page) => (await fetch(new URL(page, missSite.base))).text(),
      async (src) => new Uint8Array(await (await fetch(new URL(src, missSite.base))).arrayBuffer()),
    )
    for (const { path: page, budget, total } of weights) {
      const over = total > budget
      if (over) failures.push(`${page}: JavaScript ${kib(total)} (limite ${kib(budget)})`)
      console.log(`  ${page.slice(0, 47).padEnd(48)} ${kib(total).padStart(10)} ${kib(budget).padStart(10)} ${over ? 'ACIMA' : ''}`)
    }
  } finally {
    await missSite.stop()
  }

  // Cache hit: the default page cache, warmed by the warm-up.
  const hitSite = await startSite(undefined)
  try {
    const hit = await measureSeries(reference, hitSite)
    printLoadTable('Com cache (PAGE_CACHE_MAX_MB padrão)', hit)
    const notHits = hit.rows.filter((row) => row.figures.pageCache !== 'hit').map((row) => row.page)
    if (notHits.length > 0) {
      console.log(
        `  NOTA: depois do aquecimento, X-Page-Cache não diz "hit" em ${notHits.join(', ')}: o cache de páginas não está ativo, e estes números são de páginas renderizadas.`,
      )
    }
    for (const { page, requestsRatio } of hit.rows) {
      if (requestsRatio < budgets.hitRequestsRatio)
        failures.push(`${page} com cache: ${requestsRatio.toFixed(2)} × as req/s da referência (mínimo ${budgets.hitRequestsRatio})`)
    }
  } finally {
    await hitSite.stop()
  }

  console.log('\nComposição do HTML')
  for (const [page, composition] of compositions) printComposition(page, composition)

  if (args.profile) await profileMiss(args['profile-page'])
} finally {
  await reference.stop()
  reportStderr('a referência', reference.stderr())
}

console.log(
  failures.length === 0
    ? '\nTodos os limites atendidos.'
    : `\nLimites não atendidos (${failures.length}):\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
)
process.exit(failures.length === 0 ? 0 : 1)
