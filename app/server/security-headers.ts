/**
 * Security headers for every response, and the Content-Security-Policy of
 * the site's HTML: hash-based, so it holds on a page a CDN hands to many
 * visitors (a nonce repeated to all of them is no nonce; ADR 029). Each
 * document's policy lists the SHA-256 of every inline script it emits
 * (entry.server.tsx hashes them after rendering) with 'strict-dynamic', so
 * the modules those scripts import may load and nothing else may run.
 * Responses that are not documents get the same policy with no script at all.
 * The embedded Studio at /studio keeps its own, looser, per-request nonce
 * policy (`studioContentSecurityPolicy`; its pages are never cached).
 */
import type { ThirdPartySources } from '~/analytics/third-party'

type Directives = Record<string, string[]>

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** What the site's and the Studio's policies share. */
function commonDirectives(isDevelopment: boolean): Directives {
  return {
    'default-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https://cdn.sanity.io'],
    'font-src': ["'self'"],
    // Vite's dev server needs a websocket for hot reload.
    'connect-src': isDevelopment ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'frame-src': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
  }
}

export type SiteCspOptions = {
  /** Base64 SHA-256 digests of the document's inline scripts (inlineScriptHashes). */
  scriptHashes: readonly string[]
  isDevelopment: boolean
  /** The configured third parties (thirdPartySources): images and requests to their hosts, and their frames, are allowed. */
  thirdParty?: ThirdPartySources
  /** An editor's preview: the embedded Studio (same origin) may frame it (ADR 037). Nothing frames a visitor's page. */
  framedBySelf?: boolean
}

/**
 * The enforced policy of a site document: only the inline scripts it emits
 * (by hash) and the site's own modules ('self'); no framing, no <base>.
 * With a third-party script configured (Tag Manager, Subscribe with Google)
 * 'strict-dynamic' replaces 'self': whatever those load is trusted because a
 * trusted script added it, with no list of hosts (ADR 031). Its price
 * (ADR 029, issue 42): Chromium refuses the preload scanner's early fetch of
 * the `<link rel="modulepreload">` Remix writes at the end of the body, so
 * the page's modules start loading only when the parser reaches them (about
 * half a second later on a phone). In development 'self' also lets Vite's
 * dev server add its hot-reload runtime. A document with no inline script
 * (files, feeds, refusals) allows none: 'none'.
 */
export function siteContentSecurityPolicy({
  scriptHashes,
  isDevelopment,
  thirdParty = { hosts: [], frames: [] },
  framedBySelf = false,
}: SiteCspOptions): string {
  const common = commonDirectives(isDevelopment)
  return serialize({
    ...common,
    'img-src': [...common['img-src']!, ...thirdParty.hosts],
    'connect-src': [...common['connect-src']!, ...thirdParty.hosts],
    'frame-src': [...common['frame-src']!, ...thirdParty.frames],
    'script-src':
      scriptHashes.length === 0 && !isDevelopment ? ["'none'"] : [...scriptHashes.map((hash) => `'sha256-${hash}'`), scriptSource(isDevelopment, thirdParty)],
    'frame-ancestors': [framedBySelf ? "'self'" : "'none'"],
    'base-uri': ["'none'"],
  })
}

const scriptSource = (isDevelopment: boolean, thirdParty: ThirdPartySources) => (thirdParty.hosts.length > 0 && !isDevelopment ? "'strict-dynamic'" : "'self'")

/** Every response that is not a site document (files, feeds, refusals): the site's policy with no script allowed. */
export const scriptlessContentSecurityPolicy = (isDevelopment: boolean) => siteContentSecurityPolicy({ scriptHashes: [], isDevelopment })

export type StudioCspOptions = {
  /** This request's nonce (app/server/app.ts): the Studio's pages are never cached. */
  nonce: string
  isDevelopment: boolean
}

/** The embedded Studio's routes (app/routes/studio.$.tsx). */
export const STUDIO_PATH = /^\/studio(\/|$)/

const SANITY_API = ['https://*.api.sanity.io', 'wss://*.api.sanity.io', 'https://api.sanity.io', 'https://*.apicdn.sanity.io']

/** What the Studio may reach beyond the site's own policy, directive by directive. */
const STUDIO_ADDITIONS: Directives = {
  'img-src': ['blob:', 'https://*.sanity.io', 'https://lh3.googleusercontent.com', 'https://avatars.githubusercontent.com', 'https://www.gravatar.com'],
  'font-src': ['data:'],
  // sanity-cdn.com: the Studio polls it for its latest version (the "update available" notice).
  'connect-src': [...SANITY_API, 'https://cdn.sanity.io', 'https://sanity-cdn.com'],
  'media-src': ["'self'", 'blob:', 'https://cdn.sanity.io'],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ['https://*.sanity.io'],
  'form-action': ['https://api.sanity.io', 'https://*.api.sanity.io'],
}

/**
 * The Studio's own, looser policy, for /studio only: the site's shared
 * directives plus what a large client app talking to Sanity from the browser
 * needs (its API and realtime listener over https and wss, the image CDN, its
 * version check, login providers' avatars, blob: URLs for uploads and
 * previews). Its scripts still come only from our origin or carry this
 * request's nonce, and nothing may frame it from elsewhere.
 */
export function studioContentSecurityPolicy({ nonce, isDevelopment }: StudioCspOptions): string {
  const directives: Directives = {
    ...commonDirectives(isDevelopment),
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'frame-ancestors': ["'self'"],
    'base-uri': ["'self'"],
  }
  for (const [name, extra] of Object.entries(STUDIO_ADDITIONS)) directives[name] = [...(directives[name] ?? []), ...extra]
  return serialize(directives)
}

export const PERMISSIONS_POLICY = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'browsing-topics=()', 'interest-cohort=()'].join(
  ', ',
)

/** One year, with subdomains: only sent in production over https. */
export const HSTS = 'max-age=31536000; includeSubDomains'

export type BaseHeaderOptions = {
  isProduction: boolean
  isHttps: boolean
  pathname?: string
  /** A request in an editor's preview, which the Studio's Presentation tool frames (ADR 037). */
  framedBySelf?: boolean
}

/** Headers that every response carries, whatever its type. */
export function baseSecurityHeaders({ isProduction, isHttps, pathname = '/', framedBySelf = false }: BaseHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // frame-ancestors' twin for old browsers: nothing frames the site; the Studio and a preview only the site itself.
    'X-Frame-Options': framedBySelf || STUDIO_PATH.test(pathname) ? 'SAMEORIGIN' : 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Other sites may link to us, never load our pages or files into theirs.
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
  if (isProduction && isHttps) headers['Strict-Transport-Security'] = HSTS
  return headers
}
