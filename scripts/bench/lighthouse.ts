/**
 * `npm run lighthouse`: Lighthouse 12 (mobile preset, simulated throttling,
 * Debian's Chromium) on the content pages, one service, one case, one article
 * and each tool, against the project's budget (issue 42): performance at
 * least 95 on the calibrated phone, accessibility, best practices and SEO 100. Builds nothing: run
 * `npm run build` first. Starts the production server on a free port with its
 * own data folder, runs the pages one after another through
 * the `lighthouse` devDependency (node_modules/.bin, no network), writes
 * each JSON report to tests/.reports/lighthouse/ (git-ignored), prints the
 * scores and each page's failing audits, and exits 1 when a page is under
 * budget. Figures: docs/lighthouse.md.
 *
 * A single run's performance score moves with the machine (here by up to 15
 * points between two runs of the same build), so each page runs `--runs`
 * times (5 by default: issue 42's budgets hold on a median of 5) and the
 * run with the median performance counts, as Lighthouse's own documentation
 * advises. `--page /sobre` (repeatable) audits only those pages.
 *
 * The bare Remix reference page (scripts/bench/reference, built if it has no
 * build yet) is audited first, the same number of times: its score in the
 * same run says how much of a page's figure is the machine. It is printed,
 * not held to the budget; `--skip-reference` leaves it out.
 *
 * The phone is a device, not a multiplier (./lib/phone.ts): before each page
 * the host's Lighthouse BenchmarkIndex is measured and the page's runs slow
 * the CPU by index / 400 (Lighthouse's mobile preset assumes 4x on a host of
 * about 1,550); the index and the slowdown are printed beside the page's
 * scores, with the index Lighthouse itself measured in each run.
 * `--cpu-slowdown 4` fixes the multiplier instead (the preset as shipped).
 *
 * `--smoke` (npm test: `--smoke --page / --runs 1 --skip-reference`) does
 * not hold performance to its budget, which a loaded test machine cannot
 * judge: it fails when Lighthouse produced no report, a category has no
 * score, or accessibility, best practices or SEO (which do not depend on the
 * machine) is under 100.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { builtServer, CHROMIUM_ARGS, freePort, largestPages, MAIN_PAGES, startNodeServer, waitFor } from '../lib/bench-support'
import { presenceTestResults } from '../lib/presence-test-run'
import { CATEGORIES, CATEGORY_LABELS, formatSummaries, medianRun, summarizeReport, type LighthouseReport, type PageSummary } from './lib/lighthouse-budget'
import { calibrate, describeCalibration } from './lib/phone'

/** The devDependency's own binary: `npm ci` installs it, so a run needs no network. */
const LIGHTHOUSE = path.resolve('node_modules/.bin/lighthouse')
/**
 * Attempts per run: Lighthouse itself sometimes fails to record a page load
 * (`NO_NAVSTART`, "Please run Lighthouse again"), which says nothing about
 * the page; a failure that repeats does.
 */
const ATTEMPTS = 3
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS].join(' ')
const FIXED_PAGES = MAIN_PAGES
/** The largest page (by HTML) of each kind the sitemap lists: a service, a case, an article (issue 42: the longest case and article). */
const FROM_SITEMAP = ['/servicos/', '/casos/', '/blog/']
/** Pages kept out of search engines on purpose (a visitor's own result): SEO is held to every audit but is-crawlable. */
/** The strategy session's booking page (issue 44): private and out of search engines, like the visitor's results. */
const BOOKING_PAGE = '/agendar'
const NOINDEX_PAGES = ['/ferramentas/resultados-teste', BOOKING_PAGE]
const reportDir = path.resolve('tests/.reports/lighthouse')
const referenceDir = 'scripts/bench/reference'

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    page: { type: 'string', multiple: true },
    'skip-reference': { type: 'boolean', default: false },
    'cpu-slowdown': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
})
const runs = Number(options.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs deve ser um número inteiro positivo, não ${options.runs}`)
const fixedSlowdown = options['cpu-slowdown'] === undefined ? null : Number(options['cpu-slowdown'])
if (fixedSlowdown !== null && !(fixedSlowdown >= 1)) throw new Error(`--cpu-slowdown deve ser um número ≥ 1, não ${options['cpu-slowdown']}`)

const port = await freePort()
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'))
const server = spawn(process.execPath, [builtServer()], {
  // SITE_URL is the server's own address, so canonical links point at the audited host.
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, LOG_REQUESTS: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
// A run takes minutes: say so at once if the server stops under it (another process may end it).
server.once('exit', (code, signal) => {
  if (!finished) console.error(`\no servidor parou durante a medição (${signal ?? `código ${code}`})`)
})
let failed = false
let finished = false
try {
  if (!(await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false, 120_000)))
    throw new Error('o servidor não subiu em 2 minutos')
  const pages = options.page ?? [...FIXED_PAGES, await storedPresenceTestResults(), BOOKING_PAGE, ...(await largestPages(base, FROM_SITEMAP))]
  mkdirSync(reportDir, { recursive: true })
  const reference = options['skip-reference'] ? null : await auditReference()
  const summaries: PageSummary[] = []
  for (const page of pages) summaries.push(await auditPage(page, new URL(page, base).href))
  console.log(`\n${formatSummaries(summaries)}\n`)
  if (reference)
    console.log(
      `referência (Remix, uma rota, fora do limite: mostra o quanto do desempenho é a máquina): ${CATEGORIES.map((category) => `${CATEGORY_LABELS[category]} ${reference.scores[category] ?? '—'}`).join(', ')}\n`,
    )
  console.log(`relatórios: ${path.relative(process.cwd(), reportDir)}/`)
  if (options.smoke) {
    // The smoke: every page has its four scores (no budget: a loaded test machine cannot judge it).
    const unscored = summaries.flatMap((summary) =>
      CATEGORIES.filter((category) => typeof summary.scores[category] !== 'number').map((category) => `${summary.path}: ${CATEGORY_LABELS[category]}`),
    )
    if (summaries.length === 0) unscored.push('nenhuma página auditada')
    const under = summaries.flatMap((summary) =>
      summary.overBudget.filter((category) => category !== 'performance').map((category) => `${summary.path}: ${CATEGORY_LABELS[category]}`),
    )
    if (unscored.length > 0) console.error(`sem nota do Lighthouse: ${unscored.join('; ')}`)
    if (under.length > 0) console.error(`abaixo do limite: ${under.join('; ')}`)
    if (unscored.length + under.length === 0)
      console.log('smoke: todas as notas presentes; acessibilidade, boas práticas e SEO no limite (desempenho não verificado)')
    failed = unscored.length + under.length > 0
  } else failed = summaries.some((summary) => summary.overBudget.length > 0)
} catch (error) {
  console.error(error)
  failed = true
} finally {
  finished = true
  server.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)

/** `runs` audits of one address; the summary of the run with the median performance (the verdict only for the site's pages). */
async function auditPage(page: string, url: string, { reference = false } = {}): Promise<PageSummary> {
  const measured = await calibrate()
  const host = fixedSlowdown === null ? measured : { ...measured, cpuSlowdown: fixedSlowdown }
  process.stdout.write(`lighthouse ${page} (${describeCalibration(host)}) … `)
  const reports: LighthouseReport[] = []
  for (let run = 1; run <= runs; run++) reports.push(await runLighthouse(url, reportName(page, run), host.cpuSlowdown))
  const performances = reports.map((report) => Math.round((report.categories.performance?.score ?? 0) * 100))
  const summary = {
    ...summarizeReport(page, medianRun(reports), { noindex: NOINDEX_PAGES.some((prefix) => page.startsWith(prefix)) }),
    host: { hostIndex: host.hostIndex, cpuSlowdown: host.cpuSlowdown },
  }
  const verdict = reference ? 'fora do limite' : summary.overBudget.length === 0 ? 'ok' : `abaixo: ${summary.overBudget.join(', ')}`
  const cpu = reports.map((report) => Math.round(report.environment?.benchmarkIndex ?? 0)).join(', ')
  console.log(`${verdict} (desempenho nas ${runs} medidas: ${performances.join(', ')}; índice de CPU do Lighthouse: ${cpu})`)
  return summary
}

/** The bare Remix reference page, audited like the site's pages, on a server of its own. */
async function auditReference(): Promise<PageSummary> {
  if (!existsSync(path.join(referenceDir, 'build/server/index.js'))) {
    const build = spawnSync('node_modules/.bin/remix', ['vite:build', '--config', path.join(referenceDir, 'vite.config.ts')], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('a página de referência não compilou')
  }
  const reference = await startNodeServer({ script: path.join(referenceDir, 'server.ts'), env: { NODE_ENV: 'production' } })
  try {
    return await auditPage('referência (Remix, uma rota)', `${reference.base}/`, { reference: true })
  } finally {
    await reference.stop()
  }
}

/**
 * The presence test's results as a visitor reaches them: a stored run (the
 * bare /ferramentas/resultados-teste only sends back to the test's first question).
 */
function storedPresenceTestResults(): Promise<string> {
  const answers = [3, 2, 4, 1, 3, 2, 4, 3, 1, 2, 3, 4, 2, 3, 1, 4, 2, 3, 3, 2, 4, 1, 2, 3, 4]
  return presenceTestResults(async (page, form) => {
    const response = await fetch(new URL(page, base), { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' })
    return { status: response.status, location: response.headers.get('location') }
  }, answers)
}

/** The report's file: the page's path (`home` for /), or `referencia`, and the run. */
function reportName(page: string, run: number): string {
  return `${page === '/' ? 'home' : page.startsWith('/') ? page.slice(1).replace(/[^\w-]+/g, '_') : 'referencia'}-${run}.json`
}

/** One Lighthouse run (its default: the mobile form factor with simulated throttling); its JSON report. */
async function runLighthouse(url: string, name: string, cpuSlowdown: number): Promise<LighthouseReport> {
  const output = path.join(reportDir, name)
  const args = [
    url,
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
    '--quiet',
  ]
  for (let attempt = 1; ; attempt++) {
    const code = await new Promise<number | null>((resolve, reject) => {
      const run = spawn(LIGHTHOUSE, args, {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      run.once('error', reject)
      run.once('exit', resolve)
    })
    if (code === 0) break
    if (attempt === ATTEMPTS) throw new Error(`lighthouse saiu com ${code} em ${url}, ${ATTEMPTS} vezes seguidas`)
    process.stdout.write(`(lighthouse saiu com ${code}: medindo de novo) `)
  }
  return JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport
}
