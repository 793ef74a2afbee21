import { describe, expect, it } from 'vitest'
import { baseSecurityHeaders, HSTS, siteContentSecurityPolicy } from '~/server/security-headers'

/** Splits a CSP into a directive -> sources map. */
function directives(policy: string) {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

describe('siteContentSecurityPolicy', () => {
  const policy = directives(siteContentSecurityPolicy({ nonce: 'abc123==', isDevelopment: false }))

  it("allows scripts only from our origin and with this request's nonce", () => {
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123=='"])
    expect(policy['script-src']).not.toContain("'unsafe-inline'")
    expect(policy['script-src']).not.toContain("'unsafe-eval'")
  })

  it('carries a different nonce for a different request', () => {
    const other = directives(siteContentSecurityPolicy({ nonce: 'zzz999==', isDevelopment: false }))
    expect(other['script-src']).toContain("'nonce-zzz999=='")
    expect(other['script-src']).not.toContain("'nonce-abc123=='")
  })

  it('lets only our own pages frame the site, and blocks plugins and base-tag hijacking', () => {
    expect(policy['frame-ancestors']).toEqual(["'self'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
    expect(policy['form-action']).toEqual(["'self'"])
    expect(policy['default-src']).toEqual(["'self'"])
  })

  it('opens the hot-reload websocket only in development', () => {
    expect(policy['connect-src']).toEqual(["'self'"])
    const dev = directives(siteContentSecurityPolicy({ nonce: 'n', isDevelopment: true }))
    expect(dev['connect-src']).toEqual(expect.arrayContaining(['ws:']))
  })
})

describe('baseSecurityHeaders', () => {
  it('sends nosniff, the referrer policy and a restrictive permissions policy on every response', () => {
    const headers = baseSecurityHeaders({ isProduction: false, isHttps: false })
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Cross-Origin-Resource-Policy']).toBe('same-origin')
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) {
      expect(headers['Permissions-Policy']).toContain(feature)
    }
  })

  it('sends HSTS only in production over https', () => {
    expect(baseSecurityHeaders({ isProduction: true, isHttps: true })['Strict-Transport-Security']).toBe(HSTS)
    expect(HSTS).toMatch(/max-age=31536000/)
    expect(baseSecurityHeaders({ isProduction: true, isHttps: false })).not.toHaveProperty('Strict-Transport-Security')
    expect(baseSecurityHeaders({ isProduction: false, isHttps: true })).not.toHaveProperty('Strict-Transport-Security')
    expect(baseSecurityHeaders({ isProduction: false, isHttps: false })).not.toHaveProperty('Strict-Transport-Security')
  })
})
