import { expect, expectHydrated, test } from './fixtures'
import { parsePolicy } from './support/csp'

/**
 * The hash-based Content-Security-Policy (ADR 029) where the site walk
 * (site-walk.spec.ts, which checks every page's policy against the scripts
 * it carries) does not go: a page served again from the server's cache,
 * and the responses that are not pages, which allow no script at all.
 */
test('@desktop @js a policy repeated by a cache still holds: the page served from memory runs its scripts with the same header', async ({ page }) => {
  // An address of its own: a copy another test left of /casos may expire (the TTL) between the two visits.
  const address = `/casos?visita=${Date.now()}`
  const first = await page.goto(address)
  expect(first?.headers()['x-page-cache']).toBe('miss')
  const second = await page.goto(address)
  expect(second?.headers()['x-page-cache']).toBe('hit')
  // Hydration needs every inline script: the browser's form enhancement and router are there.
  await expectHydrated(page)
})

test('@desktop @js files, feeds and refusals allow no script at all', async ({ request }) => {
  for (const path of ['/robots.txt', '/sitemap.xml', '/blog/rss.xml', '/healthz', '/favicon.svg']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const policy = parsePolicy(response.headers()['content-security-policy'] ?? '')
    expect(policy['script-src'], path).toEqual(["'strict-dynamic'"])
    expect(policy['frame-ancestors'], path).toEqual(["'none'"])
  }
})
