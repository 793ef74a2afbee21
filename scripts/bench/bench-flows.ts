/**
 * `npm run bench:flows`: what a visitor on a mid-tier phone feels, measured
 * in Chromium with a phone's profile through the DevTools protocol (the CPU
 * slowed to a phone of Lighthouse index 400, 150 ms round trip, 1.6 Mbps
 * down, 750 kbps up, a 375 px touch screen), each flow `--runs` times (5 by
 * default), medians; the bare Remix reference page (scripts/bench/reference)
 * in the same run. Writes docs/bench-flows.md and exits 1 when a budget
 * fails (issue 42's budgets).
 *
 * The phone is a device, not a multiplier (./lib/phone.ts): before each page
 * and each flow the bench measures the host's Lighthouse BenchmarkIndex and
 * slows the CPU by index / 400 for its runs; the index and the slowdown are
 * written beside its figures. `--cpu-slowdown 4` fixes the multiplier
 * instead (the index is still measured and written).
 *
 * Flows:
 *   (a) land on each main page, the longest case and the longest article
 *       (the largest HTML of each kind in the sitemap) and wait: hydration time (navigation start to
 *       `<html data-hydrated>`), blocking time (Σ of each long task's excess
 *       over 50 ms, from navigation start to one second after hydration),
 *       longest task, LCP and CLS; the reference's page the same way;
 *   (b) the presence test on a first visit: the first answer after a 2 s
 *       pause, then four more;
 *   (c) the calculator: pick a metric, type two values, calculate;
 *   (d) the briefing's four steps forward, each after its fields are filled,
 *       and the longest task in the 2 s after the last (its validator loads there);
 *   (e) the home: a scroll at 1 s, the testimonials carousel moved at 2.5 s;
 *   (r) the reference's two steps, each a link answered by a clientLoader in
 *       the browser: the bare framework's floor for the tools' taps.
 * For every tap: the time from the tap (`pointerdown`) to its answer on
 * screen, and whether a full page load gave that answer.
 *
 * No input is given before a flow's own taps: a page that hydrates only on
 * a gesture shows here as never hydrated.
 *
 *   npm run bench:flows                  # builds the app and the reference, then measures (about 12 min)
 *   npm run bench:flows -- --no-build    # uses the current builds
 *   npm run bench:flows -- --runs 5
 *   npm run bench:flows -- --no-build --flows a,e   # some flows only
 *   npm run bench:flows -- --no-build --runs 1 --page / --flows a,c --smoke   # npm test's smoke
 *
 * `--page /x` (repeatable) lands on those pages only in (a). `--smoke` skips
 * the reference (whose build CI does not have), writes no docs/bench-flows.md
 * and holds nothing to the budgets (a loaded 2-core test machine cannot judge
 * them): it fails only when a flow measured nothing, a landing with no
 * hydration or no sample, a tap with no answer.
 */
import { execSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test'
import { builtServer, CHROMIUM_ARGS, largestPages, MAIN_PAGES, startNodeServer, type RunningServer } from '../lib/bench-support'
import { calibrate, describeCalibration, PHONE_INDEX, type Calibration } from './lib/phone'

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'cpu-slowdown': { type: 'string' },
    // Which flows to run, by letter: `--flows a,e`.
    flows: { type: 'string', default: 'a,r,b,c,d,e' },
    page: { type: 'string', multiple: true },
    smoke: { type: 'boolean', default: false },
  },
})
/** The kinds of page whose largest (by HTML) (a) lands on beside the main pages. */
const LARGEST_OF = ['/casos/', '/blog/']
const chosen = new Set(args.flows.split(',').map((flow) => flow.trim()))
const runs = Number(args.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs deve ser um número inteiro positivo, não ${args.runs}`)
const smoke = args.smoke
const fixedSlowdown = args['cpu-slowdown'] === undefined ? null : Number(args['cpu-slowdown'])
if (fixedSlowdown !== null && !(fixedSlowdown >= 1)) throw new Error(`--cpu-slowdown deve ser um número ≥ 1, não ${args['cpu-slowdown']}`)

const PHONE = { latencyMs: 150, downKbps: 1600, upKbps: 750, viewport: { width: 375, height: 740 } }
/** The phone's budgets (issue 42, ADR 035): checked here, in the bench, rather than by timed tests. */
const BUDGETS = { hydratedMs: 2000, blockingMs: 100, longestTaskMs: 100, lcpMs: 1500, cls: 0.02, firstAnswerMs: 150, laterAnswerMs: 150 }
/** The host as measured before the page or flow being run: its slowdown is the phone's (or the fixed one). */
let phone: Calibration = { hostIndex: 0, samples: [], cpuSlowdown: 4 }
async function measureHost(): Promise<Calibration> {
  const measured = await calibrate()
  phone = fixedSlowdown === null ? measured : { ...measured, cpuSlowdown: fixedSlowdown }
  return phone
}
const referenceDir = 'scripts/bench/reference'
const REPORT = 'docs/bench-flows.md'
/** The reference's tap flow: measured beside the site's, held to no budget. */
const REFERENCE_STEPS = '(r) referência (Remix): um passo por link, respondido no navegador'

/**
 * Runs in every document before its own scripts: long tasks, LCP and CLS
 * from the start, the moment React marks `<html data-hydrated>`, and each
 * tap's time (absolute, in sessionStorage, so a tap that loads a new page
 * is still known to it).
 */
const INSTRUMENTATION = `(() => {
  const bench = (window.__bench = { longTasks: [], lcp: null, cls: 0, hydratedAt: null })
  const observe = (type, callback) => { try { new PerformanceObserver((list) => list.getEntries().forEach(callback)).observe({ type, buffered: true }) } catch {} }
  observe('longtask', (entry) => bench.longTasks.push({ start: entry.startTime, duration: entry.duration }))
  observe('largest-contentful-paint', (entry) => { bench.lcp = entry.startTime })
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) bench.cls += entry.value })
  new MutationObserver(() => {
    if (bench.hydratedAt === null && document.documentElement?.dataset.hydrated) bench.hydratedAt = performance.now()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
  addEventListener('pointerdown', () => sessionStorage.setItem('benchTap', String(performance.timeOrigin + performance.now())), true)
})()`

type Landing = { hydratedMs: number | null; blockingMs: number; longestTaskMs: number; lcpMs: number | null; cls: number }
/** A tap's answer, or (`task`) the longest main-thread task in a while after a tap, held to the longest-task budget. */
type Answer = { label: string; ms: number; fullLoad: boolean; missing?: boolean; task?: boolean }

/**
 * Runs `flow` on a phone of its own (a fresh context with the phone profile
 * and the instrumentation), closed afterwards; `flow` also gets the page's
 * DevTools session, for gestures Playwright has no call for.
 */
async function onPhone<T>(browser: Browser, base: string, flow: (page: Page, devtools: CDPSession) => Promise<T>, { consent = true } = {}): Promise<T> {
  const context = await browser.newContext({ viewport: PHONE.viewport, isMobile: true, hasTouch: true, locale: 'pt-BR' })
  // The banner's own cost is in (a); the tools' flows start from a visitor who answered it, as they would on a second page.
  if (consent) await context.addCookies([{ name: 'consentimento', value: 'recusado', url: base }])
  await context.addInitScript(INSTRUMENTATION)
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown })
  await devtools.send('Network.enable')
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downKbps * 1000) / 8,
    uploadThroughput: (PHONE.upKbps * 1000) / 8,
  })
  try {
    return await flow(page, devtools)
  } finally {
    await context.close()
  }
}

/**
 * A tool's page, loaded and read for two seconds before the first tap, as a
 * visitor reads before answering. The harness's own first cost is paid here,
 * not inside the first tap: Playwright evaluates its injected script in the
 * page's main world on the first `waitForFunction` (measured in a DevTools
 * trace on the bench's phone: an `EvaluateScript` of 46 ms, no URL, between
 * the tap and its answer), which `timedTap` would otherwise add to the
 * first answer of every flow.
 */
async function openTool(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(2000)
  await page.waitForFunction(() => true, null, { polling: 'raf' })
}

/** (a) Loads `url` with no input, waits for hydration (up to `waitMs`) and one more second, and reads the page's figures. */
function land(browser: Browser, url: string, waitMs = 12_000): Promise<Landing> {
  return onPhone(
    browser,
    new URL(url).origin,
    async (page) => {
      await page.goto(url, { waitUntil: 'load' })
      await page
        .waitForFunction(() => (window as unknown as { __bench: { hydratedAt: number | null } }).__bench.hydratedAt !== null, null, { timeout: waitMs })
        .catch(() => null)
      await page.waitForTimeout(1000)
      return await page.evaluate(() => {
        const bench = (
          window as unknown as { __bench: { longTasks: { start: number; duration: number }[]; lcp: number | null; cls: number; hydratedAt: number | null } }
        ).__bench
        const until = (bench.hydratedAt ?? performance.now()) + 1000
        const tasks = bench.longTasks.filter((task) => task.start < until)
        return {
          hydratedMs: bench.hydratedAt,
          blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
          longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
          lcpMs: bench.lcp,
          cls: bench.cls,
        }
      })
    },
    { consent: false },
  )
}

/** How long a tap's target rests on screen before the tap (timedTap), but in (e), whose tap comes as early as it can. */
const SETTLE_MS = 1000

/**
 * Set in the page before a tap (timedTap): marks the document, then records
 * the first animation frame after a DOM change in which `selector` shows
 * `text`. A string, as INSTRUMENTATION is, so the bundler's helpers stay out
 * of the page.
 */
const WATCH_ANSWER = `({ marker, selector, text }) => {
  window.__benchDocument = marker
  window.__benchAnswer = null
  const shown = () => [...document.querySelectorAll(selector)].some((element) => element.getClientRects().length > 0 && element.innerText.includes(text))
  let frame = null
  const observer = new MutationObserver(() => {
    frame ??= requestAnimationFrame(() => {
      frame = null
      if (!shown()) return
      window.__benchAnswer = performance.timeOrigin + performance.now()
      observer.disconnect()
    })
  })
  observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true })
}`

/**
 * One tap on `target` and its answer, which is on screen when an
 * element matching `selector` is rendered and shows `text` (any text when
 * empty). Timed in the page from the tap's pointerdown to the first frame
 * whose DOM shows the answer: a MutationObserver, set before the tap, checks
 * in the next animation frame after each change to the DOM, so frames in
 * which nothing changed run no check. (Checking every frame, as this bench
 * did until `127ad6e`'s figures, read `innerText` of every matching element
 * in each frame of the slowed page: on the same build it added about 100 ms
 * to the briefing's first step, whose selector matches the page's spans.)
 * When the tap loaded a new document, the answer was on screen at that
 * document's first contentful paint.
 */
async function timedTap(
  page: Page,
  label: string,
  target: Locator,
  selector: string,
  text: string,
  { settleMs = SETTLE_MS }: { settleMs?: number } = {},
): Promise<Answer> {
  // A visitor taps what is on screen: the scroll that brought it there, and what the scroll sets off
  // (the header's colour change as the page leaves its top, a 200 ms transition), come before the tap, not in its answer.
  await target.scrollIntoViewIfNeeded()
  await page.waitForTimeout(settleMs)
  const marker = randomBytes(6).toString('hex')
  await page.evaluate(`(${WATCH_ANSWER})(${JSON.stringify({ marker, selector, text })})`)
  await target.tap()
  let shownAt: number | null = null
  let sameDocument = true
  try {
    const handle = await page.waitForFunction(() => (window as unknown as { __benchAnswer: number | null }).__benchAnswer ?? false, null, {
      polling: 50,
      timeout: 20_000,
    })
    shownAt = (await handle.jsonValue()) as number
  } catch (error) {
    // The tap loaded a new document under the wait: its answer is that document's first paint.
    if (!/context was destroyed|navigat/i.test(String(error))) throw error
    sameDocument = false
  }
  sameDocument &&= await page.evaluate((value) => (window as unknown as { __benchDocument?: string }).__benchDocument === value, marker)
  if (!sameDocument) {
    await page.waitForLoadState('load')
    await page.waitForFunction(
      ({ selector, text }) => [...document.querySelectorAll<HTMLElement>(selector)].some((element) => element.innerText.includes(text)),
      { selector, text },
      { timeout: 20_000 },
    )
    shownAt = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now()))
  }
  const tappedAt = await page.evaluate(() => Number(sessionStorage.getItem('benchTap')))
  return { label, ms: Math.max(0, shownAt! - tappedAt), fullLoad: !sameDocument }
}

/** (b) The presence test on a first visit: a 2 s pause, then five answers. */
function presenceTest(browser: Browser, base: string): Promise<Answer[]> {
  return onPhone(browser, base, async (page) => {
    await openTool(page, `${base}/ferramentas/teste-presenca-digital`)
    const answers: Answer[] = []
    for (let step = 1; step <= 5; step++) {
      await page.locator('input[name="resposta"][value="3"]').check({ force: true })
      answers.push(await timedTap(page, `resposta ${step}`, page.getByRole('button', { name: 'Próximo' }), 'span', `Etapa ${step + 1} de 25`))
    }
    return answers
  })
}

/** (c) The calculator: a metric, two values, Calcular. */
function calculator(browser: Browser, base: string): Promise<Answer[]> {
  return onPhone(browser, base, async (page) => {
    await openTool(page, `${base}/ferramentas/calculadora`)
    const pick = await timedTap(page, 'métrica', page.getByRole('link', { name: /CAC/ }), 'label', 'Novos clientes no período')
    await page.getByLabel('Custos totais de marketing e vendas (R$)').fill('10000')
    await page.getByLabel('Novos clientes no período').fill('30')
    const result = await timedTap(page, 'Calcular', page.getByRole('button', { name: 'Calcular' }), '#calculadora-etapa', 'Seu resultado')
    return [pick, result]
  })
}

/** (d) The briefing's four steps forward, each after its fields are filled (the last one brings the contact fields). */
function briefing(browser: Browser, base: string): Promise<Answer[]> {
  return onPhone(browser, base, async (page) => {
    await openTool(page, `${base}/criar-agente`)
    const next = page.getByRole('button', { name: 'Próximo' })
    const step = (from: number) => timedTap(page, `etapa ${from} → ${from + 1}`, next, 'span', `Etapa ${from + 1} de 5`)
    await page.getByLabel('Nome da empresa').fill('Clínica Sorriso Lisboa')
    await page.getByLabel('Tipo de negócio').selectOption('saude')
    const answers = [await step(1)]
    await page.getByLabel('Principal função do agente').selectOption('agendamento')
    await page.getByLabel('Principais objetivos').fill('Marcar consultas pelo WhatsApp sem fila de espera.')
    await page.getByLabel('Público-alvo').fill('Pacientes adultos de Lisboa e arredores.')
    answers.push(await step(2))
    await page.getByLabel('WhatsApp', { exact: true }).check()
    await page.getByLabel('Tom de voz').selectOption({ index: 1 })
    answers.push(await step(3))
    await page.getByLabel('Funcionalidades específicas').fill('Confirmar consultas na véspera e remarcar faltas.')
    answers.push(await step(4))
    // The last step loads the wizard's validator (ADR 028): its evaluation comes after the answer, so it is read here.
    answers.push(await longestTaskAfterAnswer(page, AFTER_LAST_STEP_MS, `tarefa mais longa nos ${AFTER_LAST_STEP_MS / 1000} s após mostrar a etapa 5`))
    return answers
  })
}

/** How long (d) watches the main thread after its last answer. */
const AFTER_LAST_STEP_MS = 2000

/**
 * Waits `ms` after the last tap's answer, then reads the longest task that started once the answer was on
 * screen (0 when none reached 50 ms). The tap's own task is not one of them: its answer's figure holds it.
 */
async function longestTaskAfterAnswer(page: Page, ms: number, label: string): Promise<Answer> {
  await page.waitForTimeout(ms)
  const longest = await page.evaluate(() => {
    const answer = (window as unknown as { __benchAnswer?: number | null }).__benchAnswer
    // No answer in this document (a full page load gave it): nothing to count from, and no 0 that reads as a pass.
    if (typeof answer !== 'number') return null
    const tasks = (window as unknown as { __bench: { longTasks: { start: number; duration: number }[] } }).__bench.longTasks
    return Math.max(0, ...tasks.filter((task) => task.start >= answer - performance.timeOrigin).map((task) => task.duration))
  })
  if (longest === null) throw new Error(`${label}: a etapa não foi mostrada nesta página, não há de onde contar`)
  return { label, ms: longest, fullLoad: false, task: true }
}

/** (r) The reference's steps (scripts/bench/reference/app/routes/passos.tsx): the bare framework's cost of a step answered in the page. */
function referenceSteps(browser: Browser, base: string): Promise<Answer[]> {
  return onPhone(browser, base, async (page) => {
    await openTool(page, `${base}/passos`)
    const answers: Answer[] = []
    for (const step of [2, 3]) {
      answers.push(await timedTap(page, `passo ${step - 1} → ${step}`, page.getByRole('link', { name: 'Próximo' }), 'span', `Passo ${step} de 3`))
    }
    return answers
  })
}

/** How long the carousel's buttons took to exist once it was in view: a wait, not an answer to a tap (writeReport). */
const CAROUSEL_WAIT = 'botão do carrossel, esperado com ele à vista'

/** (e) The home: a scroll at 1 s, the carousel's next slide at 2.5 s (its button exists once React runs). */
function home(browser: Browser, base: string): Promise<Answer[]> {
  return onPhone(browser, base, async (page, devtools) => {
    const started = Date.now()
    await page.goto(`${base}/`, { waitUntil: 'commit' })
    await page.waitForTimeout(Math.max(0, 1000 - (Date.now() - started)))
    // Nobody scrolls a page that is not on screen yet: at 1 s, or at the first paint if later.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 'raf' })
    // A scroll gesture (headless Chromium synthesizes no touch scroll; the page sees the same scroll events).
    await devtools.send('Input.synthesizeScrollGesture', { x: 180, y: 500, yDistance: -700, gestureSourceType: 'mouse', speed: 1200 })
    if ((await page.evaluate(() => window.scrollY)) === 0) throw new Error('a rolagem não rolou a página')
    await page.waitForTimeout(Math.max(0, 2500 - (Date.now() - started)))
    const carousel = page.getByRole('region', { name: 'O que Dizem Sobre Nós' })
    const next = carousel.getByRole('button', { name: 'Próximo' })
    // The visitor reaches the reviews (the slider loads when they come into view).
    await carousel.scrollIntoViewIfNeeded()
    const waitedFrom = Date.now()
    const appeared = await next.waitFor({ state: 'visible', timeout: 20_000 }).then(
      () => true,
      () => false,
    )
    const waited = Date.now() - waitedFrom
    // A page that never runs its modules has no carousel buttons: the wait is the whole answer.
    if (!appeared) return [{ label: CAROUSEL_WAIT, ms: waited, fullLoad: false, missing: true }]
    // Moved: the carousel's Anterior button is enabled (it is disabled on the first slide). Tapped as soon as it is
    // there, the page still loading: what this flow is for (the page left its top at 1 s, so no header change is in it).
    const moved = await timedTap(page, 'carrossel', next, 'button:not([disabled])', 'Anterior', { settleMs: 0 })
    return [{ label: CAROUSEL_WAIT, ms: waited, fullLoad: false }, moved]
  })
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The median of each figure over runs; a page that never hydrated in a run counts as not hydrated. */
function medianLanding(samples: Landing[]): Landing & { hydratedRuns: number } {
  const hydrated = samples.map((sample) => sample.hydratedMs).filter((value): value is number => value !== null)
  const lcps = samples.map((sample) => sample.lcpMs).filter((value): value is number => value !== null)
  return {
    hydratedMs: hydrated.length === samples.length ? median(hydrated) : null,
    hydratedRuns: hydrated.length,
    blockingMs: median(samples.map((sample) => sample.blockingMs)),
    longestTaskMs: median(samples.map((sample) => sample.longestTaskMs)),
    lcpMs: lcps.length ? median(lcps) : null,
    cls: median(samples.map((sample) => sample.cls)),
  }
}

function medianAnswers(samples: Answer[][]): Array<Answer & { fullLoads: number; all: number[] }> {
  const labels = [...new Set(samples.flat().map((answer) => answer.label))]
  return labels.map((label) => {
    const same = samples.map((run) => run.find((answer) => answer.label === label)).filter((answer): answer is Answer => answer !== undefined)
    return {
      label,
      ms: median(same.map((item) => item.ms)),
      fullLoad: same.some((item) => item.fullLoad),
      missing: same.some((item) => item.missing),
      task: same.some((item) => item.task),
      fullLoads: same.filter((item) => item.fullLoad).length,
      all: same.map((item) => item.ms),
    }
  })
}

const msText = (value: number | null) => (value === null ? 'não hidratou' : `${Math.round(value).toLocaleString('pt-BR')} ms`)
const mark = (ok: boolean) => (ok ? 'ok' : '**acima**')
const hostText = (host: Calibration) => `${host.hostIndex.toLocaleString('pt-BR')} → ${host.cpuSlowdown.toLocaleString('pt-BR')}×`

async function main() {
  if (!args['no-build']) {
    for (const [label, command] of [
      ['o site', ['run', 'build']],
      ['a referência', ['exec', '--', 'remix', 'vite:build', '--config', path.join(referenceDir, 'vite.config.ts')]],
    ] as const) {
      console.log(`compilando ${label}…`)
      if (spawnSync('npm', command, { stdio: 'inherit' }).status !== 0) throw new Error(`${label} não compilou`)
    }
  } else if (!smoke && !existsSync(path.join(referenceDir, 'build/server/index.js'))) throw new Error('a referência não tem build: rode sem --no-build')

  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-flows-'))
  const servers: RunningServer[] = []
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  })
  const loadBefore = loadavg()
  try {
    const site = await startNodeServer({
      script: builtServer(),
      readyPath: '/healthz',
      env: { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_REQUESTS: 'false', SESSION_SECRET: randomBytes(24).toString('hex'), LEAD_MIN_FILL_MS: '0' },
    })
    servers.push(site)
    const reference = smoke ? null : await startNodeServer({ script: path.join(referenceDir, 'server.ts'), env: { NODE_ENV: 'production' } })
    if (reference) servers.push(reference)
    // The main pages, the longest case and the longest article (issue 42), unless `--page` names others.
    const landingPages = args.page ?? [...MAIN_PAGES, ...(await largestPages(site.base, LARGEST_OF))]
    // Warm both servers' caches: the bench measures the browser, not a first render.
    for (const page of landingPages) await fetch(`${site.base}${page}`).then((response) => response.arrayBuffer())
    if (reference) await fetch(`${reference.base}/`).then((response) => response.arrayBuffer())

    const landings: Array<{ page: string; figures: ReturnType<typeof medianLanding>; host: Calibration }> = []
    for (const [page, url] of chosen.has('a')
      ? ([
          ...(reference ? [['referência (Remix, uma rota)', `${reference.base}/`] as const] : []),
          ...landingPages.map((page) => [page, `${site.base}${page}`] as const),
        ] as const)
      : []) {
      const host = await measureHost()
      const samples: Landing[] = []
      for (let run = 0; run < runs; run++) samples.push(await land(browser, url))
      landings.push({ page, figures: medianLanding(samples), host })
      console.log(`(a) ${page}: hidratada em ${msText(landings.at(-1)!.figures.hydratedMs)} (${describeCalibration(host)})`)
    }
    const flows: Array<{ name: string; answers: ReturnType<typeof medianAnswers>; host: Calibration }> = []
    for (const [name, flow, base] of (
      [
        ...(reference ? [[REFERENCE_STEPS, referenceSteps, reference.base] as const] : []),
        ['(b) teste de presença, primeira visita', presenceTest, site.base],
        ['(c) calculadora', calculator, site.base],
        ['(d) briefing do agente', briefing, site.base],
        ['(e) home: rolar em 1 s, carrossel em 2,5 s', home, site.base],
      ] as const
    ).filter(([name]) => chosen.has(name[1]!))) {
      const host = await measureHost()
      const samples: Answer[][] = []
      for (let run = 0; run < runs; run++) samples.push(await flow(browser, base))
      flows.push({ name, answers: medianAnswers(samples), host })
      console.log(
        `${name} (${describeCalibration(host)}): ${flows
          .at(-1)!
          .answers.map((answer) => `${answer.label} ${msText(answer.ms)}${answer.fullLoad ? ' (página inteira)' : ''}`)
          .join('; ')}`,
      )
    }
    if (smoke) {
      const empty = nothingMeasured(landings, flows)
      console.log(empty.length ? `\nnada medido: ${empty.join('; ')}` : '\nsmoke: cada fluxo mediu algo (limites não verificados, relatório não escrito)')
      process.exitCode = empty.length ? 1 : 0
      return
    }
    const failures = writeReport(landings, flows, { loadBefore, loadAfter: loadavg() })
    console.log(`\nresultado em ${REPORT}${failures.length ? `\nacima do limite: ${failures.join('; ')}` : '\ntodos os limites atendidos'}`)
    process.exitCode = failures.length ? 1 : 0
  } finally {
    await browser.close()
    for (const server of servers) await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The smoke's verdict: what measured nothing (a chosen flow with no sample, a landing never hydrated, a tap never answered). */
function nothingMeasured(
  landings: Array<{ page: string; figures: ReturnType<typeof medianLanding>; host: Calibration }>,
  flows: Array<{ name: string; answers: ReturnType<typeof medianAnswers>; host: Calibration }>,
): string[] {
  const empty: string[] = []
  if (chosen.has('a') && landings.length === 0) empty.push('(a) nenhuma página medida')
  for (const { page, figures, host } of landings) {
    if (!(host.hostIndex > 0)) empty.push(`(a) ${page}: índice do host não medido`)
    if (figures.hydratedMs === null) empty.push(`(a) ${page}: não hidratou`)
    if (figures.lcpMs === null) empty.push(`(a) ${page}: sem LCP`)
  }
  const tapFlows = [...chosen].filter((flow) => 'bcde'.includes(flow) && flow.length === 1)
  if (flows.length < tapFlows.length) empty.push(`fluxos pedidos ${tapFlows.join(',')}, medidos ${flows.length}`)
  for (const { name, answers } of flows) {
    if (answers.length === 0) empty.push(`${name}: nenhum toque medido`)
    for (const answer of answers) if (answer.missing || !Number.isFinite(answer.ms)) empty.push(`${name}: ${answer.label} sem resposta`)
  }
  return empty
}

function writeReport(
  landings: Array<{ page: string; figures: ReturnType<typeof medianLanding>; host: Calibration }>,
  flows: Array<{ name: string; answers: ReturnType<typeof medianAnswers>; host: Calibration }>,
  { loadBefore, loadAfter }: { loadBefore: number[]; loadAfter: number[] },
): string[] {
  const failures: string[] = []
  const landingRows = landings.map(({ page, figures, host }, index) => {
    const isReference = index === 0
    const checks = [
      figures.hydratedMs !== null && figures.hydratedMs <= BUDGETS.hydratedMs,
      figures.blockingMs <= BUDGETS.blockingMs,
      figures.longestTaskMs <= BUDGETS.longestTaskMs,
      figures.lcpMs !== null && figures.lcpMs <= BUDGETS.lcpMs,
      figures.cls <= BUDGETS.cls,
    ]
    if (!isReference && checks.includes(false)) failures.push(`(a) ${page} (índice ${hostText(host)})`)
    return `| ${page} | ${msText(figures.hydratedMs)}${figures.hydratedRuns < runs ? ` (${figures.hydratedRuns} de ${runs})` : ''} | ${msText(figures.blockingMs)} | ${msText(figures.longestTaskMs)} | ${figures.lcpMs === null ? '—' : msText(figures.lcpMs)} | ${figures.cls.toFixed(3)} | ${hostText(host)} | ${isReference ? 'referência' : mark(!checks.includes(false))} |`
  })
  const flowSections = flows.map(({ name, answers, host }) => {
    const rows = answers.map((answer, index) => {
      // The carousel's wait is how long the button took to exist, not an answer to a tap (a failure if it never did).
      const isWait = answer.label === CAROUSEL_WAIT && !answer.missing
      const budget = answer.task ? BUDGETS.longestTaskMs : index === 0 || name.startsWith('(e)') ? BUDGETS.firstAnswerMs : BUDGETS.laterAnswerMs
      const isReference = name === REFERENCE_STEPS
      const ok = isWait || isReference || (answer.ms <= budget && !answer.fullLoad)
      if (!ok) failures.push(`${name}: ${answer.label} (índice ${hostText(host)})`)
      return `| ${answer.label}${answer.missing ? ' (não apareceu)' : ''} | ${msText(answer.ms)} | ${answer.all.map((value) => Math.round(value)).join(', ')} | ${answer.fullLoads ? `sim (${answer.fullLoads} de ${runs})` : 'não'} | ${hostText(host)} | ${isWait || isReference ? '—' : `${budget} ms`} | ${isReference ? 'referência' : isWait ? '—' : mark(ok)} |`
    })
    return [
      `### ${name}`,
      '',
      `${describeCalibration(host)}.`,
      '',
      '| toque | mediana | medidas (ms) | página inteira? | índice do host → CPU | limite | |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n')
  })
  const cpu = cpus()[0]?.model ?? 'desconhecida'
  // Every figure's host index and slowdown are beside it; this line gives their range at a glance.
  const hosts = [...landings, ...flows].map(({ host }) => host).sort((a, b) => a.hostIndex - b.hostIndex)
  const hostRange = hosts.length ? `${hostText(hosts[0]!)} to ${hostText(hosts[hosts.length - 1]!)}` : '—'
  writeFileSync(
    REPORT,
    [
      '# Flows bench (`npm run bench:flows`)',
      '',
      'What a visitor on a mid-tier phone feels: Chromium with a phone profile through the DevTools protocol',
      `(${fixedSlowdown === null ? `CPU slowed to a phone of Lighthouse BenchmarkIndex ${PHONE_INDEX}: host index / ${PHONE_INDEX}, measured before each page and flow and written beside it` : `CPU ${fixedSlowdown}× slower, fixed by --cpu-slowdown`},`,
      `${PHONE.latencyMs} ms round trip, ${PHONE.downKbps / 1000} Mbps down, ${PHONE.upKbps} kbps up, 375 px touch screen),`,
      `medians of ${runs} runs, generated by scripts/bench/bench-flows.ts (which says how each figure is taken). No input is given`,
      'before a flow’s own taps. Blocking = Σ (long task − 50 ms) from navigation start to one second after hydration.',
      '',
      `Measured on commit \`${execSync('git rev-parse --short HEAD').toString().trim()}\`${execSync('git status --porcelain -- app db').toString().trim() ? ' (with uncommitted changes in app/ or db/)' : ''}.`,
      '',
      `Machine: ${availableParallelism()} cores (${cpu}); load average ${loadBefore.map((value) => value.toFixed(2)).join(' / ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' / ')} after. Date: ${new Date().toISOString().slice(0, 10)}.`,
      '',
      `Host's Lighthouse BenchmarkIndex → CPU slowdown in this run: ${hostRange} (each page's and flow's beside its figures).`,
      '',
      `Budgets: hydrated ≤ ${BUDGETS.hydratedMs} ms, blocking ≤ ${BUDGETS.blockingMs} ms, longest task ≤ ${BUDGETS.longestTaskMs} ms, LCP ≤ ${BUDGETS.lcpMs} ms, CLS ≤ ${BUDGETS.cls};`,
      `a tool’s first answer ≤ ${BUDGETS.firstAnswerMs} ms and later ones ≤ ${BUDGETS.laterAnswerMs} ms, never by a full page load;`,
      `in (d), the longest task in the ${AFTER_LAST_STEP_MS / 1000} s after the last step is shown (its validator loads there; the tap’s own task is in its answer) ≤ ${BUDGETS.longestTaskMs} ms.`,
      '',
      '## (a) Landing on each page, no input',
      '',
      '| página | hidratada | bloqueio | tarefa mais longa | LCP | CLS | índice do host → CPU | limites |',
      '|---|---|---|---|---|---|---|---|',
      ...landingRows,
      '',
      '## Taps',
      '',
      ...flowSections.flatMap((section) => [section, '']),
      failures.length ? `**Over budget:** ${failures.join('; ')}.` : '**Every budget met.**',
      '',
    ].join('\n'),
  )
  return failures
}

await main()
