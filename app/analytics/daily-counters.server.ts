/**
 * Counts with no personal data, one row per Brasília day and name
 * (db/schema.ts `daily_counters`): the tools' funnel and the posts the rate
 * limit refused. Counting is best effort: a failure is logged and never
 * costs the visitor's request.
 */
import { sql } from 'drizzle-orm'
import type { LeadFormKey } from '~/leads/lead-forms'
import { brasiliaDay } from '~/utils/dates'
import { logJson } from '~/utils/log.server'
import type { Database } from '../../db/client'
import { dailyCounters } from '../../db/schema'

/** The tools whose funnel (started → finished → lead) the dashboard shows. */
export const FUNNEL_TOOLS = ['calculator', 'presenceTest', 'briefing'] as const
export type FunnelTool = (typeof FUNNEL_TOOLS)[number]
export type FunnelStep = 'started' | 'finished'

export type CounterName = `funnel:${FunnelTool}:${FunnelStep}` | `rate_limited:${LeadFormKey}`

export const counterNames = {
  funnel: (tool: FunnelTool, step: FunnelStep): CounterName => `funnel:${tool}:${step}`,
  rateLimited: (form: LeadFormKey): CounterName => `rate_limited:${form}`,
} as const

/** Adds one to today's (Brasília) count of `name`. */
export async function countOnce(db: Database, name: CounterName, now = new Date()): Promise<void> {
  try {
    await db
      .insert(dailyCounters)
      .values({ day: brasiliaDay(now), name, count: 1 })
      .onConflictDoUpdate({ target: [dailyCounters.day, dailyCounters.name], set: { count: sql`${dailyCounters.count} + 1` } })
  } catch (error) {
    logJson({ level: 'warn', msg: 'daily counter not counted', name, error: String(error).slice(0, 300) })
  }
}
