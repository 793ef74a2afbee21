import { createHash } from 'node:crypto'
import type { Page, Response } from '@playwright/test'
import { expect, expectHydrated, test } from './fixtures'
import { axeViolations, describeViolations } from './support/axe'
import { parsePolicy } from './support/csp'
import { htmlErrors } from './support/html-checker'
import { presenceTestStep, representativePages, routePages, sitemapPaths } from './support/public-pages'

/**
 * A walk through the whole site, in the browser, once with JavaScript off
 * and once with it on (1280 px). It starts from every route's address, every
 * URL of /sitemap.xml and a signed step of the presence test, and follows
 * every same-site link of every page it reaches (with JavaScript, the links
 * rendered after hydration too); files it links to (XML, text, images) are
 * fetched. Every page is visited once per walk and checked for everything
 * that must hold on every page:
 *
 *   - it answers: no link leads to a 4xx or 5xx (one that redirects to
 *     another site is not followed there), and no file the page loads
 *     (image, stylesheet, script, font, module chunk, modulepreload) answers
 *     one either; the not-found page's own 404 is the only one allowed;
 *   - its Content-Security-Policy is enforced and strict (ADR 029):
 *     'self' (not 'strict-dynamic': no third party is configured here),
 *     object-src, base-uri and frame-ancestors 'none', no
 *     nonce, no 'unsafe-inline';
 *   - without JavaScript, where the DOM is exactly what the browser parsed,
 *     the policy's script hashes are exactly the page's inline scripts
 *     (hashed here), and axe-core finds no violation; and the W3C HTML
 *     checker finds no error in any page as the server sent it;
 *   - with JavaScript, the page hydrates (every inline script ran) with no
 *     policy violation, and axe-core finds no violation on it hydrated.
 */
const MAX_PAGES = 150
const notFound = representativePages['$.tsx']!

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

type PageCheck = (path: string, response: Response) => Promise<void>

/**
 * Queries that change only the data of one markup, walked once per path: /agendar's fourteen days are
 * the same page with another day's times. Not a rule for every query: the calculator's `?metrica=` and
 * the blog's filters render other forms and other lists, and each is walked.
 */
const ONE_WALK_PER_PATH: Record<string, string> = { '/agendar': 'dia' }

const sameMarkupKey = (url: URL) => {
  const param = ONE_WALK_PER_PATH[url.pathname]
  return param && url.searchParams.has(param) ? `${url.pathname}?${param}` : null
}

/** Visits every page reachable from the starting points, runs `check` on each, and returns the links that failed. */
async function walkSite(page: Page, check: PageCheck) {
  const { request } = page
  const origin = new URL(test.info().project.use.baseURL!).origin
  const queue = [...new Set([...routePages, ...(await sitemapPaths(request)), await presenceTestStep(request)])]
  const seen = new Set(queue)
  const broken: string[] = []
  let pages = 0
  // Every file any page of the walk loads, and its answer: a missing image or chunk breaks that page.
  page.on('response', (response) => {
    const request = response.request()
    const url = new URL(response.url())
    if (response.status() < 400 || url.origin !== origin) return
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return // the walk's own documents: below
    broken.push(`${url.pathname}${url.search} (${request.resourceType()}, on ${new URL(page.url()).pathname}) → ${response.status()}`)
  })

  while (queue.length > 0 && pages < MAX_PAGES) {
    const path = queue.shift()!
    // A same-site address that sends the browser elsewhere (the WhatsApp handoff, ADR 049) answers its redirect; the walk stays here.
    const first = await request.get(path, { maxRedirects: 0 })
    const location = first.headers().location
    if (first.status() >= 300 && first.status() < 400 && location && new URL(location, origin).origin !== origin) continue
    const response = await page.goto(path)
    pages++
    const status = response?.status() ?? 0
    if (!response || (status >= 400 && !(path === notFound && status === 404))) {
      broken.push(`${path} → ${status}`)
      continue
    }
    if (!response.headers()['content-type']?.startsWith('text/html')) continue
    await check(path, response)
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))
    for (const href of hrefs) {
      const url = new URL(href)
      if (url.origin !== origin || url.pathname.startsWith('/studio')) continue
      const target = `${url.pathname}${url.search}`
      const key = sameMarkupKey(url) ?? target
      if (seen.has(key)) continue
      seen.add(key)
      if (/\.(xml|txt|svg|png|jpe?g|webp|ico)$/.test(url.pathname)) {
        const file = await request.get(target)
        if (file.status() >= 400) broken.push(`${target} → ${file.status()}`)
      } else queue.push(target)
    }
  }

  // The whole site was walked, not the first MAX_PAGES of it: services, cases and articles included.
  expect(queue).toEqual([])
  for (const prefix of ['/servicos/', '/casos/', '/blog/']) expect([...seen].filter((path) => path.startsWith(prefix)).length, prefix).toBeGreaterThan(1)
  expect(pages).toBeGreaterThan(30)
  return broken
}

/** The header's directives every site page must have; returns the script hashes it allows. */
function expectStrictPolicy(path: string, response: Response): Set<string> {
  const headers = response.headers()
  expect(headers['content-security-policy-report-only'], path).toBeUndefined()
  const policy = parsePolicy(headers['content-security-policy'] ?? '')
  expect(policy['object-src'], path).toEqual(["'none'"])
  expect(policy['base-uri'], path).toEqual(["'none'"])
  expect(policy['frame-ancestors'], path).toEqual(["'none'"])
  const scriptSrc = policy['script-src'] ?? []
  // The site's own modules by 'self' ('strict-dynamic' only with a third-party script configured: ADR 029).
  expect(scriptSrc, path).toContain("'self'")
  expect(scriptSrc, path).not.toContain("'strict-dynamic'")
  expect(scriptSrc.join(' '), path).not.toMatch(/nonce-|unsafe-inline|unsafe-eval/)
  return new Set(scriptSrc.filter((source) => source.startsWith("'sha256-")))
}

test.describe('the site walk', () => {
  // Some sixty pages, each loaded and checked: minutes on a busy 2-core machine.
  test.describe.configure({ timeout: 600_000 })

  // A first visit: the cookie banner is on every page, and axe checks it too.
  test.use({ consentChoice: null })

  // The walk includes the not-found page: the browser logs its 404, and only that one.
  test.beforeEach(({ allowNotFound }) => allowNotFound(notFound))

  test('@desktop @nojs the HTML checker reports an error when a page has one', () => {
    const errors = htmlErrors(
      new Map([['/exemplo', '<!DOCTYPE html><html lang="pt-BR"><head><title>x</title></head><body><div><p>aberto</span></div></body></html>']]),
    )
    expect(errors.join('\n')).toMatch(/^\/exemplo:1: /)
  })

  test('@desktop @nojs every page answers, is valid HTML, its policy allows exactly the inline scripts it carries, and axe finds no violation', async ({
    page,
  }) => {
    const documents = new Map<string, string>()
    const broken = await walkSite(page, async (path, response) => {
      documents.set(path, await response.text())
      const allowed = expectStrictPolicy(path, response)
      // The inline scripts as the browser parsed them: data blocks (JSON-LD) are not scripts.
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')]
          .filter((script) => ['', 'module', 'text/javascript', 'application/javascript'].includes((script.getAttribute('type') ?? '').toLowerCase()))
          .map((script) => script.textContent ?? ''),
      )
      expect(inline.length, path).toBeGreaterThan(0)
      expect(new Set(inline.map(sha256)), path).toEqual(allowed)
      expect(describeViolations(await axeViolations(page)), `axe on ${path}`).toEqual([])
    })
    expect(broken).toEqual([])
    // The W3C HTML checker, on every page as the server sent it (one run for all: a JVM starts once).
    expect(htmlErrors(documents)).toEqual([])
  })

  test('@desktop @js every page answers, hydrates under its policy without a violation, and axe finds no violation; the links it renders land', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const violations: string[] = []
      ;(window as { cspViolations?: string[] }).cspViolations = violations
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`))
    })
    const broken = await walkSite(page, async (path, response) => {
      expectStrictPolicy(path, response)
      // Hydrated: every inline script ran. (page.goto waits for this only once Remix's context script has
      // run, so a policy that blocked it must fail here.)
      await expectHydrated(page)
      expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations), path).toEqual([])
      expect(describeViolations(await axeViolations(page)), `axe on ${path}`).toEqual([])
    })
    expect(broken).toEqual([])
  })
})
