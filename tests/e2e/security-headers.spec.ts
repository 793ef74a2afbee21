import type { APIResponse } from '@playwright/test'
import { expect, test } from './fixtures'

function expectBaseHeaders(response: APIResponse) {
  const headers = response.headers()
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/)
  expect(headers['permissions-policy']).toMatch(/microphone=\(\)/)
  expect(headers['permissions-policy']).toMatch(/geolocation=\(\)/)
  expect(headers).not.toHaveProperty('x-powered-by')
  // The tests run over plain http: HSTS must not be sent there (unit-tested for https).
  expect(headers).not.toHaveProperty('strict-transport-security')
}

test.describe('security headers', () => {
  test('@desktop @nojs the home page carries every header and an enforced CSP that names its scripts by hash, never by nonce', async ({ request }) => {
    const response = await request.get('/')
    expect(response.status()).toBe(200)
    expectBaseHeaders(response)

    const headers = response.headers()
    expect(headers).not.toHaveProperty('content-security-policy-report-only')
    expect(headers['x-frame-options']).toBe('DENY')
    const csp = headers['content-security-policy'] ?? ''
    expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/)
    expect(csp).toMatch(/(^|; )object-src 'none'(;|$)/)
    const scriptSrc = csp.match(/script-src ([^;]*)/)?.[1] ?? ''
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain('nonce-')
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/]{43}='/)
    // No script tag carries a nonce: a cached copy would repeat it to every visitor.
    expect(await response.text()).not.toMatch(/<script\b[^>]*\bnonce=/)
  })

  test('@desktop @nojs a 404 page carries the same headers', async ({ request }) => {
    const response = await request.get('/nao-existe-mesmo')
    expect(response.status()).toBe(404)
    expectBaseHeaders(response)
    expect(response.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(response.headers()['content-security-policy']).toMatch(/script-src 'sha256-/)
  })

  test('@desktop @nojs plain-text and XML resources carry them too', async ({ request }) => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/healthz']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expectBaseHeaders(response)
    }
  })

  test('@desktop @js the page runs its scripts under the enforced policy without a violation', async ({ page, consoleMessages }) => {
    await page.goto('/')
    // Hydration needs the hashed inline scripts; a CSP block would log a console error (and fail the fixture).
    await expect.poll(() => page.evaluate(() => typeof (window as { ENV?: unknown }).ENV)).toBe('object')
    expect(consoleMessages.map((message) => message.text).join('\n')).not.toMatch(/Content Security Policy/)
  })
})

test.describe('cache policy of files', () => {
  test('@desktop @js fingerprinted assets are cached for a year, other public files for an hour, both from the presets', async ({ request }) => {
    const { cacheControl } = await import('../../app/utils/http.server')
    const html = await (await request.get('/')).text()
    const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0]
    expect(asset).toBeTruthy()
    const assetResponse = await request.get(asset!)
    expect(assetResponse.status()).toBe(200)
    expect(assetResponse.headers()['cache-control']).toBe(cacheControl.immutableAsset)
    const favicon = await request.get('/favicon.svg')
    expect(favicon.status()).toBe(200)
    expect(favicon.headers()['cache-control']).toBe(cacheControl.publicFile)
  })
})
