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
export const FUNNEL_FIELDS = { tool: 'ferramenta', step: 'etapa', start: 'inicio' } as const

/** The daily counter (`daily_counters.name`) of a tool's step. */
export const funnelCounter = (tool: FunnelTool, step: FunnelStep) => `funnel:${tool}:${step}` as const

export const isFunnelTool = (value: unknown): value is FunnelTool => FUNNEL_TOOLS.includes(value as FunnelTool)
export const isFunnelStep = (value: unknown): value is FunnelStep => FUNNEL_STEPS.includes(value as FunnelStep)

/** Resolves once the frame being prepared has been painted (a task after the next animation frame). */
export const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

/** Per tool, the start token of the run this page started (the answer to its `started` beacon), until its finish is sent. */
const runStarts = new Map<FunnelTool, Promise<string | null>>()

/**
 * Browser only: counts a step the page ran without the server. Best effort:
 * a lost beacon costs one count, never the visitor's step. A start is a
 * keepalive fetch, posted after the next paint, whose answer is the run's start token; a finish waits for
 * it and sends it along (the server counts a finish only with its start's
 * token, once). A finish with no start in this page is not sent.
 */
export function sendFunnelBeacon(tool: FunnelTool, step: FunnelStep): void {
  const fields = { [FUNNEL_FIELDS.tool]: tool, [FUNNEL_FIELDS.step]: step }
  try {
    if (step === 'started') {
      // Posted after the step's answer is painted: the count must never hold the visitor's tap (issue 42).
      const token = afterNextPaint()
        .then(() => fetch(FUNNEL_BEACON_PATH, { method: 'POST', body: new URLSearchParams(fields), keepalive: true, credentials: 'omit' }))
        .then((response) => (response.ok ? response.text() : null))
        .catch(() => null)
      runStarts.set(tool, token)
      return
    }
    const start = runStarts.get(tool)
    if (!start) return
    runStarts.delete(tool)
    void start.then((token) => {
      if (token) navigator.sendBeacon?.(FUNNEL_BEACON_PATH, new URLSearchParams({ ...fields, [FUNNEL_FIELDS.start]: token }))
    })
  } catch {
    // A browser that refuses the beacon (a blocker, a full queue): the step is simply not counted.
  }
}
