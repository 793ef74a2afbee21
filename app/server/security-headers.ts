/**
 * Security headers for every response, and the per-request nonce CSP for the
 * site's HTML. The embedded Studio at /studio gets its own, looser policy
 * (`studioContentSecurityPolicy`, chosen by `contentSecurityPolicyFor`).
 */

export type CspOptions = {
  nonce: string
  /** Vite's dev server needs a websocket for hot reload. */
  isDevelopment: boolean
}

type Directives = Record<string, string[]>

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

function siteDirectives({ nonce, isDevelopment }: CspOptions): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https://cdn.sanity.io'],
    'font-src': ["'self'"],
    'connect-src': isDevelopment ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
  }
}

/** The enforced Content-Security-Policy of site pages: scripts only from us with this request's nonce. */
export function siteContentSecurityPolicy(options: CspOptions): string {
  return serialize(siteDirectives(options))
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
 * The Studio's own, looser policy, for /studio only: the site's policy plus
 * what a large client app talking to Sanity from the browser needs (its API
 * and realtime listener over https and wss, the image CDN, its version check,
 * login providers' avatars, blob: URLs for uploads and previews). Its scripts
 * still come only from our origin or carry this request's nonce, and nothing
 * may frame it from elsewhere.
 */
export function studioContentSecurityPolicy(options: CspOptions): string {
  const directives = siteDirectives(options)
  for (const [name, extra] of Object.entries(STUDIO_ADDITIONS)) directives[name] = [...(directives[name] ?? []), ...extra]
  return serialize(directives)
}

/**
 * The policy of one response by its path: the Studio's under /studio, the
 * strict site policy everywhere else. The server calls this for every request
 * (app/server/app.ts), before Remix renders.
 */
export function contentSecurityPolicyFor(pathname: string, options: CspOptions): string {
  return STUDIO_PATH.test(pathname) ? studioContentSecurityPolicy(options) : siteContentSecurityPolicy(options)
}

export const PERMISSIONS_POLICY = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'browsing-topics=()', 'interest-cohort=()'].join(
  ', ',
)

/** One year, with subdomains: only sent in production over https. */
export const HSTS = 'max-age=31536000; includeSubDomains'

export type BaseHeaderOptions = { isProduction: boolean; isHttps: boolean }

/** Headers that every response carries, whatever its type. */
export function baseSecurityHeaders({ isProduction, isHttps }: BaseHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Other sites may link to us, never load our pages or files into theirs.
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
  if (isProduction && isHttps) headers['Strict-Transport-Security'] = HSTS
  return headers
}
