/**
 * Counts with no personal data, one row per Brasília day and name
 * (db/schema.ts `daily_counters`): the tools' funnel and the posts the rate
 * limit refused. Counting is best effort: a failure is logged and never
 * costs the visitor's request.
 */
import { countDaily, rateLimitedCounter } from '~/leads/daily-count.server'
import type { LeadFormKey } from '~/leads/lead-forms'
import type { Database } from '../../db/client'

/** The tools whose funnel (started → finished → lead) the dashboard shows. */
export const FUNNEL_TOOLS = ['calculator', 'presenceTest', 'briefing'] as const
export type FunnelTool = (typeof FUNNEL_TOOLS)[number]
export type FunnelStep = 'started' | 'finished'

export type CounterName = `funnel:${FunnelTool}:${FunnelStep}` | `rate_limited:${LeadFormKey}`

export const counterNames = {
  funnel: (tool: FunnelTool, step: FunnelStep): CounterName => `funnel:${tool}:${step}`,
  rateLimited: (form: LeadFormKey): CounterName => rateLimitedCounter(form),
} as const

/** Adds one to today's (Brasília) count of `name` (the writer is the lead pipeline's, which counts too: ADR 022). */
export function countOnce(db: Database, name: CounterName, now = new Date()): Promise<void> {
  return countDaily(db, name, now)
}
