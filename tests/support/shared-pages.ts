/**
 * The rule a shared cache (CDN, reverse proxy, the server's own page cache)
 * relies on (ADR 034): an answer it may store is the same for every visitor
 * of that address, whatever cookies they send; an answer that depends on the
 * visitor says so (private, or a Set-Cookie) and is never stored.
 *
 * Used by the property test over the request handler
 * (tests/integration/http/shared-pages.test.ts) and by the e2e test with a
 * real nginx cache in front (tests/e2e/shared-cache.spec.ts): the visitors'
 * cookie jars, what a cache may store, and what two answers must share.
 */
import { FORM_TIMER_SHAPE, LEAD_HIDDEN_FIELDS } from '../../app/leads/lead-forms'
import { serializeLeadReceipt } from '../../app/leads/lead-receipt'
import {
  CONSENT_DENIED,
  CONSENT_GRANTED,
  ADMIN_SESSION_COOKIE,
  CONSENT_COOKIE,
  LEAD_RECEIPT_COOKIE,
  ORIGIN_COOKIE,
  PREVIEW_COOKIE,
  WHATSAPP_HANDOFF_COOKIE,
} from '../../app/utils/cookie-names'

/**
 * Addresses besides the pages that a visitor's cookies could tempt a
 * server to personalise: legacy redirects, crawler files, and the admin
 * area (an admin's session must never make a shareable copy).
 */
export const ADDRESSES_BEYOND_PAGES: readonly string[] = [
  '/services',
  '/contact',
  '/robots.txt',
  '/sitemap.xml',
  '/blog/rss.xml',
  '/admin',
  '/admin/leads',
  '/admin/configurar',
  '/admin/entrar',
  '/admin/entregas',
  '/admin/lgpd',
  '/admin/spam',
  '/admin/auditoria',
  // The WhatsApp handoff (ADR 049): a redirect made of the visitor's own cookie.
  '/falar-no-whatsapp',
]

export type Answer = { status: number; headers: Headers; body: string }

/** A GET as a browser sends it (gzip accepted), with `cookie` as its Cookie header; redirects are answers too. */
export async function fetchAnswer(url: string, cookie?: string): Promise<Answer> {
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
  return { status: response.status, headers: response.headers, body: await response.text() }
}

/**
 * Whether a shared cache may keep this answer, as nginx's proxy_cache and
 * CDNs decide from the response alone: no Set-Cookie, no private, no-store
 * or no-cache, and a lifetime for shared caches (s-maxage, or max-age).
 */
export function isShareable({ headers }: Pick<Answer, 'headers'>): boolean {
  if (headers.getSetCookie().length > 0) return false
  const policy = headers.get('Cache-Control') ?? ''
  if (/\b(?:private|no-store|no-cache)\b/i.test(policy)) return false
  return /\b(?:s-maxage|max-age)=[1-9]\d*/i.test(policy)
}

/** The time trap's value is the one thing each render has of its own (the same for everyone served that render). */
const PER_RENDER_VALUE = new RegExp(FORM_TIMER_SHAPE.source, 'g')
/** …and so are the hashes of the inline scripts that carry it, in the CSP. */
const SCRIPT_HASH = /'sha256-[A-Za-z0-9+/=]+'/g

/**
 * What a cache repeats of an answer, with the per-render values masked: two
 * renders for two visitors must give the same view. The body is reduced to
 * where it first differs from `other`'s (a page's worth of HTML would bury
 * the difference in a failure's message): equal views mean equal bodies.
 */
export function sharedView({ status, headers, body }: Answer, other: Answer) {
  const mine = body.replace(PER_RENDER_VALUE, '<valor-do-render>')
  const theirs = other.body.replace(PER_RENDER_VALUE, '<valor-do-render>')
  let at = 0
  while (at < mine.length && mine[at] === theirs[at]) at += 1
  return {
    status,
    cacheControl: headers.get('Cache-Control'),
    contentType: headers.get('Content-Type'),
    location: headers.get('Location'),
    contentSecurityPolicy: headers.get('Content-Security-Policy')?.replace(SCRIPT_HASH, "'sha256-…'"),
    body:
      mine === theirs
        ? 'o mesmo corpo'
        : { differsAt: at, here: mine.slice(Math.max(0, at - 80), at + 120), reference: theirs.slice(Math.max(0, at - 80), at + 120) },
  }
}

/** Two answers are the same for a cache when their shared views are (compare `sameView(a, b)` with `sameView(b, b)`). */
export const sameViews = (answer: Answer, reference: Answer) => [sharedView(answer, reference), sharedView(reference, reference)] as const

/** `path` with a query parameter of its own, so the first request for it is a cache miss, stored anew. */
const withMarker = (path: string, marker: string) => `${path}${path.includes('?') ? '&' : '?'}visitante=${marker}`

export type StrangerVisit = {
  /** What the visitor with `cookie` got, first at that address (so the copy a cache stored). */
  first: Answer
  /** What a visitor without any cookie got next at the same address, through the cache. */
  stranger: Answer
  /** What the origin renders for a visitor without any cookie (at an address of its own: a fresh render). */
  reference: Answer
}

let markers = 0

/**
 * A visitor with `cookie` opens `path` through the cache at `cacheBase`,
 * then a stranger (no cookie) opens the same address there; the reference
 * is a fresh render for a stranger straight from `originBase`. Each visit
 * uses addresses of its own (a marker in the query, masked in its answers),
 * so nothing a previous visit stored is involved.
 */
export async function visitThenStranger({
  cacheBase,
  originBase,
  path,
  cookie,
}: {
  cacheBase: string
  originBase: string
  path: string
  cookie: string
}): Promise<StrangerVisit> {
  const marker = `v${process.pid}n${++markers}`
  const first = await fetchAnswer(`${cacheBase}${withMarker(path, marker)}`, cookie)
  const stranger = await fetchAnswer(`${cacheBase}${withMarker(path, marker)}`)
  const reference = await fetchAnswer(`${originBase}${withMarker(path, `${marker}r`)}`)
  return { first: unmark(first, marker), stranger: unmark(stranger, marker), reference: unmark(reference, `${marker}r`) }
}

function unmark(answer: Answer, marker: string): Answer {
  const mask = (text: string) => text.replaceAll(`visitante=${marker}`, 'visitante=X')
  const headers = new Headers(answer.headers)
  const location = headers.get('Location')
  if (location) headers.set('Location', mask(location))
  return { ...answer, headers, body: mask(answer.body) }
}

/**
 * Remix's single-fetch address for a page's loader data (a client
 * navigation): `/servicos` → `/servicos.data`, `/` → `/_root.data`.
 */
export function dataRequestPath(path: string): string {
  const url = new URL(path, 'http://site')
  return `${url.pathname === '/' ? '/_root' : url.pathname.replace(/\/$/, '')}.data${url.search}`
}

export const cookieOf = (setCookie: string) => setCookie.split(';')[0]!

/** The name in the handoff jar's cookie: what its WhatsApp message carries. */
export const HANDOFF_VISITOR = 'Visitante do Cache'

/**
 * One visitor per kind of cookie the site sets, each with a real value: the
 * consent choices, the first touch of a campaign visit (signed), a lead's
 * receipt, a WhatsApp handoff, an admin's session (signed in with `admin`), the marketing
 * cookies a tag would set, and all of them at once.
 */
export async function visitorJars(base: string, admin: { email: string; password: string }): Promise<Record<string, string>> {
  const campaign = await fetch(`${base}/?utm_source=cache-compartilhado&utm_campaign=regra-034`, { redirect: 'manual' })
  const origin = campaign.headers
    .getSetCookie()
    .map(cookieOf)
    .find((cookie) => cookie.startsWith(`${ORIGIN_COOKIE}=`))
  const signIn = await fetch(`${base}/admin/entrar`, { method: 'POST', body: new URLSearchParams(admin), redirect: 'manual' })
  const session = signIn.headers
    .getSetCookie()
    .map(cookieOf)
    .find((cookie) => cookie.startsWith(`${ADMIN_SESSION_COOKIE}=`))
  // An editor's draft preview (ADR 037), over the seed: the server must run with SEED_PREVIEW=true.
  const previewStart = await fetch(`${base}/api/preview-mode/seed`, { redirect: 'manual' })
  const preview = previewStart.headers
    .getSetCookie()
    .map(cookieOf)
    .find((cookie) => cookie.startsWith(`${PREVIEW_COOKIE}=`))
  // A visitor who just sent a lead: the answer sets the WhatsApp handoff (a post the honeypot caught gets the same answer, and stores no lead).
  const timer = new RegExp(`name="${LEAD_HIDDEN_FIELDS.timer}" value="([^"]+)"`).exec(await (await fetch(`${base}/contato`)).text())?.[1] ?? ''
  const sent = await fetch(`${base}/contato`, {
    method: 'POST',
    body: new URLSearchParams({
      name: HANDOFF_VISITOR,
      email: 'visitante-do-cache@exemplo.com.br',
      phone: '(41) 98888-7777',
      message: 'Quero entender o cache compartilhado.',
      [LEAD_HIDDEN_FIELDS.timer]: timer,
      [LEAD_HIDDEN_FIELDS.honeypot]: 'preenchido',
    }),
    redirect: 'manual',
  })
  const handoff = sent.headers
    .getSetCookie()
    .map(cookieOf)
    .find((cookie) => cookie.startsWith(`${WHATSAPP_HANDOFF_COOKIE}=`))
  if (!origin || !session || !preview || !handoff) {
    throw new Error(
      `no origin cookie (${campaign.status}), admin session (${signIn.status}), preview cookie (${previewStart.status}) or WhatsApp handoff (${sent.status}) from ${base}`,
    )
  }
  const receipt = `${LEAD_RECEIPT_COOKIE}=${serializeLeadReceipt({
    form: 'contact',
    eventId: '2f1c7a52-6a59-4a8e-9a57-0d3f5f1f5b10',
    sessionId: 'session_1764000000000_cachecompartilhado',
    delivery: 'delivered',
  })}`
  const marketing = '_ga=GA1.1.1234567890.1764000000; _fbp=fb.1.1764000000000.42; _fbc=fb.1.1764000000000.IwAR-cache'
  const jars = {
    aceito: `${CONSENT_COOKIE}=${CONSENT_GRANTED}`,
    recusado: `${CONSENT_COOKIE}=${CONSENT_DENIED}`,
    origem: origin,
    recibo: receipt,
    admin: session,
    previa: preview,
    conversa: handoff,
  }
  // Everything at once, but a preview (which makes every answer private) and the refusal (which the acceptance contradicts).
  return { ...jars, todos: [...Object.values(jars).filter((jar) => jar !== jars.recusado && jar !== jars.previa), marketing].join('; ') }
}
