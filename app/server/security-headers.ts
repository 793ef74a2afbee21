/**
 * Security headers for every response, and the per-request nonce CSP for the
 * site's HTML. The Studio (issue 3) gets its own, looser policy.
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
