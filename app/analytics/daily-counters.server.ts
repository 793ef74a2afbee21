/**
 * Counts with no personal data, one row per Brasília day and name
 * (db/schema.ts `daily_counters`): the tools' funnel and the posts the rate
 * limit refused. Counting is best effort: a failure is logged and never
 * costs the visitor's request.
 */
import { countDaily, rateLimitedCounter } from '~/leads/daily-count.server'
import type { LeadFormKey } from '~/leads/lead-forms'
import type { Database } from '../../db/client'
import type { FunnelStep, FunnelTool } from './funnel'

// The funnel's names live where the browser's beacon can read them too.
export { FUNNEL_TOOLS, type FunnelStep, type FunnelTool } from './funnel'

export type CounterName = `funnel:${FunnelTool}:${FunnelStep}` | `rate_limited:${LeadFormKey}`

export const counterNames = {
  funnel: (tool: FunnelTool, step: FunnelStep): CounterName => `funnel:${tool}:${step}`,
  rateLimited: (form: LeadFormKey): CounterName => rateLimitedCounter(form),
} as const

/** Adds one to today's (Brasília) count of `name` (the writer is the lead pipeline's, which counts too: ADR 022). */
export function countOnce(db: Database, name: CounterName, now = new Date()): Promise<void> {
  return countDaily(db, name, now)
}
