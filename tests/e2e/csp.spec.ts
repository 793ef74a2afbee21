import { createHash } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { presenceTestStep, routePages, sitemapPaths } from './support/public-pages'

/**
 * The hash-based Content-Security-Policy (ADR 029), on every route: the
 * header is enforced, strict ('strict-dynamic', object-src, base-uri and
 * frame-ancestors 'none', no nonce, no 'unsafe-inline'), and its script
 * hashes are exactly the inline scripts the browser parsed from that page:
 * each one allowed, nothing else. The scripts are read from the browser's
 * own DOM (not from our HTML parser), hashed here, and the page must run
 * with no policy violation.
 */
type Directives = Record<string, string[]>

function parsePolicy(header: string): Directives {
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  )
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Every page's address, a signed step of the presence test among them. */
async function everyPage(request: APIRequestContext) {
  const paths = [...new Set([...routePages, ...(await sitemapPaths(request)), await presenceTestStep(request)])]
  expect(paths.length).toBeGreaterThan(30)
  return paths
}

// Without JavaScript the DOM is exactly what the browser parsed: no script has added or removed one.
test('@desktop @nojs every page’s policy allows exactly the inline scripts it carries', async ({ page, request, allowConsoleErrors }) => {
  test.setTimeout(180_000)
  // The not-found page is on the list: the browser logs its 404.
  allowConsoleErrors(/status of 404/)
  for (const path of await everyPage(request)) {
    const response = await page.goto(path)
    const header = response?.headers()['content-security-policy'] ?? ''
    expect(response?.headers()['content-security-policy-report-only'], path).toBeUndefined()
    const policy = parsePolicy(header)
    expect(policy['object-src'], path).toEqual(["'none'"])
    expect(policy['base-uri'], path).toEqual(["'none'"])
    expect(policy['frame-ancestors'], path).toEqual(["'none'"])
    const scriptSrc = policy['script-src'] ?? []
    expect(scriptSrc, path).toContain("'strict-dynamic'")
    expect(scriptSrc.join(' '), path).not.toMatch(/nonce-|unsafe-inline|unsafe-eval/)

    // The inline scripts as the browser parsed them: data blocks (JSON-LD) are not scripts.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => ['', 'module', 'text/javascript', 'application/javascript'].includes((script.getAttribute('type') ?? '').toLowerCase()))
        .map((script) => script.textContent ?? ''),
    )
    expect(inline.length, path).toBeGreaterThan(0)
    const allowed = new Set(scriptSrc.filter((source) => source.startsWith("'sha256-")))
    expect(new Set(inline.map(sha256)), path).toEqual(allowed)
  }
})

test('@desktop @js every page runs under its policy without a violation', async ({ page, request, allowConsoleErrors }) => {
  test.setTimeout(180_000)
  allowConsoleErrors(/status of 404/)
  await page.addInitScript(() => {
    const violations: string[] = []
    ;(window as { cspViolations?: string[] }).cspViolations = violations
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  for (const path of await everyPage(request)) {
    await page.goto(path)
    // Hydrated: every inline script ran (Remix's context and the route modules they import).
    await expect.poll(() => page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter), { message: path }).toBe('object')
    expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations), path).toEqual([])
  }
})

test('@desktop @js a policy repeated by a cache still holds: the page served from memory runs its scripts with the same header', async ({ page }) => {
  await page.goto('/casos')
  const second = await page.goto('/casos')
  expect(second?.headers()['x-page-cache']).toBe('hit')
  // Hydration needs every inline script: the browser's form enhancement and router are there.
  await expect.poll(() => page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter)).toBe('object')
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
