import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { sendContactForm } from './support/contact-form'
import { deliveryFor, uniqueEmail } from './support/deliveries'
import { privatePages, routePages, sitemapPaths } from './support/public-pages'

/**
 * Pages a CDN may share (ADR 029): a plain page view of every page answers
 * the shared-cache preset and sets no cookie; a visit that carries
 * attribution records its first touch in the origin cookie on a private
 * response; and with JavaScript, a landing page served from a shared cache
 * (so with no cookie) still gives the lead its first touch, from what the
 * browser kept.
 */
const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'

test('@desktop @js a plain page view of every page is shareable: the CDN preset and no Set-Cookie', async ({ playwright, baseURL }) => {
  const lookup = await playwright.request.newContext({ baseURL })
  // Pages showing the visitor's own data are private on purpose (checked below).
  const paths = [...new Set([...routePages.filter((path) => !path.includes('nao-existe') && !privatePages.includes(path)), ...(await sitemapPaths(lookup))])]
  await lookup.dispose()
  expect(paths.length).toBeGreaterThan(30)
  for (const path of paths) {
    // A first-time visitor each time: no cookie jar carried over.
    const visitor = await playwright.request.newContext({ baseURL })
    const response = await visitor.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['cache-control'], path).toBe(SHARED)
    expect(
      response.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie'),
      path,
    ).toEqual([])
    await visitor.dispose()
  }
  const visitor = await playwright.request.newContext({ baseURL })
  for (const path of privatePages) expect((await visitor.get(path)).headers()['cache-control'], path).toBe('private, no-store')
  await visitor.dispose()
})

test('@desktop @nojs a visit with ?utm_source= records the first touch in the origin cookie, on a private response', async ({ page, context }) => {
  const response = await page.goto('/servicos?utm_source=parceiro-cache&utm_medium=cpc')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  const origin = (await context.cookies()).find((cookie) => cookie.name === 'lead_origin')
  expect(origin?.httpOnly).toBe(true)
  expect(origin?.sameSite).toBe('Lax')
  // The rest of the visit is plain again: shareable pages, nothing set.
  const next = await page.goto('/sobre')
  expect(next?.headers()['cache-control']).toBe(SHARED)
  expect(await next?.headerValue('set-cookie')).toBeNull()
})

/**
 * Lands as if a shared cache had served the page: the same document without
 * the cookie the origin would have set (it is dropped as soon as it arrives;
 * a CDN would not have passed it on).
 */
async function landFromSharedCache(page: Page, path: string, referer: string) {
  await page.goto(path, { referer })
  await page.context().clearCookies()
}

test('@desktop @js a landing page from a shared cache sets no cookie, yet the lead carries its campaign and referrer (kept by the browser)', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'cdn')
  await landFromSharedCache(page, '/blog?utm_source=cdn-e2e&utm_campaign=cache-compartilhado', 'https://www.linkedin.com/feed/')
  await sendContactForm(page, { name: 'Rafael Prado', email, phone: '11955554444', message: 'Cheguei pelo LinkedIn e quero uma proposta.' })
  await expect(page.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
  const { body } = await deliveryFor(page, email)
  expect(body).toMatchObject({ utmSource: 'cdn-e2e', utmCampaign: 'cache-compartilhado', referrer: 'https://www.linkedin.com/feed/' })
  // The post set the cookie: the rest of the visit keeps this first touch.
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'lead_origin')).toBeDefined()
})
