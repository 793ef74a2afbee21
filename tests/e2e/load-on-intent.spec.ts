import type { Page } from '@playwright/test'
import { expect, expectHydrated, test, visitWithoutIntent } from './fixtures'
import { sendContactForm } from './support/contact-form'
import { deliveryFor, uniqueEmail } from './support/deliveries'

/**
 * The application's modules load on the visitor's first sign of intent, not
 * with the page (ADR 033): until then the page is the server's HTML, which
 * works without JavaScript; a scroll, a pointer, a touch, a key or a focus
 * loads them and React hydrates. What only an inline script can keep (the
 * visit's first touch) is kept even when the visitor leaves before that.
 */
function scriptRequests(page: Page): string[] {
  const loaded: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname)
  })
  return loaded
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated ?? null)

const intents: Array<[string, (page: Page) => Promise<void>]> = [
  ['a pointer moving', (page) => page.mouse.move(200, 300)],
  ['a scroll', (page) => page.mouse.wheel(0, 400)],
  ['a key (Tab, which also focuses)', (page) => page.keyboard.press('Tab')],
]

for (const [intent, act] of intents) {
  test(`@desktop @js the page loads no module until the visitor shows intent; ${intent} loads them and the page hydrates`, async ({ page }) => {
    const loaded = scriptRequests(page)
    await visitWithoutIntent(page, '/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Time enough for anything loaded with the page to have been requested.
    await page.waitForLoadState('networkidle')
    expect(loaded).toEqual([])
    expect(await hydrated(page)).toBeNull()

    await act(page)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    expect(loaded.some((path) => /\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true)
  })
}

test('@mobile @js a touch loads the modules and the page hydrates', async ({ page }) => {
  const loaded = scriptRequests(page)
  await visitWithoutIntent(page, '/sobre')
  await page.waitForLoadState('networkidle')
  expect(loaded).toEqual([])
  // On the heading: a touch that follows no link.
  await page.getByRole('heading', { level: 1 }).tap()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
})

test('@desktop @js before the modules run, the page works as it does without JavaScript: a link opens its page', async ({ page }) => {
  await visitWithoutIntent(page, '/sobre')
  await page
    .getByRole('navigation', { name: /principal/i })
    .getByRole('link', { name: 'Serviços', exact: true })
    .click()
  await expect(page).toHaveURL(/\/servicos$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // A new document: it hydrates on its own first intent.
  await expectHydrated(page)
})

test("@desktop @js a visitor who leaves a cached landing page before its modules run still gives the lead that page's campaign and referrer", async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'antes-dos-modulos')
  // Lands as if a shared cache had served the page: the cookie the origin set is dropped (a CDN would not pass it on).
  await visitWithoutIntent(page, '/blog?utm_source=intencao-e2e&utm_campaign=sem-modulos', { referer: 'https://www.instagram.com/' })
  await page.context().clearCookies()
  // At once, to another page: the click is this page's first intent, and the link opens before the modules could run.
  await page
    .getByRole('navigation', { name: /principal/i })
    .getByRole('link', { name: 'Contato', exact: true })
    .click()
  await expect(page).toHaveURL(/\/contato$/)
  await sendContactForm(page, { name: 'Júlia Antunes', email, phone: '11944443333', message: 'Vi o post de vocês e quero conversar.' })
  await expect(page.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
  const { body } = await deliveryFor(page, email)
  expect(body).toMatchObject({ utmSource: 'intencao-e2e', utmCampaign: 'sem-modulos', referrer: 'https://www.instagram.com/' })
})
