import { describe, expect, it } from 'vitest'
import { thirdPartySources } from '~/analytics/third-party'
import { baseSecurityHeaders, HSTS, scriptlessContentSecurityPolicy, siteContentSecurityPolicy } from '~/server/security-headers'

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
  const policy = directives(siteContentSecurityPolicy({ scriptHashes: ['aGFzaDE=', 'aGFzaDI='], isDevelopment: false }))

  it("allows exactly the inline scripts it names by hash and the site's own modules: no nonce, no inline, no eval", () => {
    expect(policy['script-src']).toEqual(["'sha256-aGFzaDE='", "'sha256-aGFzaDI='", "'self'"])
    expect(policy['script-src']?.join(' ')).not.toMatch(/nonce|unsafe/)
  })

  it("with a third-party script configured, trusts what the hashed scripts load ('strict-dynamic') instead of 'self'", () => {
    const withTagManager = directives(
      siteContentSecurityPolicy({ scriptHashes: ['aGFzaDE='], isDevelopment: false, thirdParty: thirdPartySources({ GTM_ID: 'GTM-ABC1234' }) }),
    )
    expect(withTagManager['script-src']).toEqual(["'sha256-aGFzaDE='", "'strict-dynamic'"])
  })

  it('allows no script at all where there is none (files, feeds, refusals)', () => {
    expect(directives(scriptlessContentSecurityPolicy(false))['script-src']).toEqual(["'none'"])
  })

  it('lets nobody frame the site, and blocks plugins and base-tag hijacking', () => {
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'none'"])
    expect(policy['form-action']).toEqual(["'self'"])
    expect(policy['default-src']).toEqual(["'self'"])
  })

  it('opens the hot-reload websocket only in development', () => {
    expect(policy['connect-src']).toEqual(["'self'"])
    const dev = directives(siteContentSecurityPolicy({ scriptHashes: [], isDevelopment: true }))
    expect(dev['connect-src']).toEqual(expect.arrayContaining(['ws:']))
  })

  it("lets Vite's dev server load its own module scripts in development: 'self' with the hashes, never 'strict-dynamic' (which would ignore 'self')", () => {
    const dev = directives(
      siteContentSecurityPolicy({ scriptHashes: ['aGFzaDE='], isDevelopment: true, thirdParty: thirdPartySources({ GTM_ID: 'GTM-ABC1234' }) }),
    )
    expect(dev['script-src']).toEqual(["'sha256-aGFzaDE='", "'self'"])
  })
})

describe('baseSecurityHeaders', () => {
  it('sends nosniff, the referrer policy and a restrictive permissions policy on every response', () => {
    const headers = baseSecurityHeaders({ isProduction: false, isHttps: false })
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Cross-Origin-Resource-Policy']).toBe('same-origin')
    expect(headers['X-Frame-Options']).toBe('DENY')
    expect(baseSecurityHeaders({ isProduction: false, isHttps: false, pathname: '/studio/desk' })['X-Frame-Options']).toBe('SAMEORIGIN')
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
