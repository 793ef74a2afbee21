/**
 * One load test against one URL for `npm run bench:pages`: `wrk` when it is on
 * PATH (Debian package `wrk`), otherwise autocannon (a devDependency), the
 * same tool for every URL of a run. Each request says `Accept-Encoding: gzip`,
 * as browsers do. Figures: requests/s, p50/p95 latency, errors.
 */
import { execFile, execFileSync } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Result as AutocannonResult } from 'autocannon'
import { percentile } from '../../lib/bench-support'

export type LoadTool = 'wrk' | 'autocannon'
export type LoadOptions = { connections: number; seconds: number }
export type LoadResult = { requestsPerSecond: number; p50Ms: number; p95Ms: number; requests: number; errors: number }

const requestHeaders = { 'Accept-Encoding': 'gzip' }

/** `wrk` when the system has it, else autocannon. */
export function availableLoadTool(): LoadTool {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return 'wrk'
  } catch (error) {
    // wrk --version prints its banner and exits 1; only a missing binary throws ENOENT.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'autocannon' : 'wrk'
  }
}

/** wrk's one JSON line from scripts/bench/wrk-report.lua (latencies in microseconds). */
type WrkReport = { requests: number; seconds: number; errors: number; non2xx: number; p50: number; p95: number }

async function runWrk(url: string, { connections, seconds }: LoadOptions): Promise<LoadResult> {
  const script = path.join(import.meta.dirname, '../wrk-report.lua')
  const headers = Object.entries(requestHeaders).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  // One wrk thread: the server under test needs the other core.
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', ...headers, '-s', script, url]
  const { stdout } = await promisify(execFile)('wrk', args)
  const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as WrkReport
  return {
    requestsPerSecond: report.requests / report.seconds,
    p50Ms: report.p50 / 1000,
    p95Ms: report.p95 / 1000,
    requests: report.requests,
    errors: report.errors,
  }
}

async function runAutocannon(url: string, { connections, seconds }: LoadOptions): Promise<LoadResult> {
  const { default: autocannon } = await import('autocannon')
  const latencies: number[] = []
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: requestHeaders }, (error, done) => (error ? reject(error) : resolve(done)))
    // autocannon's own percentiles skip p95: keep every response time (ms).
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  })
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** Loads `url` with `connections` connections for `seconds` seconds. */
export function loadTest(tool: LoadTool, url: string, options: LoadOptions): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(url, options) : runAutocannon(url, options)
}
