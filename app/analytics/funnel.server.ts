/**
 * The server's side of the tools' funnel (ADR 040): the steps a request ran
 * (without JavaScript, each step is one), and the beacon's answer for those
 * the browser ran. Best effort, like every daily count.
 */
import { randomBytes } from 'node:crypto'
import { lte } from 'drizzle-orm'
import { countDaily } from '~/leads/daily-count.server'
import { getLeadPipeline } from '~/leads/lead-service.server'
import { getEnv } from '~/utils/env.server'
import { readFormBody } from '~/utils/form-body.server'
import { cacheControl } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'
import { rateLimiter, type RateLimitDecision, type RateLimiter } from '~/utils/rate-limit.server'
import { readSignedValue, signValue } from '~/utils/signed-value.server'
import type { Database } from '../../db/client'
import { funnelFinishes } from '../../db/schema'
import { FUNNEL_FIELDS, funnelCounter, isFunnelStep, isFunnelTool, type FunnelStep, type FunnelTool } from './funnel'

/** The database given, or the lead pipeline's. */
const databaseOr = async (db?: Database): Promise<Database> => db ?? (await getLeadPipeline()).db

/** Adds one to today's count of each step (none: nothing to do). */
export async function countFunnelSteps(tool: FunnelTool, steps: readonly FunnelStep[], db?: Database): Promise<void> {
  if (steps.length === 0) return
  try {
    const database = await databaseOr(db)
    for (const step of steps) await countDaily(database, funnelCounter(tool, step))
  } catch (error) {
    logJson({ level: 'warn', msg: 'funnel step not counted', tool, error })
  }
}

const BEACON_FIELDS = new Set<string>(Object.values(FUNNEL_FIELDS))
const NOT_STORED = { 'Cache-Control': cacheControl.privateNoStore }

/** The beacon's own limit per client address (FUNNEL_RATE_LIMIT_PER_MINUTE), shared by the instances (ADR 027). */
export const funnelBeaconLimiter = rateLimiter({ name: 'funnel-beacon', limit: () => getEnv().FUNNEL_RATE_LIMIT_PER_MINUTE })

/** Who posts a beacon (the route passes the client address), and the limit it is counted in. */
export type FunnelBeaconSender = { clientIp: string; limiter?: RateLimiter }

/**
 * POST /api/funil (the browser's beacon for a step it ran itself): a
 * bounded form body naming a known tool and step, counted once, answered
 * with nothing to cache: a start with its start token (200, text), a finish
 * only with a start token of its own (startedRun; else 400) with 204.
 * Anything else is a 4xx and counts nothing.
 * Every post of an address counts in the beacon's own small limit
 * (FUNNEL_RATE_LIMIT_PER_MINUTE), checked first: past it, 429 with
 * Retry-After, nothing read, nothing counted.
 */
export async function funnelBeaconResponse(request: Request, db?: Database, sender: FunnelBeaconSender | null = null): Promise<Response> {
  if (sender) {
    const decision = await (sender.limiter ?? funnelBeaconLimiter).hit(sender.clientIp).catch((error: unknown): RateLimitDecision => {
      logJson({ level: 'warn', msg: 'funnel beacon rate limit unavailable', error })
      return { allowed: true }
    })
    if (!decision.allowed) return new Response(null, { status: 429, headers: { ...NOT_STORED, 'Retry-After': String(decision.retryAfterSeconds) } })
  }
  const body = await readFormBody(request, { fields: BEACON_FIELDS, maxFields: BEACON_FIELDS.size })
  if (!body.ok) return new Response(null, { status: body.refusal.status, headers: { ...NOT_STORED, ...body.refusal.headers } })
  const tool = body.formData.get(FUNNEL_FIELDS.tool)
  const step = body.formData.get(FUNNEL_FIELDS.step)
  if (!isFunnelTool(tool) || !isFunnelStep(step)) return new Response(null, { status: 400, headers: NOT_STORED })
  if (step === 'finished' && !(await startedRun(tool, body.formData.get(FUNNEL_FIELDS.start), db))) {
    return new Response(null, { status: 400, headers: NOT_STORED })
  }
  await countFunnelSteps(tool, [step], db)
  if (step === 'started') return new Response(startToken(tool), { status: 200, headers: { ...NOT_STORED, 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(null, { status: 204, headers: NOT_STORED })
}

/** How long a run's start token lets its finish count: a tab left open overnight still counts. */
export const FUNNEL_RUN_MAX_AGE_MS = 24 * 60 * 60 * 1000

const startPurpose = (tool: FunnelTool) => `funnel-start:${tool}`

/**
 * A finish needs its start: the answer to a run's `started` beacon is a
 * start token (a random run id signed for that tool, utils/signed-value),
 * which the page keeps in memory and posts with the run's `finished` (no
 * cookie, nothing stored in the browser). A finish counts once per token:
 * the token's run id is spent by a unique insert into `funnel_finishes`
 * (the first post of a run adds its row; any other finds it there, on any
 * instance). So finishes never outnumber starts, whatever a script posts,
 * within the beacon's own limit per address.
 */
function startToken(tool: FunnelTool, now: number = Date.now()): string {
  return signValue(startPurpose(tool), randomBytes(12).toString('base64url'), now)
}

/** One finish in SWEEP_EVERY also deletes the finishes whose tokens can no longer be posted. */
const SWEEP_EVERY = 100
let finishes = 0

/** Spends a run: true for the first finish of `run` (its row is new), false for any later one. */
async function spendRun(db: Database, tool: FunnelTool, run: string, now: number = Date.now()): Promise<boolean> {
  // A row older than a token's life can go: its token, signed at the run's start, is refused by then.
  if (++finishes % SWEEP_EVERY === 0) await db.delete(funnelFinishes).where(lte(funnelFinishes.finishedAt, new Date(now - FUNNEL_RUN_MAX_AGE_MS)))
  const added = await db
    .insert(funnelFinishes)
    .values({ tool, run, finishedAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ run: funnelFinishes.run })
  return added.length === 1
}

/** Whether `token` is a start of this tool's, recent, whose finish has not been counted yet (spends it). */
async function startedRun(tool: FunnelTool, token: FormDataEntryValue | null, db?: Database, now: number = Date.now()): Promise<boolean> {
  const read = readSignedValue(startPurpose(tool), typeof token === 'string' ? token : null, { maxAgeMs: FUNNEL_RUN_MAX_AGE_MS, now })
  if (!read.ok) return false
  try {
    return await spendRun(await databaseOr(db), tool, read.value, now)
  } catch (error) {
    logJson({ level: 'warn', msg: 'funnel finish not checked', error })
    return false
  }
}
