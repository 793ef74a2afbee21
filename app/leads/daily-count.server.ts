/**
 * The daily counters' one writer (db/schema.ts `daily_counters`): adds one to
 * today's (Brasília) count of a name, best effort. It lives with the lead
 * pipeline, the lowest domain that counts (the rate-limited lead posts), so
 * every domain above can use it (ADR 022). The names: `rate_limited:<form>`
 * here, `funnel:<tool>:<step>` in analytics/funnel.ts.
 */
import { sql } from 'drizzle-orm'
import { brasiliaDay } from '~/utils/dates'
import { logJson } from '~/utils/log.server'
import type { Database } from '../../db/client'
import { dailyCounters } from '../../db/schema'
import type { LeadFormKey } from './lead-forms'

/** The count of a form's posts the lead rate limit refused. */
export const RATE_LIMITED_PREFIX = 'rate_limited:'
export const rateLimitedCounter = (form: LeadFormKey) => `${RATE_LIMITED_PREFIX}${form}` as const

/** Adds one to today's (Brasília) count of `name`; a failure is logged and never costs the request. */
export async function countDaily(db: Database, name: string, now = new Date()): Promise<void> {
  try {
    await db
      .insert(dailyCounters)
      .values({ day: brasiliaDay(now), name, count: 1 })
      .onConflictDoUpdate({ target: [dailyCounters.day, dailyCounters.name], set: { count: sql`${dailyCounters.count} + 1` } })
  } catch (error) {
    logJson({ level: 'warn', msg: 'daily counter not counted', name, error })
  }
}
