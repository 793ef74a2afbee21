/**
 * /demo/origin-tracking, the server's side (ADR 031):
 * the origin data a lead form would send from this visit, as the server
 * reads it, so the page shows it with JavaScript off too. Nothing here is
 * stored: the page only looks (the root loader records the first touch, as
 * on any page; the demo reads that same touch through the load context).
 */
import { captureOrigin, readFirstTouch, type OriginData } from '~/leads/origin-tracking.server'
import type { ConsentChoice } from '~/utils/cookie-names'
import { consentOf } from '~/utils/cookies.server'

/** The query parameter the demo button adds without JavaScript (a GET form: nothing is posted). */
export const DEMO_CLICK_PARAM = 'clique'

/** Fields of the origin data, in the order the page lists them (keys as the webhook payload names them). */
export const ORIGIN_DEMO_FIELDS = [
  'pageUrl',
  'landingPage',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'utmTerm',
  'gclid',
  'fbclid',
  'fbc',
  'fbp',
  'sessionId',
  'userAgent',
  'timestamp',
] as const satisfies ReadonlyArray<keyof OriginData>

export type OriginDemoField = (typeof ORIGIN_DEMO_FIELDS)[number]

export type OriginDemoView = {
  /** What a lead sent from this page now would carry; the session id is null until the visit has one recorded. */
  origin: Record<OriginDemoField, string | null>
  /** Whether the visit's first touch is in its cookie (this view's answer may be what sets it). */
  recorded: boolean
  consent: ConsentChoice | null
  /** The demo button was pressed without JavaScript. */
  clicked: boolean
}

/** The demo's server view of this page view. `visit` is the loader's context, shared with the root loader. */
export async function originDemoView(request: Request, visit: object): Promise<OriginDemoView> {
  const [{ origin, headers }, stored, consent] = await Promise.all([captureOrigin(request, { visit }), readFirstTouch(request), consentOf(request)])
  const recorded = stored !== null || headers.has('Set-Cookie')
  const url = new URL(origin.pageUrl)
  const clicked = url.searchParams.get(DEMO_CLICK_PARAM) === '1'
  if (clicked) url.searchParams.delete(DEMO_CLICK_PARAM)
  const shown = { ...origin, pageUrl: url.href, sessionId: recorded ? origin.sessionId : null }
  return {
    origin: Object.fromEntries(ORIGIN_DEMO_FIELDS.map((field) => [field, shown[field] ?? null])) as OriginDemoView['origin'],
    recorded,
    consent,
    clicked,
  }
}
