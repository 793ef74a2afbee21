import { describe, expect, test } from 'vitest'
import { studioContentSecurityPolicy } from '~/server/security-headers'

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

describe('the Studio’s scoped Content-Security-Policy', () => {
  const options = { nonce: 'n0nce==', isDevelopment: false }
  const studio = directives(studioContentSecurityPolicy(options))

  test('lets the Studio talk to Sanity: API, realtime listener and image CDN', () => {
    expect(studio['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.api.sanity.io', 'wss://*.api.sanity.io']))
    expect(studio['img-src']).toEqual(expect.arrayContaining(['https://cdn.sanity.io', 'blob:', 'data:']))
  })

  test('keeps scripts to our origin and the nonce, and keeps framing, plugins and base tags locked', () => {
    expect(studio['script-src']).toEqual(["'self'", "'nonce-n0nce=='"])
    expect(studio['frame-ancestors']).toEqual(["'self'"])
    expect(studio['object-src']).toEqual(["'none'"])
    expect(studio['base-uri']).toEqual(["'self'"])
  })
})
