#!/usr/bin/env node
/**
 * `npm test`: lint, typecheck, Vitest, then Playwright against the production build,
 * and a closing line `N passed, N failed` summed over both runners.
 * Installs Debian's Chromium when it is missing and we run as root.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const reports = 'tests/.reports'

function run(command, args, options = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  return result.status ?? 1
}

function ensureChromium() {
  if (existsSync(chromePath)) return
  if (process.getuid?.() === 0) {
    console.log('Chromium não encontrado: instalando o pacote chromium do Debian...')
    run('apt-get', ['update', '-qq'])
    if (run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) === 0) return
  }
  console.error(`Chromium is missing at ${chromePath}: run "sudo apt-get install -y chromium" (or set CHROME_PATH) and try again.`)
  process.exit(1)
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

const only = process.argv[2] // optional: unit | e2e
// Only the browser tests need Chromium: `npm test -- unit` runs without it.
if (only !== 'unit') ensureChromium()
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

let passed = 0
let failed = 0

if (!only) {
  // The lint gate first: ESLint (layers, hooks, accessibility, imports) and Prettier.
  const lint = run('npm', ['run', '-s', 'lint'])
  if (lint === 0) passed += 1
  else failed += 1
  const typecheck = run('npx', ['tsc', '--noEmit'])
  if (typecheck === 0) passed += 1
  else failed += 1
}

if (!only || only === 'unit') {
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`])
  const report = readJson(`${reports}/vitest.json`)
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    if (code !== 0 && report.numFailedTests === 0) failed += 1 // a suite that failed to load
  } else if (code !== 0) failed += 1
}

if (!only || only === 'e2e') {
  const code = run('npx', ['playwright', 'test'])
  const report = readJson(`${reports}/playwright.json`)
  if (report?.stats) {
    passed += report.stats.expected
    failed += report.stats.unexpected + (report.stats.flaky ?? 0)
    if (code !== 0 && report.stats.unexpected === 0) failed += 1 // the web server or config failed
  } else if (code !== 0) failed += 1
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
