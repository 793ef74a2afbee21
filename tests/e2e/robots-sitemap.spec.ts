import { expect, test } from './fixtures'

// playwright.config.ts starts the server with this SITE_URL.
const SITE_URL = 'http://localhost:3000'

test.describe('/robots.txt', () => {
  test('@desktop @nojs is plain UTF-8 text with the rules, the sitemap and the host', async ({ request }) => {
    const response = await request.get('/robots.txt')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.headers()['cache-control']).toMatch(/public/)
    expect(response.headers()['cache-control']).toMatch(/max-age=86400/)

    const text = await response.text()
    const starGroup = text.split('\n\n').find((block) => /^User-agent: \*$/m.test(block)) ?? ''
    expect(starGroup).toMatch(/^Allow: \/$/m)
    for (const path of ['/admin/', '/temp/', '/dev/', '/api/', '/private/', '/_redirects', '/netlify/']) {
      expect(starGroup.split('\n')).toContain(`Disallow: ${path}`)
    }
    expect(text).toMatch(/User-agent: Googlebot\n(?:.+\n)*Crawl-delay: 1\n/)
    expect(text).toMatch(/User-agent: AhrefsBot\n(?:.+\n)*Crawl-delay: 10\n/)
    expect(text).toMatch(/User-agent: GPTBot\nAllow: \//)
    expect(text).toMatch(/User-agent: Bytespider\nDisallow: \/\n/)
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml\n`)
    expect(text).toContain('Host: localhost:3000\n')
  })

  test('@desktop @nojs a person opening it sees the rules as text, not an HTML page', async ({ page, allowNotFound }) => {
    // On a non-HTML page Chromium may ask for /favicon.ico.
    allowNotFound('/favicon.ico')
    const missing: string[] = []
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(new URL(response.url()).pathname)
    })
    const response = await page.goto('/robots.txt')
    expect(response?.status()).toBe(200)
    await expect(page.locator('body')).toContainText('User-agent: *')
    await expect(page.locator('header')).toHaveCount(0)
    expect(missing.filter((path) => path !== '/favicon.ico')).toEqual([])
  })
})

test.describe('/sitemap.xml', () => {
  test('@desktop @nojs is XML listing the home page by its absolute URL', async ({ request }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^application\/xml/)
    const xml = await response.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain(`<loc>${SITE_URL}/</loc>`)
  })

  test('@desktop @nojs lists only pages that exist: every URL answers 200', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text()
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]?.replaceAll('&amp;', '&') ?? '')
    expect(locs.length).toBeGreaterThan(0)
    for (const loc of locs) {
      const url = new URL(loc)
      expect(url.origin).toBe(SITE_URL)
      const response = await request.get(url.pathname + url.search, { maxRedirects: 0 })
      expect(response.status(), loc).toBe(200)
    }
  })
})
