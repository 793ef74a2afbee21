/**
 * Whether this instance is stopping, and how it stops. On SIGTERM
 * (start.server.ts) it drains: /healthz answers 503 at once, so a load
 * balancer stops sending new requests, and every answer closes its
 * connection, while the requests in flight finish; meanwhile the outbox
 * claims nothing more and its attempts in flight end, each within the
 * outbox's own bound (ADR 053). Then the database is closed, on every path.
 */
import type { Server } from 'node:http'
import type { OutboxWorker } from '~/leads/outbox.server'
import { logJson, type LogLine } from '~/utils/log.server'

let draining = false

export function beginDraining(): void {
  draining = true
}

export function isDraining(): boolean {
  return draining
}

/** How long in-flight requests may take once a stop was asked for. */
export const DRAIN_TIMEOUT_MS = 10_000
/** How long the outbox's attempts in flight may take once a stop was asked for; those still running then are interrupted and retried. */
export const OUTBOX_DRAIN_TIMEOUT_MS = 8_000

/** `{ sales_email: 1, rdstation: 2 }` as `sales_email: 1, rdstation: 2`. */
const byTarget = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([target, count]) => `${target}: ${count}`)
    .join(', ')

/** Resolves with whether `done` settled within `boundMs`. */
async function within(done: Promise<unknown>, boundMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), boundMs)))
  try {
    return await Promise.race([done.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}

export type DrainOptions = {
  server: Server
  outbox: OutboxWorker
  /** What else to stop before the database (the content watcher, Vite), each best effort. */
  stops?: Array<() => Promise<void>>
  closeDatabase: () => Promise<void>
  requestsBoundMs?: number
  outboxBoundMs?: number
  log?: (line: LogLine) => void
}

/**
 * Stops taking connections and waits, side by side, for the requests in
 * flight (at most `requestsBoundMs`) and for the outbox's attempts (at most
 * `outboxBoundMs`), logging what it waited for; then closes the database,
 * whatever happened before. The exit code: 0 when everything ended within its
 * bound, 1 when requests had to be cut or a step failed.
 */
export async function drainInstance({
  server,
  outbox,
  stops = [],
  closeDatabase,
  requestsBoundMs = DRAIN_TIMEOUT_MS,
  outboxBoundMs = OUTBOX_DRAIN_TIMEOUT_MS,
  log = (line) => logJson(line),
}: DrainOptions): Promise<number> {
  let code = 0
  try {
    const requests = async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      if (await within(closed, requestsBoundMs)) return
      log({ level: 'warn', msg: 'requests still running after the drain timeout: cut', timeoutMs: requestsBoundMs })
      server.closeAllConnections()
      code = 1
    }
    const deliveries = async () => {
      const inFlight = outbox.inFlight()
      if (Object.keys(inFlight).length > 0)
        log({ level: 'info', msg: 'draining: waiting for the outbox', targets: byTarget(inFlight), timeoutMs: outboxBoundMs })
      const report = await outbox.stop({ boundMs: outboxBoundMs })
      if (Object.keys(report.interrupted).length > 0)
        log({ level: 'warn', msg: 'outbox attempts interrupted at the drain bound: retried later', targets: byTarget(report.interrupted), ms: report.ms })
      else if (Object.keys(report.waitedFor).length > 0) log({ level: 'info', msg: 'outbox drained', targets: byTarget(report.waitedFor), ms: report.ms })
    }
    const results = await Promise.allSettled([requests(), deliveries()])
    for (const stop of stops) results.push(...(await Promise.allSettled([stop()])))
    for (const result of results) {
      if (result.status === 'rejected') {
        log({ level: 'error', msg: 'drain step failed', error: result.reason })
        code = 1
      }
    }
  } finally {
    try {
      await closeDatabase()
      log({ level: 'info', msg: 'database closed' })
    } catch (error) {
      log({ level: 'error', msg: 'database close failed', error })
      code = 1
    }
  }
  return code
}
