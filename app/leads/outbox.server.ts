/**
 * The webhook outbox. A lead's delivery row is written in the lead's own
 * transaction (lead-service.server.ts), so an acknowledged lead always has
 * one; with the visitor's consent, so are its rows for the conversion APIs
 * that are configured (`target` 'ga4', 'meta': conversions.server.ts),
 * retried the same way. Then:
 * - the request that stored it makes one short inline attempt;
 * - the worker (`startOutboxWorker`, started by app/server/start.server.ts) retries
 *   due rows on the schedule, claiming them with FOR UPDATE SKIP LOCKED so
 *   several server instances can share the table.
 *
 * Claiming increments `attempts` and pushes `next_attempt_at` past the
 * attempt's timeout (a lease): if the process dies mid-attempt, the row
 * becomes due again by itself. Results are recorded only by the holder of the
 * lease (same `attempts` value), so a late answer never overwrites a newer one.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { logError, logJson } from '~/utils/log.server'
import { rowsOf, type Database } from '../../db/client'
import { deliveryAttempts, webhookDeliveries, type DeliveryStatus, type WebhookDelivery } from '../../db/schema'
import { activeConversionTargets, conversionEndpoint, conversionTargets, type ConversionSettings, type ConversionTarget } from './conversions.server'
import { postJson, postSignedWebhook, type AttemptOutcome, type WebhookSettings } from './webhook.server'

/** The outbox row of the lead webhook; the other targets are the conversion APIs (conversions.server.ts). */
export const LEAD_WEBHOOK_TARGET = 'lead_webhook'

/** How far past an attempt's timeout its lease runs. */
export const LEASE_MARGIN_MS = 5_000

/** A longest wait a 429's Retry-After can impose. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000

/**
 * How to make one attempt of a row of another target (the CDN purges of a
 * publish: app/content/cache-purge.server.ts). Never throws for HTTP reasons.
 */
export type TargetHandler = (row: WebhookDelivery, timeoutMs: number, now?: Date) => Promise<AttemptOutcome>

export type OutboxDeps = {
  db: Database
  webhook: WebhookSettings
  conversions?: ConversionSettings
  /** The other configured targets, by name. */
  handlers?: Record<string, TargetHandler>
  now?: () => Date
}

/** The targets this process can deliver to now: rows of the others wait, pending, until they are configured. */
export function activeTargets(deps: Pick<OutboxDeps, 'webhook' | 'conversions' | 'handlers'>): string[] {
  return [
    ...(deps.webhook.url ? [LEAD_WEBHOOK_TARGET] : []),
    ...(deps.conversions ? activeConversionTargets(deps.conversions) : []),
    ...Object.keys(deps.handlers ?? {}),
  ]
}

const isConversionTarget = (target: string): target is ConversionTarget => (conversionTargets as readonly string[]).includes(target)

export type NextState = {
  status: DeliveryStatus
  nextAttemptAt: Date
  deliveredAt: Date | null
}

/** What follows attempt number `attempt` (1-based) with this outcome. */
export function nextDeliveryState(outcome: AttemptOutcome, attempt: number, retryScheduleMs: number[], now: Date): NextState {
  if (outcome.kind === 'deferred')
    return { status: 'pending', nextAttemptAt: new Date(now.getTime() + Math.min(Math.max(outcome.retryAfterMs, 100), MAX_RETRY_AFTER_MS)), deliveredAt: null }
  if (outcome.kind === 'delivered') return { status: 'delivered', nextAttemptAt: now, deliveredAt: now }
  if (outcome.kind === 'gone' || attempt > retryScheduleMs.length) return { status: 'failed', nextAttemptAt: now, deliveredAt: null }
  const scheduled = retryScheduleMs[attempt - 1] ?? retryScheduleMs[retryScheduleMs.length - 1] ?? 60_000
  const wait = outcome.retryAfterMs !== undefined ? Math.min(Math.max(outcome.retryAfterMs, 1_000), MAX_RETRY_AFTER_MS) : scheduled
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + wait), deliveredAt: null }
}

/** Serialises the stored payload: every attempt of a delivery sends the same bytes. */
export function deliveryBody(row: Pick<WebhookDelivery, 'payload'>): string {
  return JSON.stringify(row.payload)
}

/**
 * Writes the outcome of the attempt `row.attempts` (only if this worker still
 * holds that attempt): the row's new state and the attempt's history row, in
 * one transaction. If either fails, neither is written and the row, still
 * pending under its lease, becomes due again.
 */
async function recordOutcome(deps: OutboxDeps, row: WebhookDelivery, outcome: AttemptOutcome): Promise<DeliveryStatus> {
  const now = deps.now?.() ?? new Date()
  const next = nextDeliveryState(outcome, row.attempts, deps.webhook.retryScheduleMs, now)
  if (outcome.kind === 'deferred') {
    // Nothing was sent: the claim's attempt is given back and no history row is written.
    const [waiting] = await deps.db
      .update(webhookDeliveries)
      .set({ attempts: row.attempts - 1, nextAttemptAt: next.nextAttemptAt, updatedAt: now })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts), eq(webhookDeliveries.status, 'pending')))
      .returning({ status: webhookDeliveries.status })
    return waiting?.status ?? row.status
  }
  const error = outcome.kind === 'delivered' ? null : outcome.error
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: next.status,
        nextAttemptAt: next.nextAttemptAt,
        deliveredAt: next.deliveredAt,
        lastStatus: outcome.status,
        lastError: error,
        updatedAt: now,
      })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts), eq(webhookDeliveries.status, 'pending')))
      .returning({ status: webhookDeliveries.status })
    if (!updated) return row.status
    await tx
      .insert(deliveryAttempts)
      .values({ deliveryId: row.id, attempt: row.attempts, outcome: outcome.kind, httpStatus: outcome.status, error, createdAt: now })
    return updated.status
  })
}

/** Makes the attempt a claimed row stands for and records it. Never throws for HTTP reasons. */
export async function attemptDelivery(deps: OutboxDeps, row: WebhookDelivery, timeoutMs: number): Promise<DeliveryStatus> {
  return recordOutcome(deps, row, await attempt(deps, row, timeoutMs))
}

async function attempt(deps: OutboxDeps, row: WebhookDelivery, timeoutMs: number): Promise<AttemptOutcome> {
  const body = deliveryBody(row)
  const now = deps.now?.()
  const handler = deps.handlers?.[row.target]
  if (handler) return handler(row, timeoutMs, now)
  if (isConversionTarget(row.target)) {
    const url = deps.conversions ? conversionEndpoint(row.target, deps.conversions) : null
    return url ? postJson({ url, body, timeoutMs, now }) : { kind: 'retry', status: null, error: `${row.target} is not configured` }
  }
  const { url, secret } = deps.webhook
  return url && secret
    ? postSignedWebhook({ url, secret, webhookId: row.webhookId, body, timeoutMs, now })
    : { kind: 'retry', status: null, error: url ? 'WEBHOOK_SECRET is not set' : 'WEBHOOK_URL is not set' }
}

/**
 * Claims up to `batchSize` due pending rows (FOR UPDATE SKIP LOCKED: rows
 * another instance is claiming are passed over), taking a lease on each.
 */
export async function claimDueDeliveries(deps: OutboxDeps, batchSize: number): Promise<WebhookDelivery[]> {
  const now = deps.now?.() ?? new Date()
  const leaseUntil = new Date(now.getTime() + deps.webhook.timeoutMs + LEASE_MARGIN_MS)
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), inArray(webhookDeliveries.target, activeTargets(deps))))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning()
  })
}

export type DeliveryRun = { claimed: number; delivered: number; pending: number; failed: number }

/**
 * One pass of the worker: claims due deliveries and attempts them in
 * parallel, until none is due (or `maxBatches` batches were run).
 */
export async function deliverPendingWebhooks(deps: OutboxDeps, options: { batchSize?: number; maxBatches?: number } = {}): Promise<DeliveryRun> {
  const batchSize = options.batchSize ?? 20
  const maxBatches = options.maxBatches ?? 50
  const run: DeliveryRun = { claimed: 0, delivered: 0, pending: 0, failed: 0 }
  if (activeTargets(deps).length === 0) return run
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await claimDueDeliveries(deps, batchSize)
    run.claimed += rows.length
    const statuses = await Promise.all(rows.map((row) => attemptDelivery(deps, row, deps.webhook.timeoutMs)))
    for (const status of statuses) {
      if (status === 'delivered') run.delivered++
      else if (status === 'failed') run.failed++
      else run.pending++
    }
    if (rows.length < batchSize) break
  }
  return run
}

export type OutboxWorker = {
  /** Runs a pass now (after the current one, if any). */
  wake(): void
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>
}

/**
 * Housekeeping the worker does after a pass, at most once every `everyMs`
 * (the first pass runs it): best effort, a failure is logged and tried again
 * at its next turn.
 */
export type WorkerChore = { name: string; everyMs: number; run: (deps: OutboxDeps) => Promise<unknown> }

/**
 * A chore that one instance of the fleet runs at a time: it runs inside a
 * transaction holding a PostgreSQL advisory lock named after the chore, and
 * an instance that cannot take the lock skips its turn (another is at it).
 */
export function oncePerFleet(chore: WorkerChore): WorkerChore {
  return {
    ...chore,
    run: (deps) =>
      deps.db.transaction(async (tx) => {
        const [row] = await rowsOf<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtextextended(${`chore:${chore.name}`}, 0)) as locked`)
        if (!row?.locked) return { skipped: 'another instance holds the lock' }
        return chore.run({ ...deps, db: tx })
      }),
  }
}

/**
 * Polls the outbox every `intervalMs` in this process. `deps` is read on each
 * pass (a function), so the database opened at startup is the one used.
 * `chores` run after a pass when due (`clock` tells the time: tests move it).
 */
export function startOutboxWorker({
  intervalMs,
  deps,
  batchSize,
  chores = [],
  clock = Date.now,
  onError = (error) => logError(error, { msg: 'outbox pass failed' }),
}: {
  intervalMs: number
  deps: () => OutboxDeps | Promise<OutboxDeps>
  batchSize?: number
  chores?: WorkerChore[]
  clock?: () => number
  onError?: (error: unknown) => void
}): OutboxWorker {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let wokenWhileRunning = false
  const lastRun = new Map<WorkerChore, number>()

  const runDueChores = async (current: OutboxDeps) => {
    for (const chore of chores) {
      const last = lastRun.get(chore)
      if (last !== undefined && clock() - last < chore.everyMs) continue
      lastRun.set(chore, clock())
      try {
        await chore.run(current)
      } catch (error) {
        logJson({ level: 'warn', msg: 'worker chore failed', chore: chore.name, error })
      }
    }
  }
  const pass = async () => {
    try {
      const current = await deps()
      await deliverPendingWebhooks(current, { batchSize })
      await runDueChores(current)
    } catch (error) {
      onError(error)
    }
  }
  const schedule = (delay: number) => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(tick, delay)
    timer.unref()
  }
  const tick = () => {
    if (stopped || running) return
    running = pass().finally(() => {
      running = undefined
      schedule(wokenWhileRunning ? 0 : intervalMs)
      wokenWhileRunning = false
    })
  }
  schedule(0)

  return {
    wake() {
      if (running) wokenWhileRunning = true
      else schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
