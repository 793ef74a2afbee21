import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * Toasts are a JavaScript nicety (without it every message is in the page).
 * The newsletter's e-mail check raises one in the browser: an address
 * without '.' gets the spec's toast and nothing is posted.
 */
const MESSAGE = 'Por favor, insira um e-mail válido.'
const notifications = (page: Page) => page.getByRole('status', { name: 'Notificações' })

async function raiseToast(page: Page) {
  await page.goto('/blog')
  const form = page.locator('form#newsletter-form')
  await form.getByLabel('Seu melhor e-mail').fill('maria@exemplo')
  await form.getByRole('checkbox').check()
  await form.getByRole('button', { name: 'Inscrever-se' }).click()
  const toast = notifications(page).getByText(MESSAGE)
  await expect(toast).toBeVisible()
  await expect(notifications(page).locator('[data-toast-type="error"]')).toHaveCount(1)
  return toast
}

test('@js @desktop the toast closes by itself after about 4 seconds', async ({ page }) => {
  const toast = await raiseToast(page)
  const shownAt = Date.now()
  // Still there well into the 4 s (with slack for a busy machine), gone soon after them.
  await page.waitForTimeout(2_500)
  await expect(toast).toBeVisible({ timeout: 100 })
  await expect(toast).toHaveCount(0, { timeout: 3_500 })
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500)
})

test('@js @desktop the toast closes at once with its Fechar button, and stays while the pointer is on it', async ({ page }) => {
  const toast = await raiseToast(page)
  await toast.hover()
  await page.waitForTimeout(4_500)
  await expect(toast).toBeVisible()
  await notifications(page).getByRole('button', { name: 'Fechar' }).click()
  await expect(toast).toHaveCount(0)
})
