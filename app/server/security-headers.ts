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

/** The enforced Content-Security-Policy of site pages: scripts only from us with this request's nonce. */
export function siteContentSecurityPolicy({ nonce, isDevelopment }: CspOptions): string {
  const directives: Record<string, string[]> = {
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
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** The embedded Studio's routes (app/routes/studio.$.tsx). */
export const STUDIO_PATH = /^\/studio(\/|$)/

/**
 * The Studio's own, looser policy, for /studio only. The Studio is a large
 * client app that talks to Sanity from the browser: its API and realtime
 * listener (*.api.sanity.io over https and wss), the image CDN, its version
 * check (sanity-cdn.com), user avatars
 * from the login providers, and blob: URLs for uploads and previews. Its
 * scripts still come only from our origin (the lazily loaded chunk) or carry
 * this request's nonce, and nothing may frame it from elsewhere.
 */
export function studioContentSecurityPolicy({ nonce, isDevelopment }: CspOptions): string {
  const sanityApi = ['https://*.api.sanity.io', 'wss://*.api.sanity.io', 'https://api.sanity.io', 'https://*.apicdn.sanity.io']
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https://cdn.sanity.io',
      'https://*.sanity.io',
      'https://lh3.googleusercontent.com',
      'https://avatars.githubusercontent.com',
      'https://www.gravatar.com',
    ],
    'font-src': ["'self'", 'data:'],
    // sanity-cdn.com: the Studio polls it for its latest version (the "update available" notice).
    'connect-src': ["'self'", ...sanityApi, 'https://cdn.sanity.io', 'https://sanity-cdn.com', ...(isDevelopment ? ['ws:', 'wss:'] : [])],
    'media-src': ["'self'", 'blob:', 'https://cdn.sanity.io'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'https://*.sanity.io'],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'", 'https://api.sanity.io', 'https://*.api.sanity.io'],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/**
 * The policy of one response by its path: the Studio's under /studio, the
 * strict site policy everywhere else. The server calls this for every request
 * (app/server/app.ts), before Remix renders.
 */
export function contentSecurityPolicyFor(pathname: string, options: CspOptions): string {
  return STUDIO_PATH.test(pathname) ? studioContentSecurityPolicy(options) : siteContentSecurityPolicy(options)
}

export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ')

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
  }
  if (isProduction && isHttps) headers['Strict-Transport-Security'] = HSTS
  return headers
}
