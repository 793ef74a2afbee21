/**
 * The rule of ADR 034 over the real request handler (tests/support/test-site.ts),
 * with the server's own page cache in front as in production: for every
 * public page and its client-navigation data request, and for visitors with
 * every kind of cookie the site sets (and random others), an answer a shared
 * cache may keep is the same as a stranger's, and the stranger who comes
 * next gets nothing of the first visitor. The same check with a real nginx
 * cache in front of the production build: tests/e2e/shared-cache.spec.ts.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveAdmin } from '~/admin/auth.server'
import { routePages } from '../../e2e/support/public-pages'
import { ADDRESSES_BEYOND_PAGES, dataRequestPath, isShareable, sameViews, visitThenStranger, visitorJars, type StrangerVisit } from '../../support/shared-pages'
import { startTestSite, type TestSite } from '../../support/test-site'

const ADMIN = { email: 'cache@alavancadigital.com.br', password: 'senha-do-teste-de-cache-compartilhado' }
let site: TestSite
let jars: Record<string, string>
let paths: string[]

beforeAll(async () => {
  site = await startTestSite({ env: { SEED_PREVIEW: 'true' } })
  await saveAdmin(site.db, ADMIN.email, ADMIN.password)
  jars = await visitorJars(site.url, ADMIN)
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text()
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  paths = [...new Set([...routePages, ...listed, ...ADDRESSES_BEYOND_PAGES])]
}, 120_000)
afterAll(() => site.close())

/** The rule, for one visit: what a cache may keep of the first visitor's answer, and what the stranger got, are a stranger's page. */
function expectNothingOfTheVisitor({ first, stranger, reference }: StrangerVisit, label: string) {
  for (const [answer, who] of [
    [first, 'a shareable answer for the visitor'],
    [stranger, 'what the stranger got next'],
  ] as const) {
    if (!isShareable(answer)) continue
    const [got, expected] = sameViews(answer, reference)
    expect(got, `${label}: ${who}`).toEqual(expected)
  }
}

const visit = (path: string, cookie: string) => visitThenStranger({ cacheBase: site.url, originBase: site.url, path, cookie })

describe('pages a shared cache may keep are the same for every visitor (ADR 034)', () => {
  it('every page: a visitor with every kind of cookie gets a stranger’s page, and the cache hands the stranger nothing of theirs', async () => {
    expect(paths.length).toBeGreaterThan(30)
    let sharedCopies = 0
    for (const path of paths) {
      const result = await visit(path, jars.todos!)
      expectNothingOfTheVisitor(result, path)
      // The server's cache took part: a shareable page was stored from the visitor's request and served to the stranger.
      if (isShareable(result.first) && result.first.status === 200 && result.first.headers.get('Content-Type')?.startsWith('text/html')) {
        expect(result.stranger.headers.get('X-Page-Cache'), path).toBe('hit')
        sharedCopies += 1
      }
    }
    expect(sharedCopies).toBeGreaterThan(25)
  }, 120_000)

  it('every page’s data request (a client navigation) is private or the same for everyone', async () => {
    for (const path of paths) expectNothingOfTheVisitor(await visit(dataRequestPath(path), jars.todos!), dataRequestPath(path))
  }, 120_000)

  it('any mix of the site’s cookies and others, on any page, changes nothing a cache may keep', async () => {
    const kinds = Object.keys(jars).filter((kind) => kind !== 'todos')
    const otherCookie = fc
      .tuple(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,15}$/), fc.stringMatching(/^[A-Za-z0-9%._-]{0,40}$/))
      .map(([name, value]) => `${name}=${value}`)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.subarray(kinds, { minLength: 1 }),
        fc.array(otherCookie, { maxLength: 3 }),
        fc.boolean(),
        async (path, chosen, others, dataRequest) => {
          const target = dataRequest ? dataRequestPath(path) : path
          expectNothingOfTheVisitor(await visit(target, [...chosen.map((kind) => jars[kind]!), ...others].join('; ')), target)
        },
      ),
      { numRuns: 30, seed: process.env.CI ? 34 : undefined },
    )
  }, 120_000)
})
