/**
 * Small helpers the benches share (scripts/bench/bench-leads.ts, the chaos drill in
 * scripts/bench/lib/chaos-drill.ts, scripts/bench/bench-pages.ts).
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

/** The built server (`npm run build`) of a build folder: what `npm start` runs with plain node (ADR 041). */
export function builtServer(buildDir: string = process.env.REMIX_BUILD_DIR ?? 'build'): string {
  return path.join(buildDir, 'server/server.js')
}

/** The p-th percentile of an ascending list (0 when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Polls `check` every 250 ms until it is true or `timeoutMs` has passed; the last answer. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return check()
}

/**
 * Polls `remaining` every 250 ms until it is 0: a backlog being worked off. Gives up when it has not gone down for
 * `stallMs`, or after `capMs` in all; true when it reached 0.
 */
export async function waitWhileProgressing(remaining: () => Promise<number>, { stallMs, capMs }: { stallMs: number; capMs: number }): Promise<boolean> {
  const started = Date.now()
  let lowest = Number.POSITIVE_INFINITY
  let lastProgress = started
  while (Date.now() - started < capMs && Date.now() - lastProgress < stallMs) {
    const left = await remaining()
    if (left === 0) return true
    if (left < lowest) [lowest, lastProgress] = [left, Date.now()]
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return (await remaining()) === 0
}

export type RunningServer = {
  base: string
  signal: (name: NodeJS.Signals) => void
  stop: () => Promise<void>
  /** What the server wrote to stderr so far (a long run keeps the first 64 KiB). */
  stderr: () => string
}

/**
 * Starts `node [nodeArgs] <script>` (with `--import tsx` for a TypeScript
 * script) on a free port (PORT in its environment, SITE_URL its address unless
 * given) and resolves once `readyPath` answers 2xx (within 2 minutes:
 * a busy machine starts slowly). `stop` sends SIGTERM and waits for the
 * process to leave (SIGKILL after 15 s). Its stderr is kept, not printed.
 */
export async function startNodeServer({
  script,
  env = {},
  nodeArgs = [],
  readyPath = '/',
}: {
  script: string
  env?: Record<string, string>
  nodeArgs?: string[]
  readyPath?: string
}): Promise<RunningServer> {
  const port = await freePort()
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : []
  const child = spawn(process.execPath, [...loader, ...nodeArgs, script], {
    env: { ...process.env, SITE_URL: `http://127.0.0.1:${port}`, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 64 * 1024) stderr += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(force)
  }
  const base = `http://127.0.0.1:${port}`
  const up = await waitFor(async () => child.exitCode !== null || ((await fetch(new URL(readyPath, base)).catch(() => null))?.ok ?? false), 120_000)
  if (!up || child.exitCode !== null) {
    await stop()
    throw new Error(`${script} não subiu na porta ${port}:\n${stderr}`)
  }
  return { base, signal: (name) => child.kill(name), stop, stderr: () => stderr }
}

/** The site's main pages, which the benches measure (Lighthouse, the flows bench), with the largest case and article (`largestPages`). */
export const MAIN_PAGES: readonly string[] = [
  '/',
  '/sobre',
  '/servicos',
  '/casos',
  '/contato',
  '/blog',
  '/ferramentas/calculadora',
  '/ferramentas/teste-presenca-digital',
  '/criar-agente',
]

/**
 * For each prefix (`/casos/`, `/blog/`), the page under it whose HTML is the
 * largest, among those the sitemap lists: issue 42 holds the budgets on the
 * longest case and the longest article, and content decides which those are.
 */
export async function largestPages(base: string, prefixes: readonly string[]): Promise<string[]> {
  const sitemap = await (await fetch(new URL('/sitemap.xml', base))).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  const largest: string[] = []
  for (const prefix of prefixes) {
    let best: { path: string; bytes: number } | null = null
    for (const path of paths.filter((candidate) => candidate.startsWith(prefix) && candidate.length > prefix.length)) {
      const bytes = (await (await fetch(new URL(path, base))).arrayBuffer()).byteLength
      if (!best || bytes > best.bytes) best = { path, bytes }
    }
    if (!best) throw new Error(`o sitemap não lista nenhuma página em ${prefix}`)
    largest.push(best.path)
  }
  return largest
}

/** What Debian's Chromium needs here (root, no GPU, a closed network): the e2e suite's flags and the benches'. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
