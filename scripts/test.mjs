#!/usr/bin/env node
/**
 * `npm test`: lint, typecheck, Vitest, then Playwright against the production build,
 * and a closing line `N passed, N failed` summed over both runners.
 * Installs Debian's Chromium, nginx (the shared cache of tests/e2e/shared-cache.spec.ts) and Java
 * (the HTML checker of the site walk) when they are missing and we run as root.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const reports = 'tests/.reports'

/** How long each part took, printed at the end (the README's table of where `npm test`'s time goes). */
const timings = []

function run(command, args, options = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  timings.push({ part: [command, ...args].join(' ').slice(0, 90), seconds: Math.round((Date.now() - started) / 1000) })
  return result.status ?? 1
}

/** The browser tests' programs from Debian: each installed when missing and we run as root, else a clear stop. */
function ensureDebianPackages() {
  const missing = [
    { name: 'Chromium', path: chromePath, pkg: 'chromium', variable: 'CHROME_PATH' },
    { name: 'nginx', path: nginxPath, pkg: 'nginx-light', variable: 'NGINX_PATH' },
    { name: 'Java', path: process.env.JAVA ?? '/usr/bin/java', pkg: 'openjdk-17-jre-headless', variable: 'JAVA' },
  ].filter((tool) => !existsSync(tool.path))
  if (missing.length === 0) return
  const packages = missing.map((tool) => tool.pkg)
  if (process.getuid?.() === 0) {
    console.log(`${missing.map((tool) => tool.name).join(' e ')} não encontrado: instalando ${packages.join(', ')} do Debian...`)
    run('apt-get', ['update', '-qq'])
    if (run('apt-get', ['install', '-y', '-qq', ...packages], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) === 0) return
  }
  for (const tool of missing)
    console.error(`${tool.name} is missing at ${tool.path}: run "sudo apt-get install -y ${tool.pkg}" (or set ${tool.variable}) and try again.`)
  process.exit(1)
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

const only = process.argv[2] // optional: unit | e2e | bench (the benches' smoke runs)
// Only the browser tests need Chromium and nginx: `npm test -- unit` runs without them.
if (only !== 'unit') ensureDebianPackages()
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

let passed = 0
let failed = 0
/** What failed, repeated after the timings: a CI log shows its end, where a failure far up would be out of sight. */
const failures = []
function fail(what) {
  failed += 1
  failures.push(what)
}
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '') ?? ''

/** Vitest's JSON report: each failed test, or a file that failed to load. */
function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, '')
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    if (tests.length === 0 && file.status === 'failed') return [`vitest ${name}: ${firstLine(file.message)}`]
    return tests.map((test) => `vitest ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
  })
}

/** Playwright's JSON report: each test that failed or passed only on a retry. */
function playwrightFailures(report) {
  const found = []
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue
        const error = test.results?.find((result) => result.error)?.error?.message
        found.push(`playwright [${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${test.status}): ${firstLine(error)}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  // The top suites are the files: their title is the file's path, already named.
  for (const file of report.suites ?? []) walk(file, [])
  return found
}

if (!only) {
  // The lint gate first: ESLint (layers, hooks, accessibility, imports) and Prettier.
  const lint = run('npm', ['run', '-s', 'lint'])
  if (lint === 0) passed += 1
  else fail('npm run lint')
  const typecheck = run('npx', ['tsc', '--noEmit'])
  if (typecheck === 0) passed += 1
  else fail('tsc --noEmit')
}

if (!only || only === 'unit') {
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`])
  const report = readJson(`${reports}/vitest.json`)
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    failures.push(...vitestFailures(report))
    if (code !== 0 && report.numFailedTests === 0 && !failures.some((line) => line.startsWith('vitest '))) fail('vitest: a suite failed to load')
  } else if (code !== 0) fail('vitest: no report')
}

if (!only || only === 'e2e') {
  const code = run('npx', ['playwright', 'test'])
  const report = readJson(`${reports}/playwright.json`)
  if (report?.stats) {
    passed += report.stats.expected
    failed += report.stats.unexpected + (report.stats.flaky ?? 0)
    failures.push(...playwrightFailures(report))
    if (code !== 0 && report.stats.unexpected === 0) fail('playwright: the web server or the config')
  } else if (code !== 0) fail('playwright: no report')
}

// Each bench at its smallest size, on the build Playwright just tested (always PGlite: the chaos drill
// restarts a PostgreSQL it is given). One fails when it measured nothing or its own checks failed.
const benchSmokes = [
  ['bench:leads', '--database', 'pglite', '--leads', '20', '--concurrency', '4'],
  // The visitor's wait is held to 10 s here, not the bench's 5 s: one smoke on a loaded 2-core CI machine waited 5.6 s
  // with 0 leads lost. 10 s still fails a reply that waits out the hanging receiver (20 s), which is what the check is for.
  ['bench:leads', '--chaos', '--database', 'pglite', '--leads', '20', '--concurrency', '4', '--reply-slack', '8000'],
  ['bench:admin', '--database', 'pglite', '--leads', '300', '--runs', '1'],
  ['bench:js'],
  // Our pages alone (CI has no build of the reference), 1 s per load: fails on a page that answered nothing or an error.
  ['bench:pages', '--no-build', '--smoke', '--duration', '1', '--warmup', '1', '--connections', '8', '--page', '/'],
  // One landing and one tool, once; no docs/bench-flows.md, no budgets: fails when a flow measured nothing.
  ['bench:flows', '--no-build', '--smoke', '--runs', '1', '--page', '/', '--flows', 'a,c'],
  // One page, one run, the devDependency's Lighthouse (no network): fails when a category has no score.
  ['lighthouse', '--smoke', '--page', '/', '--runs', '1', '--skip-reference'],
  // Its own throwaway PostgreSQL (Debian's binaries) and nginx: .ci/run installs both. A 10% tarpit keeps the drain
  // short: at 30%, two instances' e-mail lanes (8 each) took over 120 s to work off ~1,100 leads on 2 cores. The
  // clients stop at 1,000 leads, still sending at the first crash (55 s in all here). Unbounded they send until the
  // crashes and the publish are over: on `fc73021` (each result's content parsed once) they sent 2,440, which took
  // 287 s to drain and the smoke 364 s.
  ['drill:cluster', '--duration', '12', '--clients', '4', '--instances', '2', '--tarpit-rate', '0.1', '--max-leads', '1000', '--no-write'],
]
if (!only || only === 'e2e' || only === 'bench') {
  if (only === 'bench' && !existsSync(`${process.env.E2E_BUILD_DIR ?? 'build'}/server/server.js`)) run('npm', ['run', '-s', 'build'])
  for (const [script, ...args] of benchSmokes) {
    const code = run('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], {
      env: { ...process.env, REMIX_BUILD_DIR: process.env.E2E_BUILD_DIR ?? 'build' },
    })
    if (code === 0) passed += 1
    else fail(`${script} ${args.join(' ')}`)
  }
}

console.log('\nTime by part (s):')
for (const { part, seconds } of timings) console.log(`${String(seconds).padStart(6)}  ${part}`)
console.log(`${String(timings.reduce((sum, { seconds }) => sum + seconds, 0)).padStart(6)}  in all`)
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  - ${failure.slice(0, 400)}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
