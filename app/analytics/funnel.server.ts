/**
 * The server's side of the tools' funnel (ADR 040): the steps a request ran
 * (without JavaScript, each step is one), and the beacon's answer for those
 * the browser ran. Best effort, like every daily count.
 */
import { countDaily } from '~/leads/daily-count.server'
import { getLeadPipeline } from '~/leads/lead-service.server'
import { readFormBody } from '~/utils/form-body.server'
import { cacheControl } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'
import type { Database } from '../../db/client'
import { FUNNEL_FIELDS, funnelCounter, isFunnelStep, isFunnelTool, type FunnelStep, type FunnelTool } from './funnel'

/** Adds one to today's count of each step (none: nothing to do). */
export async function countFunnelSteps(tool: FunnelTool, steps: readonly FunnelStep[], db?: Database): Promise<void> {
  if (steps.length === 0) return
  try {
    const database = db ?? (await getLeadPipeline()).db
    for (const step of steps) await countDaily(database, funnelCounter(tool, step))
  } catch (error) {
    logJson({ level: 'warn', msg: 'funnel step not counted', tool, error: String(error).slice(0, 300) })
  }
}

/** The beacon holds two short fields: anything longer is not ours. */
const MAX_BEACON_BYTES = 256
const BEACON_FIELDS = new Set<string>(Object.values(FUNNEL_FIELDS))
const NOT_STORED = { 'Cache-Control': cacheControl.privateNoStore }

/**
 * POST /api/funil (the browser's beacon for a step it ran itself): a
 * bounded form body naming a known tool and step, counted once, answered
 * 204 with nothing to cache. Anything else is a 4xx and counts nothing. The
 * request guard's per-address limit on posts (app/server/request-guard.ts)
 * bounds how fast one address can count.
 */
export async function funnelBeaconResponse(request: Request, db?: Database): Promise<Response> {
  const body = await readFormBody(request, { fields: BEACON_FIELDS, maxBytes: MAX_BEACON_BYTES, maxFields: BEACON_FIELDS.size })
  if (!body.ok) return new Response(null, { status: body.refusal.status, headers: { ...NOT_STORED, ...body.refusal.headers } })
  const tool = body.formData.get(FUNNEL_FIELDS.tool)
  const step = body.formData.get(FUNNEL_FIELDS.step)
  if (!isFunnelTool(tool) || !isFunnelStep(step)) return new Response(null, { status: 400, headers: NOT_STORED })
  await countFunnelSteps(tool, [step], db)
  return new Response(null, { status: 204, headers: NOT_STORED })
}
