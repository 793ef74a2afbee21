/**
 * Origin tracking on the server (the origin data every lead carries),
 * so it works with JavaScript off. A page view that carries something worth
 * keeping (campaign parameters, click ids, an external referrer the server
 * sees) records the first touch (those, the landing page, a session id) in a
 * signed session cookie; every lead posted later in that session carries it,
 * whatever page the form is on. A plain page view sets no cookie, so a CDN
 * can share it (ADR 029): the first lead post sets the cookie instead, from
 * the landing page and referrer the browser kept in sessionStorage
 * (first-touch.ts) or, without JavaScript, from the page of the form.
 *
 *   // loader of any page (the root loader covers them all)
 *   const { headers } = await captureOrigin(request)
 *   // action: first touch + the page the form was sent from, and the cookie to set
 *   const { origin, headers } = await readOrigin(request, formData, { formId: 'contact_page_form' })
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { hasConsent, readCookie, readSiteCookie, serializeSiteCookie } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'
import { storableText } from '~/utils/storable-text'
import { gaClientIdFrom } from './conversions.server'
import { DIRECT_ACCESS, LEAD_HIDDEN_FIELDS, SESSION_ID_PATTERN, UTM_PARAMS } from './lead-forms'

export { DIRECT_ACCESS }

/** Query parameters that say where a visit came from: a page view carrying one is not a plain one. */
export const ATTRIBUTION_PARAMS: readonly string[] = [...UTM_PARAMS, 'gclid', 'fbclid']

// Each value is capped, and the whole cookie too (serializeFirstTouch): browsers drop cookies over 4 KB.
const LIMITS = { url: 500, param: 200, title: 300, id: 100 } as const

/** Longest `Set-Cookie` header we send for the origin cookie (name, value and attributes). */
export const MAX_ORIGIN_COOKIE_LENGTH = 3800

const cap = (max: number) => z.string().max(max).nullable()

const firstTouchSchema = z.object({
  sessionId: z.string().regex(SESSION_ID_PATTERN),
  startedAt: z.number().int().positive(),
  landingPage: z.string().max(LIMITS.url),
  referrer: z.string().max(LIMITS.url),
  utmSource: cap(LIMITS.param),
  utmMedium: cap(LIMITS.param),
  utmCampaign: cap(LIMITS.param),
  utmContent: cap(LIMITS.param),
  utmTerm: cap(LIMITS.param),
  gclid: cap(LIMITS.param),
  fbclid: cap(LIMITS.param),
})

/** What the session's first page view recorded. */
export type FirstTouch = z.infer<typeof firstTouchSchema>

/** Everything a lead carries about where it came from (the spec's origin fields, plus gclid/fbclid/landing page). */
export type OriginData = {
  /** The page the form was sent from. */
  pageUrl: string
  pageTitle: string | null
  /** External referrer of the session's first page view, or 'Direct Access'. */
  referrer: string
  userAgent: string | null
  /** When the lead was sent (ISO 8601). */
  timestamp: string
  sessionId: string
  formId: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  utmContent: string | null
  utmTerm: string | null
  gclid: string | null
  fbclid: string | null
  fbc: string | null
  fbp: string | null
  engagementTimeMsec: number | null
  eventId: string | null
  /** First page of the browsing session. */
  landingPage: string
  /** The visitor accepted marketing cookies (`consentimento=aceito`) when this was read: the conversion APIs need it. */
  marketingConsent: boolean
  /** Google Analytics' client id from the `_ga` cookie, read only with that consent. */
  gaClientId: string | null
  /** HubSpot's visitor cookie (`hubspotutk`), read only with that consent: the HubSpot form submission's `hutk`. */
  hubspotutk?: string | null
}

/** `session_<timestamp>_<random>`: the visit's one session id, minted on the server and kept in the signed origin cookie. */
export function createSessionId(now: number = Date.now()): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'
  const random = Array.from(randomBytes(9), (byte) => alphabet[byte % alphabet.length]).join('')
  return `session_${now}_${random}`
}

/** Trimmed, storable (no NUL, no lone surrogate) and capped; null when empty. */
function clip(value: string | null | undefined, max: number): string | null {
  if (value == null) return null
  const trimmed = storableText(value).trim()
  return trimmed === '' ? null : trimmed.slice(0, max)
}

/** The site's own address for a path and query: a forwarded Host never makes it into a lead. */
function onSite(url: URL): string {
  const site = new URL(getEnv().SITE_URL)
  return `${site.origin}${url.pathname}${url.search}`
}

/**
 * The address the visitor sees, on SITE_URL: Remix data requests
 * (`/blog.data?_routes=…`) map back to the page.
 */
export function pageUrlOf(request: Request): string {
  const url = new URL(request.url)
  if (url.pathname.endsWith('.data')) {
    url.pathname = url.pathname.slice(0, -'.data'.length) || '/'
    if (url.pathname === '/_root') url.pathname = '/'
  }
  url.searchParams.delete('_routes')
  if (url.searchParams.has('index') && url.searchParams.get('index') === '') url.searchParams.delete('index')
  return onSite(url)
}

function siteHosts(requestUrl: string): Set<string> {
  const hosts = new Set<string>([new URL(requestUrl).host])
  try {
    hosts.add(new URL(getEnv().SITE_URL).host)
  } catch {
    // SITE_URL is validated at startup; nothing to add otherwise.
  }
  return hosts
}

/** A referrer when it is another site's http(s) address; 'Direct Access' when absent, invalid or our own. */
function externalReferrerOf(requestUrl: string, referer: string | null | undefined): string {
  if (!referer) return DIRECT_ACCESS
  try {
    const url = new URL(referer)
    if (!/^https?:$/.test(url.protocol) || siteHosts(requestUrl).has(url.host)) return DIRECT_ACCESS
    return clip(referer, LIMITS.url) ?? DIRECT_ACCESS
  } catch {
    return DIRECT_ACCESS
  }
}

/** The Referer when it is another site; 'Direct Access' when absent, invalid or our own. */
export const externalReferrer = (request: Request) => externalReferrerOf(request.url, request.headers.get('Referer'))

function firstTouchFrom(request: Request, now: number): FirstTouch {
  const pageUrl = pageUrlOf(request)
  const params = new URL(pageUrl).searchParams
  const param = (name: string) => clip(params.get(name), LIMITS.param)
  return {
    sessionId: createSessionId(now),
    startedAt: now,
    landingPage: clip(pageUrl, LIMITS.url) ?? '',
    referrer: externalReferrer(request),
    utmSource: param(UTM_PARAMS[0]),
    utmMedium: param(UTM_PARAMS[1]),
    utmCampaign: param(UTM_PARAMS[2]),
    utmContent: param(UTM_PARAMS[3]),
    utmTerm: param(UTM_PARAMS[4]),
    gclid: param('gclid'),
    fbclid: param('fbclid'),
  }
}

/** The first touch in the request's cookie, or null (absent, tampered, malformed). */
export async function readFirstTouch(request: Request): Promise<FirstTouch | null> {
  const parsed = firstTouchSchema.safeParse(await readSiteCookie(request, 'origin'))
  return parsed.success ? parsed.data : null
}

/** A marketing tag's cookie (URL-decoded when it decodes), trimmed and capped. */
const marketingCookie = (request: Request, name: string) => clip(readCookie(request, name), 255)

/**
 * Meta's click cookie; rebuilt as fb.1.<ms>.<fbclid> when the visitor came
 * with fbclid but has no _fbc. Neither read nor rebuilt without the visitor's
 * consent to marketing cookies (ADR 031).
 */
function facebookClick(request: Request, touch: FirstTouch): string | null {
  const cookie = marketingCookie(request, '_fbc')
  if (cookie) return cookie
  return touch.fbclid ? `fb.1.${touch.startedAt}.${touch.fbclid}` : null
}

async function originFrom(request: Request, touch: FirstTouch, now: number): Promise<OriginData> {
  const marketing = await hasConsent(request)
  return {
    pageUrl: clip(pageUrlOf(request), LIMITS.url) ?? '',
    pageTitle: null,
    referrer: touch.referrer,
    userAgent: clip(request.headers.get('User-Agent'), 500),
    timestamp: new Date(now).toISOString(),
    sessionId: touch.sessionId,
    formId: null,
    utmSource: touch.utmSource,
    utmMedium: touch.utmMedium,
    utmCampaign: touch.utmCampaign,
    utmContent: touch.utmContent,
    utmTerm: touch.utmTerm,
    gclid: touch.gclid,
    fbclid: touch.fbclid,
    fbc: marketing ? facebookClick(request, touch) : null,
    fbp: marketing ? marketingCookie(request, '_fbp') : null,
    engagementTimeMsec: null,
    eventId: null,
    landingPage: touch.landingPage,
    marketingConsent: marketing,
    gaClientId: marketing ? gaClientIdFrom(marketingCookie(request, '_ga')) : null,
    hubspotutk: marketing ? marketingCookie(request, 'hubspotutk') : null,
  }
}

/**
 * Whether a page view carries something the first touch keeps: a campaign
 * parameter or click id in its address (absolute), or a referrer from
 * another site. Only such a view sets the origin cookie; a plain one stays
 * shareable by a CDN. The server's page cache (app/server/page-cache.ts)
 * asks the same question, so such a view always reaches the loader.
 */
export function carriesAttribution(url: string, referer: string | null | undefined): boolean {
  if (url.includes('?')) {
    const { searchParams } = new URL(url)
    if (ATTRIBUTION_PARAMS.some((name) => searchParams.has(name))) return true
  }
  return externalReferrerOf(url, referer) !== DIRECT_ACCESS
}

/**
 * For loaders: the origin of this page view. A view that carries attribution
 * (carriesAttribution) in a session without the cookie records the first
 * touch and returns the `Set-Cookie` to send; any other view sends nothing,
 * so the page stays cacheable.
 */
export async function captureOrigin(
  request: Request,
  options: { now?: number; visit?: object } = {},
): Promise<{ origin: OriginData; firstTouch: FirstTouch; headers: Headers }> {
  const now = options.now ?? Date.now()
  // Asked twice about the same page view, answer once: one first touch, one cookie. Remix hands each
  // loader its own Request, so loaders pass their shared load context as `visit` (root.tsx sets the
  // cookie; /demo/origin-tracking shows the same touch).
  const key = options.visit ?? request
  let pending = capturedTouches.get(key)
  if (!pending) {
    pending = (async () => {
      const existing = await readFirstTouch(request)
      if (existing) return { touch: existing, setCookie: null }
      const touch = firstTouchFrom(request, now)
      if (!carriesAttribution(request.url, request.headers.get('Referer'))) return { touch, setCookie: null }
      return serializeFirstTouch(request, touch)
    })()
    capturedTouches.set(key, pending)
  }
  const { touch, setCookie } = await pending
  const headers = new Headers()
  if (setCookie) headers.append('Set-Cookie', setCookie)
  return { origin: await originFrom(request, touch, now), firstTouch: touch, headers }
}

const SHRINKABLE = ['landingPage', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'utmContent', 'utmTerm', 'gclid', 'fbclid'] as const

/**
 * The signed cookie for a first touch, never longer than
 * MAX_ORIGIN_COOKIE_LENGTH: while it is too long, the longest value is cut in
 * half (signing and base64 make the length hard to predict from the values,
 * multi-byte characters above all). Returns the touch as stored.
 */
export async function serializeFirstTouch(request: Request, touch: FirstTouch): Promise<{ touch: FirstTouch; setCookie: string }> {
  let current = touch
  for (;;) {
    const setCookie = await serializeSiteCookie(request, 'origin', current)
    if (setCookie.length <= MAX_ORIGIN_COOKIE_LENGTH) return { touch: current, setCookie }
    const longest = SHRINKABLE.reduce((a, b) => ((current[a]?.length ?? 0) >= (current[b]?.length ?? 0) ? a : b))
    const value = current[longest] ?? ''
    // Nothing left to cut cannot happen with these caps; stop rather than loop.
    if (value.length === 0) return { touch: current, setCookie }
    current = { ...current, [longest]: storableText(value.slice(0, Math.floor(value.length / 2))) }
  }
}

const capturedTouches = new WeakMap<object, Promise<{ touch: FirstTouch; setCookie: string | null }>>()

function formText(formData: FormData, name: string, max: number): string | null {
  const value = formData.get(name)
  return typeof value === 'string' ? clip(value, max) : null
}

/** A posted page URL is kept only when it is one of our pages. */
function sameSiteUrl(request: Request, candidate: string | null): string | null {
  if (!candidate) return null
  try {
    const url = new URL(candidate)
    return /^https?:$/.test(url.protocol) && siteHosts(request.url).has(url.host) ? clip(onSite(url), LIMITS.url) : null
  } catch {
    return null
  }
}

/**
 * For actions: the origin of a lead, and the `Set-Cookie` that keeps its
 * first touch for the rest of the visit when there was no cookie yet. The
 * first touch comes from the cookie; without one (a plain, cacheable landing
 * page set none, or cookies are blocked) from what the browser kept of the
 * visit's first page (the landing page and referrer it posts, JavaScript
 * only) or else the page of the form. The page URL, title, engagement time
 * and event id come from the posted hidden fields (title, engagement and
 * event id only with JavaScript).
 */
export async function readOrigin(
  request: Request,
  formData: FormData,
  options: { formId?: string; now?: number } = {},
): Promise<{ origin: OriginData; headers: Headers }> {
  const now = options.now ?? Date.now()
  const postedPage = sameSiteUrl(request, formText(formData, LEAD_HIDDEN_FIELDS.pageUrl, 2048)) ?? sameSiteUrl(request, request.headers.get('Referer'))
  const headers = new Headers()
  let touch = await readFirstTouch(request)
  if (!touch) {
    const postedLanding = sameSiteUrl(request, formText(formData, LEAD_HIDDEN_FIELDS.landingPage, 2048)) ?? postedPage
    const landing = postedLanding ? new Request(postedLanding, { headers: request.headers }) : request
    // One session id per visit, and it is the server's: with no cookie the lead gets a new one
    // here, kept in the cookie set below; nothing the browser posts can choose it.
    touch = firstTouchFrom(landing, now)
    // A post carries our own page as Referer: only the referrer the browser kept can be external.
    touch.referrer = externalReferrerOf(request.url, formText(formData, LEAD_HIDDEN_FIELDS.referrer, 2048))
    const stored = await serializeFirstTouch(request, touch)
    touch = stored.touch
    headers.append('Set-Cookie', stored.setCookie)
  }
  const origin = await originFrom(request, touch, now)
  const engagement = Number(formText(formData, LEAD_HIDDEN_FIELDS.engagementTimeMsec, 12))
  return {
    origin: {
      ...origin,
      pageUrl: postedPage ?? origin.pageUrl,
      pageTitle: formText(formData, LEAD_HIDDEN_FIELDS.pageTitle, LIMITS.title),
      formId: options.formId ?? null,
      engagementTimeMsec: Number.isSafeInteger(engagement) && engagement > 0 ? Math.min(engagement, 2_147_483_647) : null,
      eventId: formText(formData, LEAD_HIDDEN_FIELDS.eventId, LIMITS.id),
    },
    headers,
  }
}
