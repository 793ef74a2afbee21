import type { Page } from '@playwright/test'
import { expect, expectHydrated, test } from './fixtures'
import { sendContactForm } from './support/contact-form'
import { deliveryFor, uniqueEmail } from './support/deliveries'

/**
 * A visitor who clicks or types while the page is still hydrating (a slow
 * phone, a quick thumb) gets a working page, not a React error that leaves it
 * without JavaScript (app/utils/hydration-input.ts, remix-run/remix#10214).
 * Before the fix about half of these loads threw "Root did not complete"
 * (React #345).
 */
test('@desktop @js input during hydration leaves every page hydrated and free of errors', async ({ context }) => {
  // A page of its own: the fixture's page.goto waits for hydration, and this test must act before it.
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  for (const path of ['/', '/sobre', '/servicos', '/casos', '/contato', '/blog']) {
    await page.goto(path)
    // At once, while React is still hydrating: a key, a click on the page's margin, another key.
    await page.keyboard.press('Tab')
    await page.mouse.click(2, 400)
    await page.keyboard.press('Tab')
    await expectHydrated(page)
  }
  expect(errors).toEqual([])
})

/** Script files the page requests, by path. */
function scriptRequests(page: Page): string[] {
  const loaded: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname)
  })
  return loaded
}

test('@js the modules load with the page, as Remix loads them, and it hydrates with no input at all', async ({ context }) => {
  // A page of its own, driven by nothing but the navigation: no key, no pointer, no scroll.
  const page = await context.newPage()
  const loaded = scriptRequests(page)
  await page.goto('/sobre')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  expect(loaded.some((path) => /\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true)
  // Remix's own module preloads, as it renders them.
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0)
})

test("@desktop @js a visitor who leaves a cached landing page at once still gives the lead that page's campaign and referrer", async ({ context }, info) => {
  const email = uniqueEmail(info, 'saida-rapida')
  // A tab of its own, so nothing waits for hydration before the visitor leaves.
  const tab = await context.newPage()
  // Lands as if a shared cache had served the page (the cookie the origin set is dropped: a CDN would not pass it on),
  // and leaves through a link at once: the inline first-touch script kept the landing page for the tab (first-touch.ts).
  await tab.goto('/blog?utm_source=saida-e2e&utm_campaign=primeira-pagina', { referer: 'https://www.instagram.com/' })
  await context.clearCookies()
  await tab
    .getByRole('navigation', { name: /principal/i })
    .getByRole('link', { name: 'Contato', exact: true })
    .click()
  await expect(tab).toHaveURL(/\/contato$/)
  await expectHydrated(tab)
  await sendContactForm(tab, { name: 'Júlia Antunes', email, phone: '11944443333', message: 'Vi o post de vocês e quero conversar.' })
  await expect(tab.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
  const { body } = await deliveryFor(tab, email)
  expect(body).toMatchObject({ utmSource: 'saida-e2e', utmCampaign: 'primeira-pagina', referrer: 'https://www.instagram.com/' })
})
