import { expect, expectHydrated, test } from './fixtures'
import { parsePolicy } from './support/csp'

/**
 * The hash-based Content-Security-Policy (ADR 029) where the site walk
 * (site-walk.spec.ts, which checks every page's policy against the scripts
 * it carries) does not go: a page served again from the server's cache,
 * the responses that are not pages, which allow no script at all, and the
 * modules a page preloads, which the policy must let the browser fetch early.
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
    expect(policy['script-src'], path).toEqual(["'none'"])
    expect(policy['frame-ancestors'], path).toEqual(["'none'"])
  }
})

// Under 'strict-dynamic' Chromium refuses the preload scanner's early fetch of each `<link rel="modulepreload">` (a
// resource entry of 0 bytes) and fetches the module again only once the parser reaches the end of the body: about
// half a second later on a phone (issue 42). With 'self', each module is fetched once, by its preload.
test('@desktop @js the modules a page preloads are fetched once, by their preload links, never refused first', async ({ page, request }) => {
  for (const path of ['/', '/sobre', '/contato', '/ferramentas/calculadora']) {
    const html = await (await request.get(path)).text()
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!)
    expect(preloaded.length, path).toBeGreaterThan(0)
    await page.goto(path)
    await expectHydrated(page)
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const resource = entry as PerformanceResourceTiming
        return { path: new URL(resource.name).pathname, bytes: resource.encodedBodySize }
      }),
    )
    for (const module of preloaded) {
      // One entry, with the module's bytes: not a refused fetch (0 bytes) followed by a second one.
      expect(
        entries.filter((entry) => entry.path === module).map((entry) => entry.bytes > 0),
        `${path}: ${module}`,
      ).toEqual([true])
    }
  }
})
