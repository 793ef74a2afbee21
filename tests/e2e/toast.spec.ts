import type { Page } from '@playwright/test'
import { TOAST_DURATION_MS } from '../../app/components/ui/toast'
import { expect, expectBrowserValidation, expectHydrated, test } from './fixtures'
import { fillContactForm } from './support/contact-form'

/**
 * Toasts are a JavaScript nicety (without it every message is in the page).
 * The newsletter's e-mail check raises one in the browser: an address
 * without '.' gets the spec's toast and nothing is posted.
 */
const MESSAGE = 'Por favor, insira um e-mail válido.'
const notifications = (page: Page) => page.getByRole('status', { name: 'Notificações' })

/**
 * Raises the toast with the page's clock stopped (Playwright's clock): the toast's timer moves only when the test
 * moves the clock, so "4 seconds" is checked exactly, however busy the machine.
 */
async function raiseToast(page: Page) {
  await page.clock.install()
  await page.goto('/blog')
  await expectHydrated(page)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  const form = page.locator('form#newsletter-form')
  await expectBrowserValidation(form)
  await form.getByLabel('Seu melhor e-mail').fill('maria@exemplo')
  await form.getByRole('checkbox').check()
  await form.getByRole('button', { name: 'Inscrever-se' }).click()
  const toast = notifications(page).getByText(MESSAGE)
  await expect(toast).toBeVisible()
  await expect(notifications(page).locator('[data-toast-type="error"]')).toHaveCount(1)
  return toast
}

test('@js @desktop the toast closes by itself after 4 seconds', async ({ page }) => {
  const toast = await raiseToast(page)
  await page.clock.runFor(TOAST_DURATION_MS - 100)
  await expect(toast).toBeVisible()
  await page.clock.runFor(200)
  await expect(toast).toHaveCount(0)
})

test('@js @desktop the toast closes at once with its Fechar button, and stays while the pointer is on it', async ({ page }) => {
  const toast = await raiseToast(page)
  await toast.hover()
  await page.clock.runFor(TOAST_DURATION_MS + 500)
  await expect(toast).toBeVisible()
  await notifications(page).getByRole('button', { name: 'Fechar' }).click()
  await expect(toast).toHaveCount(0)
})

test('@js @desktop a send the server refuses shows the failure toast with its reason, and the form keeps what was typed', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 4\d\d/)
  await fillContactForm(page, { name: 'Renata Prado', email: 'renata.prado@exemplo.com.br', phone: '11987654321', message: 'Quero entender o tráfego pago.' })
  // A post without its form timer (as after an over-zealous privacy extension): the server refuses it, nothing is stored.
  await page.locator('form#contato-pagina input[name="_lead_timer"]').evaluate((input) => input.remove())
  await page.locator('form#contato-pagina').getByRole('button', { name: 'Enviar Mensagem' }).click()
  const toast = notifications(page).locator('[data-toast-type="error"]')
  await expect(toast.getByText('Erro ao enviar dados. Por favor, tente novamente.')).toBeVisible()
  await expect(toast.getByText('Não foi possível confirmar o envio. Confira os dados e envie novamente.')).toBeVisible()
  await expect(page.locator('form#contato-pagina').getByLabel('Nome')).toHaveValue('Renata Prado')
})
