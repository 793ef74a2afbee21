/**
 * The outbox worker, for every target (ADR 020, 053, 054). A domain writes a
 * row in its own transaction (a lead's rows: app/leads/lead-service.server.ts;
 * a publish's CDN purges: app/content/cache-purge-queue.server.ts); the
 * worker knows the targets only as DeliveryTarget (target.ts). Then:
 * - the request that stored it makes one short inline attempt;
 * - the worker (`startOutboxWorker`, started by app/server/start.server.ts) retries
 *   due rows on the schedule, claiming them with FOR UPDATE SKIP LOCKED so
 *   several server instances can share the table.
 *
 * Claiming increments `attempts` and pushes `next_attempt_at` past the
 * attempt's timeout (a lease): if the process dies mid-attempt, the row
 * becomes due again by itself. Results are recorded only by the holder of the
 * lease (same `attempts` value), so a late answer never overwrites a newer one.
 * The worker keeps trying to record an outcome the database refused (it was
 * restarting) until a second before the lease's end, then abandons the
 * attempt: an e-mail that went out during a short outage is not sent again,
 * and no lease runs out while its attempt is alive (ADR 053).
 *
 * Deliveries cannot hold each other (issue 41, ADR 053):
 * - every attempt has a hard total deadline, its timeout counted from the
 *   claim, at least RECORDING_ROOM_MS before its lease ends: the handler's
 *   signal aborts then (the HTTP request, the whole SMTP dialogue) and the
 *   attempt is recorded as a timeout, retried on the schedule, before another
 *   instance could take the row (the room is for writing the outcome, even
 *   when the database client must reconnect first);
 * - each target has its own lane: its rows are claimed and attempted apart
 *   from the others', up to `perTarget` at once, and a lane is refilled as
 *   soon as one of its attempts ends, so a slow target never waits for, or
 *   makes wait, another target's rows;
 * - a vendor's 429 pauses its target for the whole fleet (`delivery_pauses`,
 *   issue 43): until its Retry-After no instance claims that target's rows
 *   (they stay pending, no attempt spent); the other targets go on.
 */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Env } from '~/utils/env.server'
import { logError, logJson } from '~/utils/log.server'
import { CONNECT_TIMEOUT_SECONDS, isDatabaseUnavailable, rowsOf, type Database } from '../../db/client'
import { deliveryAttempts, deliveryPauses, outbox, type DeliveryStatus, type OutboxRow } from '../../db/schema'
import type { AttemptOutcome } from './http.server'
import { isConfigured, payloadProblem, type AnyDeliveryTarget } from './target'

/**
 * How far past an attempt's timeout (its hard deadline) its lease runs: room
 * to record the outcome even when the database client must first open a
 * connection (after a PostgreSQL restart a query waits up to its connect
 * timeout), plus 5 s. With less, an e-mail the server took was sent again by
 * another instance while its outcome waited for a connection (ADR 053).
 */
export const LEASE_MARGIN_MS = CONNECT_TIMEOUT_SECONDS * 1_000 + 5_000

/** What a worker's attempt always leaves of its lease after its deadline: the time to record its outcome. */
export const RECORDING_ROOM_MS = LEASE_MARGIN_MS - 2_500

/**
 * How long past its timeout an attempt's hard deadline falls: a handler's own
 * timeouts (fetch's, with their words) fire first; the deadline ends what
 * they do not bound (an SMTP dialogue, a saga of calls).
 */
export const DEADLINE_GRACE_MS = 250

/** The part of a stopping worker's bound kept for recording the attempts it interrupted. */
export const STOP_RECORDING_MS = 1_000

/** How many rows of one target a worker attempts at once. */
export const DEFAULT_PER_TARGET = 8

/** A longest wait a 429's Retry-After can impose. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000

/** How long the fleet leaves a target alone after a 429 without a readable Retry-After. */
export const DEFAULT_PAUSE_MS = 60_000

/**
 * Until when a vendor's 429 pauses its target for the whole fleet: its
 * Retry-After; without one, as long as the row itself waits (its schedule),
 * or DEFAULT_PAUSE_MS when the row failed. Null for any other outcome.
 */
export function pauseAfter(outcome: AttemptOutcome, next: NextState, now: Date): Date | null {
  if (outcome.kind !== 'retry' || outcome.status !== 429) return null
  if (outcome.retryAfterMs === undefined && next.status === 'pending') return next.nextAttemptAt
  const wait = Math.min(Math.max(outcome.retryAfterMs ?? DEFAULT_PAUSE_MS, 1_000), MAX_RETRY_AFTER_MS)
  return new Date(now.getTime() + wait)
}

/**
 * Pauses `target` for every instance until `until`, or keeps the later pause
 * already stored: the worker claims none of its rows meanwhile.
 */
export async function pauseTarget(db: Pick<Database, 'insert'>, target: string, until: Date): Promise<void> {
  await db
    .insert(deliveryPauses)
    .values({ target, until })
    .onConflictDoUpdate({ target: deliveryPauses.target, set: { until: sql`greatest(${deliveryPauses.until}, excluded.until)` } })
}

/** Whether `target` is paused now (a 429 of its vendor): no attempt of it, by any instance, until the pause ends. */
export async function isPaused(db: Pick<Database, 'select'>, target: string, now: Date): Promise<boolean> {
  const [paused] = await db
    .select({ target: deliveryPauses.target })
    .from(deliveryPauses)
    .where(and(eq(deliveryPauses.target, target), gt(deliveryPauses.until, now)))
  return paused !== undefined
}

/** Every target's attempts share one timing: the deadline of an attempt (and so its lease) and the waits between attempts. */
export type DeliveryTiming = {
  /** Each attempt by the background worker. */
  timeoutMs: number
  /** Waits before each retry; when they run out the delivery is failed. */
  retryScheduleMs: number[]
}

/** Every target's deadline and schedule: DELIVERY_TIMEOUT_MS, DELIVERY_RETRY_SCHEDULE. */
export const deliveryTimingFromEnv = (env: Pick<Env, 'DELIVERY_TIMEOUT_MS' | 'DELIVERY_RETRY_SCHEDULE'>): DeliveryTiming => ({
  timeoutMs: env.DELIVERY_TIMEOUT_MS,
  retryScheduleMs: env.DELIVERY_RETRY_SCHEDULE,
})

export type DeliveryDeps = {
  db: Database
  timing: DeliveryTiming
  /** The targets this process knows; those not `configured` keep their rows pending. */
  targets: readonly AnyDeliveryTarget[]
  now?: () => Date
}

/** The targets this process can deliver to now: rows of the others wait, pending, until they are configured. */
export function activeTargets(deps: Pick<DeliveryDeps, 'targets'>): string[] {
  return deps.targets.filter(isConfigured).map((target) => target.name)
}

export type NextState = {
  status: DeliveryStatus
  nextAttemptAt: Date
  deliveredAt: Date | null
}

/** When an attempt a stop interrupted is tried again (by another instance, or this one after a restart). */
export const INTERRUPTED_RETRY_MS = 1_000

/** Less time than this left for an attempt after a slow claim: the row is given back unsent, not tried for nothing. */
const MIN_ATTEMPT_MS = 100

/** What follows attempt number `attempt` (1-based) with this outcome. */
export function nextDeliveryState(outcome: AttemptOutcome, attempt: number, retryScheduleMs: number[], now: Date): NextState {
  if (outcome.kind === 'deferred')
    return { status: 'pending', nextAttemptAt: new Date(now.getTime() + Math.min(Math.max(outcome.retryAfterMs, 100), MAX_RETRY_AFTER_MS)), deliveredAt: null }
  if (outcome.kind === 'delivered') return { status: 'delivered', nextAttemptAt: now, deliveredAt: now }
  // A stop (a deploy) cut it: another instance tries again at once, and it never fails the row, even as its last try.
  if (outcome.kind === 'retry' && outcome.interrupted)
    return { status: 'pending', nextAttemptAt: new Date(now.getTime() + INTERRUPTED_RETRY_MS), deliveredAt: null }
  if (outcome.kind === 'gone' || attempt > retryScheduleMs.length) return { status: 'failed', nextAttemptAt: now, deliveredAt: null }
  const scheduled = retryScheduleMs[attempt - 1] ?? retryScheduleMs[retryScheduleMs.length - 1] ?? 60_000
  const wait = outcome.retryAfterMs !== undefined ? Math.min(Math.max(outcome.retryAfterMs, 1_000), MAX_RETRY_AFTER_MS) : scheduled
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + wait), deliveredAt: null }
}

/** Serialises the stored payload: every attempt of a delivery sends the same bytes. */
export function deliveryBody(row: Pick<OutboxRow, 'payload'>): string {
  return JSON.stringify(row.payload)
}

/** How long before its lease's end a worker's attempt whose outcome is still not written is abandoned. */
export const ABANDON_BEFORE_LEASE_MS = 1_000

/** The pauses between two tries at recording an outcome: the first short, then at most a second. */
const RECORD_RETRY_PAUSES_MS = [100, 250, 500, 1_000]

/** Why a worker let go of an attempt whose outcome it could not write before its lease's end. */
export class RecordingAbandoned extends Error {
  constructor() {
    super('the outcome was not written before the lease’s end: abandoned')
    this.name = 'RecordingAbandoned'
  }
}

/** Whether a write was abandoned, for the write that lands afterwards. */
type RecordingState = { abandoned: boolean }

/**
 * Records the outcome of the attempt `row.attempts` (recordOutcome). With
 * `abandonAt` (epoch ms, before the lease's end: the worker's attempts), a
 * database that cannot be reached (a restart, a dropped connection:
 * isDatabaseUnavailable) is tried again until then, while the lease keeps
 * the row ours; at `abandonAt` the attempt is abandoned, before another
 * instance can take the row: logged, and its row retried at its lease's end
 * (a message the vendor took is then sent again: at least once). A write
 * still under way then may land later: it is recorded if no other attempt
 * took the row meanwhile, never over one that did. Without `abandonAt` (the
 * inline attempt: a visitor waits) one try is made.
 */
async function recordOutcomeWithin(deps: DeliveryDeps, row: OutboxRow, outcome: AttemptOutcome, abandonAt?: number): Promise<DeliveryStatus> {
  const state: RecordingState = { abandoned: false }
  let tries = 0
  const notRecorded = (error: unknown) =>
    logJson({
      level: 'warn',
      msg: 'outbox attempt not recorded: the row is retried at its lease’s end',
      target: row.target,
      deliveryId: row.id,
      attempt: row.attempts,
      outcome: outcome.kind,
      tries,
      error,
    })
  const keepTrying = async (): Promise<DeliveryStatus> => {
    for (;;) {
      try {
        tries++
        return await recordOutcome(deps, row, outcome, state)
      } catch (error) {
        const pause = RECORD_RETRY_PAUSES_MS[Math.min(tries - 1, RECORD_RETRY_PAUSES_MS.length - 1)]!
        if (state.abandoned || abandonAt === undefined || !isDatabaseUnavailable(error) || Date.now() + pause >= abandonAt) throw error
        await new Promise((resolve) => setTimeout(resolve, pause))
      }
    }
  }
  const trying = keepTrying()
  if (abandonAt === undefined) {
    try {
      return await trying
    } catch (error) {
      notRecorded(error)
      throw error
    }
  }
  let timer: NodeJS.Timeout | undefined
  const abandoned = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => {
        state.abandoned = true
        reject(new RecordingAbandoned())
      },
      Math.max(0, abandonAt - Date.now()),
    )
  })
  // Once abandoned, the write under way is not awaited: its own failure is of no further use.
  trying.catch(() => {})
  try {
    return await Promise.race([trying, abandoned])
  } catch (error) {
    notRecorded(error)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Writes the outcome of the attempt `row.attempts` (only if this worker still
 * holds that attempt): the row's new state and the attempt's history row, in
 * one transaction. If either fails, neither is written and the row, still
 * pending under its lease, becomes due again.
 */
async function recordOutcome(deps: DeliveryDeps, row: OutboxRow, outcome: AttemptOutcome, state?: RecordingState): Promise<DeliveryStatus> {
  const now = deps.now?.() ?? new Date()
  const next = nextDeliveryState(outcome, row.attempts, deps.timing.retryScheduleMs, now)
  if (outcome.kind === 'deferred') {
    // Nothing was sent: the claim's attempt is given back and no history row is written.
    const [waiting] = await deps.db
      .update(outbox)
      .set({ attempts: row.attempts - 1, nextAttemptAt: next.nextAttemptAt, updatedAt: now })
      .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), eq(outbox.status, 'pending')))
      .returning({ status: outbox.status })
    return waiting?.status ?? row.status
  }
  const error = outcome.kind === 'delivered' ? null : outcome.error
  const pausedUntil = pauseAfter(outcome, next, now)
  return deps.db.transaction(async (tx) => {
    // The vendor said "too many" to this instance: the whole fleet leaves the target alone until then (issue 43).
    if (pausedUntil) await pauseTarget(tx, row.target, pausedUntil)
    const [updated] = await tx
      .update(outbox)
      .set({
        status: next.status,
        nextAttemptAt: next.nextAttemptAt,
        deliveredAt: next.deliveredAt,
        ...(outcome.kind === 'delivered' && outcome.vendorRef !== undefined ? { vendorRef: outcome.vendorRef } : {}),
        lastStatus: outcome.status,
        lastError: error,
        updatedAt: now,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), eq(outbox.status, 'pending')))
      .returning({ status: outbox.status })
    if (!updated) {
      // Another attempt holds the row now (its lease ran out, or the admin sent it again): this one's outcome is not
      // written. `abandoned`: the worker had let go of this attempt before its lease's end, and this write came late.
      logJson({
        level: 'warn',
        msg: 'outbox attempt not recorded: another attempt holds the row',
        target: row.target,
        deliveryId: row.id,
        attempt: row.attempts,
        outcome: outcome.kind,
        abandoned: state?.abandoned ?? false,
      })
      return row.status
    }
    await tx
      .insert(deliveryAttempts)
      .values({ deliveryId: row.id, attempt: row.attempts, outcome: outcome.kind, httpStatus: outcome.status, error, createdAt: now })
    return updated.status
  })
}

/** Why an attempt's signal aborted: its deadline passed, or the instance is stopping. */
export class AttemptAborted extends Error {
  constructor(readonly outcome: AttemptOutcome & { kind: 'retry' }) {
    super(outcome.error)
    this.name = 'AttemptAborted'
  }
}

const deadlinePassed = (timeoutMs: number) =>
  new AttemptAborted({ kind: 'retry', status: null, error: `timeout: the attempt passed its deadline of ${timeoutMs} ms` })

/** What ends an attempt that was stopped from outside (the instance is leaving). */
export const interruptedByStop = () => new AttemptAborted({ kind: 'retry', status: null, error: 'interrupted: the instance was stopping', interrupted: true })

/**
 * Makes the attempt a claimed row stands for and records it. The attempt
 * ends by `timeoutMs` whatever the vendor does (or when `stop` aborts): its
 * signal aborts and it is recorded as a timeout. Never throws for HTTP reasons.
 * `abandonAt` (epoch ms, before the lease's end): until when to keep trying
 * to record the outcome while the database cannot be reached (the worker's
 * attempts; the inline one does not make a visitor wait for that).
 */
export async function attemptDelivery(deps: DeliveryDeps, row: OutboxRow, timeoutMs: number, stop?: AbortSignal, abandonAt?: number): Promise<DeliveryStatus> {
  return recordOutcomeWithin(deps, row, await attemptWithin(deps, row, timeoutMs, stop), abandonAt)
}

async function attemptWithin(deps: DeliveryDeps, row: OutboxRow, timeoutMs: number, stop?: AbortSignal): Promise<AttemptOutcome> {
  const controller = new AbortController()
  const budget = Math.max(0, timeoutMs)
  const deadline = setTimeout(() => controller.abort(deadlinePassed(budget)), budget + DEADLINE_GRACE_MS)
  const onStop = () => controller.abort(stop?.reason instanceof AttemptAborted ? stop.reason : interruptedByStop())
  if (stop?.aborted) onStop()
  else stop?.addEventListener('abort', onStop, { once: true })
  const aborted = new Promise<AttemptOutcome>((resolve) => {
    const settle = () => resolve(controller.signal.reason instanceof AttemptAborted ? controller.signal.reason.outcome : deadlinePassed(budget).outcome)
    if (controller.signal.aborted) settle()
    else controller.signal.addEventListener('abort', settle, { once: true })
  })
  try {
    // A handler that ignores its signal is not waited for: its late answer is never recorded.
    return await Promise.race([attempt(deps, row, budget, controller.signal), aborted])
  } finally {
    clearTimeout(deadline)
    stop?.removeEventListener('abort', onStop)
    if (!controller.signal.aborted) controller.abort(deadlinePassed(budget))
  }
}

/** One attempt through the row's target: its payload parsed first (a wrong shape fails the row with the schema's words). */
async function attempt(deps: DeliveryDeps, row: OutboxRow, timeoutMs: number, signal: AbortSignal): Promise<AttemptOutcome> {
  const target = deps.targets.find((known) => known.name === row.target)
  if (!target) return { kind: 'retry', status: null, error: `${row.target} is not configured` }
  const parsed = payloadProblem(target, row)
  if (!parsed.ok) return { kind: 'gone', status: null, error: parsed.error }
  return target.send(parsed.payload, row, { timeoutMs, now: deps.now?.(), signal })
}

/**
 * Claims up to `limit` due pending rows of `targets` (FOR UPDATE SKIP LOCKED:
 * rows another instance is claiming are passed over), taking a lease on each
 * that runs LEASE_MARGIN_MS past the attempt's deadline.
 */
export async function claimDueDeliveries(
  deps: DeliveryDeps,
  limit: number,
  targets: string[] = activeTargets(deps),
  /** Only rows due by then (a pass's start: a row it rescheduled waits for the next pass). */
  dueBy?: Date,
): Promise<OutboxRow[]> {
  if (targets.length === 0 || limit <= 0) return []
  const now = deps.now?.() ?? new Date()
  const leaseUntil = new Date(now.getTime() + deps.timing.timeoutMs + LEASE_MARGIN_MS)
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          // Up to the end of that millisecond: the database keeps microseconds (a row stored with its default, now(), in
          // the same millisecond as this clock's reading is due), JavaScript's clock has milliseconds.
          lte(outbox.nextAttemptAt, sql`${(dueBy && dueBy < now ? dueBy : now).toISOString()}::timestamptz + interval '999 microseconds'`),
          inArray(outbox.target, targets),
          // A target its vendor paused with a 429 is left alone, fleet-wide, until the pause ends.
          sql`not exists (select 1 from ${deliveryPauses} where ${deliveryPauses.target} = ${outbox.target} and ${deliveryPauses.until} > ${now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning()
  })
}

export type DeliveryRun = { claimed: number; delivered: number; pending: number; failed: number }

const count = (run: DeliveryRun, status: DeliveryStatus) => {
  if (status === 'delivered') run.delivered++
  else if (status === 'failed') run.failed++
  else run.pending++
}

/**
 * The attempts in flight in this process, one lane per target: `fill` claims
 * due rows for each target with room in its lane (up to `perTarget` at once)
 * and starts them without waiting; each attempt ends by its deadline.
 */
class DeliveryLanes {
  private readonly lanes = new Map<string, Set<Promise<void>>>()
  /** The row each attempt in flight stands for. */
  private readonly rows = new Map<Promise<void>, OutboxRow>()
  private readonly stopping = new AbortController()
  private waiters: Array<() => void> = []

  constructor(
    private readonly perTarget: number,
    private readonly onSettled: (status: DeliveryStatus | null, error?: unknown) => void,
  ) {}

  /** Claims and starts what each lane has room for (rows due by `dueBy`, when given); how many rows it claimed. */
  async fill(deps: DeliveryDeps, dueBy?: Date): Promise<number> {
    let claimed = 0
    for (const target of activeTargets(deps)) {
      const lane = this.lanes.get(target) ?? new Set()
      this.lanes.set(target, lane)
      const room = this.perTarget - lane.size
      if (room <= 0 || this.stopping.signal.aborted) continue
      // The lease counts from the claim's start: a slow claim shortens the attempt, which always ends at least
      // RECORDING_ROOM_MS before its lease does.
      const claimStarted = Date.now()
      const rows = await claimDueDeliveries(deps, room, [target], dueBy)
      claimed += rows.length
      for (const row of rows) {
        const remaining = Math.min(
          deps.timing.timeoutMs,
          deps.timing.timeoutMs + LEASE_MARGIN_MS - RECORDING_ROOM_MS - DEADLINE_GRACE_MS - (Date.now() - claimStarted),
        )
        // On this process's clock, from the claim's start, like `remaining`: never later than the stored lease (it counts
        // from the claim’s `now`, read after). A test’s clock, which may lie in the past, moves the lease, not this wait.
        const abandonAt = claimStarted + deps.timing.timeoutMs + LEASE_MARGIN_MS - ABANDON_BEFORE_LEASE_MS
        // A claim so slow that no time is left: nothing is sent, and the row is given back without spending an attempt.
        const work =
          remaining < MIN_ATTEMPT_MS
            ? recordOutcomeWithin(deps, row, { kind: 'deferred', status: null, error: 'the claim left no time to try', retryAfterMs: 0 }, abandonAt)
            : attemptDelivery(deps, row, remaining, this.stopping.signal, abandonAt)
        const running: Promise<void> = work.then(
          (status) => this.settle(lane, running, status),
          (error: unknown) => this.settle(lane, running, null, error),
        )
        lane.add(running)
        this.rows.set(running, row)
      }
    }
    return claimed
  }

  private settle(lane: Set<Promise<void>>, running: Promise<void>, status: DeliveryStatus | null, error?: unknown) {
    lane.delete(running)
    this.rows.delete(running)
    this.onSettled(status, error)
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }

  /** The rows of the attempts in flight (or still being recorded). */
  inFlightRows(): OutboxRow[] {
    return [...this.rows.values()]
  }

  /** Attempts in flight, by target (only targets with some). */
  inFlight(): Record<string, number> {
    return Object.fromEntries([...this.lanes].filter(([, lane]) => lane.size > 0).map(([target, lane]) => [target, lane.size]))
  }

  size(): number {
    return [...this.lanes.values()].reduce((sum, lane) => sum + lane.size, 0)
  }

  /** Resolves when the next attempt ends. */
  nextSettled(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  /** Resolves when every attempt in flight has ended, or after `boundMs`: whether they all had. */
  async settled(boundMs = Infinity): Promise<boolean> {
    const all = Promise.all([...this.lanes.values()].flatMap((lane) => [...lane])).then(() => true)
    if (!Number.isFinite(boundMs)) return all
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, boundMs))))
    try {
      return await Promise.race([all, late])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Claims nothing more, and aborts the attempts in flight: each ends at once, recorded as interrupted. */
  interrupt(): void {
    if (!this.stopping.signal.aborted) this.stopping.abort(interruptedByStop())
  }
}

/**
 * One pass: claims due deliveries lane by lane (each target up to `perTarget`
 * rows at once) and refills a lane as soon as one of its attempts ends,
 * until nothing is due and nothing runs (or `maxClaims` claims were made).
 * A row that could not be recorded makes it reject, once the others ended.
 */
export async function deliverPending(deps: DeliveryDeps, options: { perTarget?: number; maxClaims?: number } = {}): Promise<DeliveryRun> {
  const run: DeliveryRun = { claimed: 0, delivered: 0, pending: 0, failed: 0 }
  if (activeTargets(deps).length === 0) return run
  let failure: { error: unknown } | undefined
  const lanes = new DeliveryLanes(options.perTarget ?? DEFAULT_PER_TARGET, (status, error) => {
    if (status) count(run, status)
    else failure ??= { error }
  })
  const maxClaims = options.maxClaims ?? 50
  // One attempt per row and pass: a row this pass rescheduled is left to the next one.
  const dueBy = deps.now?.() ?? new Date()
  for (let claims = 0; claims < maxClaims && !failure; claims++) {
    run.claimed += await lanes.fill(deps, dueBy)
    if (lanes.size() === 0) break
    await lanes.nextSettled()
  }
  await lanes.settled()
  if (failure) throw failure.error
  return run
}

/** What a stopping worker waited for, by target: the attempts in flight when it stopped, and those its bound interrupted. */
export type OutboxStopReport = { waitedFor: Record<string, number>; interrupted: Record<string, number>; ms: number }

export type OutboxWorker = {
  /** Claims now what the lanes have room for (after the claim in progress, if any). */
  wake(): void
  /** Attempts in flight, by target. */
  inFlight(): Record<string, number>
  /**
   * Stops claiming and waits for the attempts in flight, at most `boundMs`
   * in all (default: until each has ended, by its deadline; with a bound
   * under STOP_RECORDING_MS, that long): a second before the bound, those
   * still running are aborted, recorded as interrupted and retried on the
   * schedule.
   */
  stop(options?: { boundMs?: number }): Promise<OutboxStopReport>
}

/**
 * Housekeeping the worker does after a pass, at most once every `everyMs`
 * (the first pass runs it): best effort, a failure is logged and tried again
 * at its next turn.
 */
export type WorkerChore = { name: string; everyMs: number; run: (deps: { db: Database; now?: () => Date }) => Promise<unknown> }

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
 * Polls the outbox every `intervalMs` in this process, and claims again as
 * soon as an attempt ends (its lane has room). `deps` is read on each claim
 * (a function), so the database opened at startup is the one used. `chores`
 * run after a claim when due (`clock` tells the time: tests move it).
 */
export function startOutboxWorker({
  intervalMs,
  deps,
  perTarget = DEFAULT_PER_TARGET,
  chores = [],
  clock = Date.now,
  onError = (error) => logError(error, { msg: 'outbox pass failed' }),
}: {
  intervalMs: number
  deps: () => DeliveryDeps | Promise<DeliveryDeps>
  /** Rows of one target attempted at once. */
  perTarget?: number
  chores?: WorkerChore[]
  clock?: () => number
  onError?: (error: unknown) => void
}): OutboxWorker {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let wokenWhileRunning = false
  const lastRun = new Map<WorkerChore, number>()
  const lanes = new DeliveryLanes(perTarget, (_status, error) => {
    // An abandoned recording was logged where it happened (a warning): it is no error of the pass.
    if (error !== undefined && !(error instanceof RecordingAbandoned)) onError(error)
    // Its lane has room: claim again now.
    if (!stopped) wake()
  })

  const runDueChores = async (current: DeliveryDeps) => {
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
      if (activeTargets(current).length > 0) await lanes.fill(current)
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
  function wake() {
    if (running) wokenWhileRunning = true
    else schedule(0)
  }
  schedule(0)

  return {
    wake,
    inFlight: () => lanes.inFlight(),
    async stop({ boundMs = Infinity } = {}) {
      const started = Date.now()
      // The bound's last second is for recording the attempts it interrupts: the whole stop stays within the bound.
      const attemptsUntil = started + Math.max(0, boundMs - STOP_RECORDING_MS)
      stopped = true
      clearTimeout(timer)
      await running
      const waitedFor = lanes.inFlight()
      let interrupted: Record<string, number> = {}
      if (!(await lanes.settled(attemptsUntil - Date.now()))) {
        interrupted = lanes.inFlight()
        lanes.interrupt()
        // Each interrupted attempt ends at once; what is left is recording it (a recording the database keeps
        // refusing is left behind: its row is retried at its lease's end).
        if (!(await lanes.settled(STOP_RECORDING_MS))) {
          for (const row of lanes.inFlightRows()) {
            logJson({
              level: 'warn',
              msg: 'outbox attempt not recorded: the row is retried at its lease’s end',
              reason: 'the instance stopped before the database took the outcome',
              target: row.target,
              deliveryId: row.id,
              attempt: row.attempts,
            })
          }
        }
      }
      return { waitedFor, interrupted, ms: Date.now() - started }
    },
  }
}
