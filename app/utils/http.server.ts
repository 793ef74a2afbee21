/**
 * Cache-Control presets. Every response the site sends picks one of these by
 * name, so caching is decided here, with its reason, and not guessed per route.
 *
 * `max-age` is for browsers; `s-maxage` is for a shared cache (CDN or reverse
 * proxy) in front of the server; `stale-while-revalidate` lets that cache keep
 * answering instantly with the previous copy while it fetches a fresh one.
 */
import { data, type HeadersFunction } from '@remix-run/node'
import { getEnv } from './env.server'

/** How long a shared cache (CDN, proxy) may serve a CMS page as fresh: five minutes. */
export const CMS_PAGE_SHARED_MAX_AGE_SECONDS = 300
/** How long after that it may still serve the old copy while it refetches: a day. */
export const CMS_PAGE_STALE_SECONDS = 86_400
/**
 * The longest any cache may hand out a copy of a CMS page after we rendered it.
 * A signed value rendered into such a page (a form's timer) must stay valid for
 * at least this long plus the time a visitor keeps the tab open.
 */
export const CMS_PAGE_MAX_SERVED_AGE_MS = (CMS_PAGE_SHARED_MAX_AGE_SECONDS + CMS_PAGE_STALE_SECONDS) * 1000

/** What a 503 asks for while the database is away (a restart, a failover): try again in a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

export const cacheControl = {
  /**
   * Pages rendered from CMS content (home, about, services, blog...). Browsers
   * always revalidate (max-age=0), so an editor's change shows on the next
   * visit; a CDN may serve a copy for 5 minutes and keep serving it for a day
   * while it refetches, which absorbs traffic spikes without stale-for-long pages.
   * Pages with a lead form use it too: their signed timer outlives any cached
   * copy (abuse.server.ts, ADR 029). Nothing personal may be in such a page.
   */
  cmsPage: `public, max-age=0, s-maxage=${CMS_PAGE_SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${CMS_PAGE_STALE_SECONDS}`,

  /**
   * Fingerprinted build assets (/assets/*-[hash].js|css). The name changes
   * whenever the content does, so the file can be cached for a year and never
   * revalidated. (Express sets the same value in app/server/app.ts.)
   */
  immutableAsset: 'public, max-age=31536000, immutable',

  /**
   * Public files without a hash in their name (favicon, images in public/).
   * They may change between deploys, so caches keep them for one hour only.
   */
  publicFile: 'public, max-age=3600',

  /**
   * Form responses, admin pages and anything tied to a person or a session.
   * `private` keeps shared caches out; `no-store` keeps even the browser from
   * writing personal data (a lead's answers, an admin table) to disk.
   */
  privateNoStore: 'private, no-store',

  /**
   * Answers about this moment that no cache, shared or not, may keep: the
   * health probe, the "content unavailable" 503 (a retry must reach us).
   */
  noStore: 'no-store',

  /** A permanent redirect (legacy addresses): a day in any cache, so a fixed mistake is not stuck for ever. */
  permanentRedirect: 'public, max-age=86400',

  /**
   * /robots.txt and /sitemap.xml. Crawlers fetch them often and they change
   * only when pages are added, so one day in any cache is plenty; an hour of
   * stale-while-revalidate avoids a burst of misses when the day runs out.
   */
  crawlerFile: 'public, max-age=86400, s-maxage=86400, stale-while-revalidate=3600',
} as const

export type CachePreset = keyof typeof cacheControl

/**
 * The Cache-Control of a rendered page, from what its routes' loaders and
 * action stated (Remix keeps only the headers a route's own `headers` export
 * passes on, so without this a loader's preset was silently dropped):
 * anything private wins; otherwise the deepest route that stated a policy
 * decides. A page no route stated a policy for, a response to anything but
 * GET or HEAD, and an error page are private, no-store.
 */
export function documentCacheControl({ method, status, routeHeaders }: { method: string; status: number; routeHeaders: Array<Headers | undefined> }): string {
  if ((method !== 'GET' && method !== 'HEAD') || status !== 200) return cacheControl.privateNoStore
  const stated = routeHeaders.map((headers) => headers?.get('Cache-Control')).filter((value): value is string => Boolean(value))
  if (stated.length === 0 || stated.some((value) => /\b(?:private|no-store|no-cache)\b/i.test(value))) return cacheControl.privateNoStore
  return stated[stated.length - 1]!
}

/** Whether a shared cache (CDN, proxy) may keep an answer with this Cache-Control: public, with an s-maxage, nothing private. */
export function isSharedCachePolicy(policy: string): boolean {
  return /\bpublic\b/.test(policy) && /\bs-maxage=\d+/.test(policy) && !/\b(?:private|no-store|no-cache)\b/.test(policy)
}

/** A content page's loader result, with the CMS cache preset (every content route answers this way). */
export function cmsData<T>(value: T) {
  return data(value, { headers: { 'Cache-Control': cacheControl.cmsPage } })
}

/** Headers for a plain-text or XML resource served to crawlers. */
export function crawlerFileHeaders(contentType: string): HeadersInit {
  return { 'Content-Type': contentType, 'Cache-Control': cacheControl.crawlerFile }
}

/**
 * A 301 to `to`, keeping the request's query string (utm_* and friends survive
 * the move). For addresses that changed for good, such as the legacy English URLs.
 */
export function permanentRedirect(request: Request, to: string): Response {
  const { search } = new URL(request.url)
  return new Response(null, {
    status: 301,
    headers: { Location: `${to}${search}`, 'Cache-Control': cacheControl.permanentRedirect },
  })
}

/**
 * Whether cookies set in answer to `request` must be `Secure`: the request
 * came over HTTPS (as Express resolved it under TRUST_PROXY, so a TLS proxy
 * in front counts) or the site's public address is https.
 */
export function isSecureRequest(request: Request, siteUrl: string = getEnv().SITE_URL): boolean {
  return new URL(request.url).protocol === 'https:' || siteUrl.startsWith('https://')
}

/** Headers an answer's route must pass on, or the visitor never sees them: why a method is refused, when to try again. */
const PASSED_ON = ['Allow', 'Retry-After'] as const

/**
 * A route's `headers` export: `base` (a preset such as the admin area's), and
 * the `Allow` and `Retry-After` its action, loader or a thrown response stated.
 * Remix passes on only what this returns; Cache-Control is decided once, in
 * entry.server.tsx.
 */
export function passOnHeaders(base: Record<string, string> = {}): HeadersFunction {
  return ({ actionHeaders, loaderHeaders, errorHeaders }) => {
    const headers = new Headers(base)
    for (const name of PASSED_ON) {
      const value = errorHeaders?.get(name) ?? actionHeaders.get(name) ?? loaderHeaders.get(name)
      if (value) headers.set(name, value)
    }
    return headers
  }
}

/** The 503 a request gets while the database is away (a restart, a failover): try again shortly, never cached. */
export function databaseUnavailableResponse(): Response {
  return new Response('O serviço está temporariamente indisponível. Tente novamente em instantes.', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': cacheControl.noStore },
  })
}
