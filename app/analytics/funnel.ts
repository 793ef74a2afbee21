/**
 * The tools' funnel (ADR 040): which tools, which steps, and the beacon the
 * browser posts for a step it ran itself (JavaScript on, no round trip to
 * the server). Without JavaScript every step is a request and the server
 * counts it. No cookie, no identifier: the post says only which tool and
 * which step, and the server adds one to that day's count.
 */

/** The tools whose funnel (started → finished → lead) the dashboard shows. */
export const FUNNEL_TOOLS = ['calculator', 'presenceTest', 'briefing'] as const
export type FunnelTool = (typeof FUNNEL_TOOLS)[number]
export const FUNNEL_STEPS = ['started', 'finished'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

export const FUNNEL_BEACON_PATH = '/api/funil'
/** The beacon's two fields (public protocol names, pt-BR like the site's other parameters). */
export const FUNNEL_FIELDS = { tool: 'ferramenta', step: 'etapa' } as const

/** The daily counter (`daily_counters.name`) of a tool's step. */
export const funnelCounter = (tool: FunnelTool, step: FunnelStep) => `funnel:${tool}:${step}` as const

export const isFunnelTool = (value: unknown): value is FunnelTool => FUNNEL_TOOLS.includes(value as FunnelTool)
export const isFunnelStep = (value: unknown): value is FunnelStep => FUNNEL_STEPS.includes(value as FunnelStep)

/** Browser only: counts a step the page ran without the server. Best effort: a lost beacon costs one count, never the visitor's step. */
export function sendFunnelBeacon(tool: FunnelTool, step: FunnelStep): void {
  try {
    navigator.sendBeacon?.(FUNNEL_BEACON_PATH, new URLSearchParams({ [FUNNEL_FIELDS.tool]: tool, [FUNNEL_FIELDS.step]: step }))
  } catch {
    // A browser that refuses the beacon (a blocker, a full queue): the step is simply not counted.
  }
}
