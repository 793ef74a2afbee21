import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { startServer } from './support/servers'
import { GTM_ID, PRODUCT_ID, standIns } from './support/third-parties'

/**
 * The third parties, each loaded only when configured (ADR 031), on an
 * instance configured with both (the suite's main server has neither): the
 * tag manager only after the visitor accepts, the publisher-subscription
 * script on every page and route change with the route's content class,
 * and a CSP that lets them in. Their scripts are stand-ins served by the
 * test (no network here): each records what the page asked of it.
 */
const subscriptionInits = (page: Page) => page.evaluate(() => (window as { subscriptionInits?: unknown[] }).subscriptionInits ?? [])

test.describe('third parties when configured', () => {
  test.use({ consentChoice: null })
  let server: { base: string; stop: () => Promise<void> }
  test.beforeAll(async () => {
    test.setTimeout(90_000)
    server = await startServer({ GTM_ID, SUBSCRIPTION_PRODUCT_ID: PRODUCT_ID, SESSION_SECRET: 'segredo-do-servidor-de-terceiros' })
  })
  test.afterAll(async () => server.stop())

  test('@desktop @js the subscription script starts on every page with its content class; the tag manager waits for an accept', async ({ page }) => {
    await standIns(page)
    const response = await page.goto(`${server.base}/sobre`)
    const policy = response!.headers()['content-security-policy']!
    expect(policy).toMatch(/frame-src 'self' https:\/\/news\.google\.com/)
    expect(policy).toMatch(/connect-src [^;]*https:\/\/www\.googletagmanager\.com[^;]*https:\/\/news\.google\.com/)

    await expect
      .poll(() => subscriptionInits(page))
      .toEqual([
        {
          contentType: 'open_access',
          type: 'WebPage',
          isPartOfType: ['Product'],
          isPartOfProductId: `${PRODUCT_ID}:openaccess`,
          clientOptions: { theme: 'light', lang: 'pt-BR' },
        },
      ])
    // No choice yet: the container is not even requested.
    expect(await page.evaluate(() => (window as { tagManagerLoads?: number }).tagManagerLoads)).toBeUndefined()
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0)

    // A route change initialises the script again, for the new page; it is loaded once.
    await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).click()
    await page.locator('main a[href^="/blog/"]').first().click()
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/)
    await expect.poll(async () => (await subscriptionInits(page)).at(-1)).toMatchObject({ type: 'NewsArticle', contentType: 'open_access' })
    await expect(page.locator('script[src="https://news.google.com/swg/js/v1/swg-basic.js"]')).toHaveCount(1)

    // Accepting loads the container once, from the consented page, with Consent Mode granted.
    await page.getByRole('button', { name: 'Aceitar' }).click()
    await expect.poll(() => page.evaluate(() => (window as { tagManagerLoads?: number }).tagManagerLoads)).toBe(1)
    await expect(page.locator(`script[src="https://www.googletagmanager.com/gtm.js?id=${GTM_ID}"]`)).toHaveCount(1)
  })
})
