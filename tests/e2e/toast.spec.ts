import type { Page } from '@playwright/test'
import type { ToastInput } from '../../app/utils/toast'
import { expect, test } from './fixtures'

/**
 * Flash toasts end to end. An action would answer `redirectWithToast(...)`;
 * here the redirect is played by the browser's network layer with a cookie
 * signed by the same helper and the same secret as the server under test
 * (playwright.config.ts passes E2E_SESSION_SECRET to both), so the server,
 * the browser and the page do everything else for real.
 */
const secret = process.env.E2E_SESSION_SECRET
if (!secret) throw new Error('E2E_SESSION_SECRET is set by playwright.config.ts')
process.env.SESSION_SECRET = secret

const { redirectWithToast, TOAST_COOKIE_NAME } = await import('../../app/utils/toast.server')

const TITLE = 'Dados enviados com sucesso!'
const DESCRIPTION = 'Nossa equipe responde em poucos minutos.'

/** Makes `/__envio` answer like an action that succeeded: 303 to `to`, carrying the toast cookie. */
async function fakeActionRedirect(page: Page, to: string, toast: ToastInput = { title: TITLE, description: DESCRIPTION }) {
  const response = await redirectWithToast(to, toast, { status: 303 })
  await page.route('**/__envio', (route) =>
    route.fulfill({
      status: 303,
      headers: { Location: to, 'Set-Cookie': response.headers.get('Set-Cookie') ?? '' },
    }),
  )
}

const notifications = (page: Page) => page.getByRole('status', { name: 'Notificações' })

test('a toast set before a redirect shows once on the page it lands on', async ({ page, context }) => {
  await fakeActionRedirect(page, '/')
  const landing = page.waitForResponse((response) => new URL(response.url()).pathname === '/')
  await page.goto('/__envio')
  const response = await landing

  await expect(page).toHaveURL(/\/$/)
  const region = notifications(page)
  await expect(region.getByText(TITLE)).toBeVisible()
  await expect(region.getByText(DESCRIPTION)).toBeVisible()

  // The page that read the toast cleared its cookie...
  // (The same response may also set the visit's first-touch cookie.)
  const setCookies = (await response.headersArray()).filter((header) => header.name.toLowerCase() === 'set-cookie')
  expect(setCookies.map((header) => header.value)).toContainEqual(expect.stringMatching(new RegExp(`^${TOAST_COOKIE_NAME}=;.*Expires=Thu, 01 Jan 1970`)))
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(TOAST_COOKIE_NAME)

  // ...so it is a flash: the next load has no toast.
  await page.reload()
  await expect(page.locator('main')).toBeVisible()
  await expect(region.getByText(TITLE)).toHaveCount(0)
})

test('an error toast shows its message too', async ({ page }) => {
  await fakeActionRedirect(page, '/', { type: 'error', title: 'Erro ao enviar dados. Por favor, tente novamente.' })
  await page.goto('/__envio')
  const region = notifications(page)
  await expect(region.getByText('Erro ao enviar dados. Por favor, tente novamente.')).toBeVisible()
  await expect(region.locator('[data-toast-type="error"]')).toHaveCount(1)
})

test('@nojs the toast stays until closed; its Fechar link reloads the page without it', async ({ page }) => {
  await fakeActionRedirect(page, '/')
  await page.goto('/__envio')
  const region = notifications(page)
  await expect(region.getByText(TITLE)).toBeVisible()
  await page.waitForTimeout(4_500)
  await expect(region.getByText(TITLE)).toBeVisible()

  await region.getByRole('link', { name: 'Fechar' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(region.getByText(TITLE)).toHaveCount(0)
})

test('@js the toast closes by itself after about 4 seconds', async ({ page }) => {
  await fakeActionRedirect(page, '/')
  await page.goto('/__envio')
  const region = notifications(page)
  const toast = region.getByText(TITLE)
  // The Fechar button replaces the no-JS link at hydration, when the 4 s timer starts.
  await expect(region.getByRole('button', { name: 'Fechar' })).toBeVisible()
  const hydratedAt = Date.now()

  // Still there well into the 4 s (with slack for a busy machine), gone soon after them.
  await page.waitForTimeout(2_500)
  await expect(toast).toBeVisible({ timeout: 100 })
  await expect(toast).toHaveCount(0, { timeout: 3_500 })
  expect(Date.now() - hydratedAt).toBeGreaterThanOrEqual(2_500)
})

test('@js the toast closes at once with its Fechar button', async ({ page }) => {
  await fakeActionRedirect(page, '/')
  await page.goto('/__envio')
  const region = notifications(page)
  await expect(region.getByText(TITLE)).toBeVisible()
  await region.getByRole('button', { name: 'Fechar' }).click()
  await expect(region.getByText(TITLE)).toHaveCount(0)
  await expect(page).toHaveURL(/\/$/)
})
