import type { Locator, Page } from '@playwright/test'
import { expectFormReady } from '../fixtures'
import { fillByLabel } from './deliveries'

/** What a visitor types into /contato's form (its required fields). */
export type ContactMessage = { name: string; email: string; phone: string; message: string }

/**
 * Opens /contato (on `base`, another instance, or the suite's server) and
 * fills its form; the form, for what the test does next.
 */
export async function fillContactForm(page: Page, { name, email, phone, message }: ContactMessage, { base = '' } = {}): Promise<Locator> {
  await page.goto(`${base}/contato`)
  const form = page.locator('form#contato-pagina')
  await expectFormReady(form)
  await fillByLabel(form, { Nome: name, 'E-mail': email, 'Telefone / WhatsApp': phone, Mensagem: message })
  return form
}

/** Fills /contato's form and presses 'Enviar Mensagem'; the test checks what follows. */
export async function sendContactForm(page: Page, message: ContactMessage, options: { base?: string } = {}): Promise<Locator> {
  const form = await fillContactForm(page, message, options)
  await form.getByRole('button', { name: 'Enviar Mensagem' }).click()
  return form
}

/**
 * Rewrites the body of every later post of /contato's form on its way to the
 * server (a proxy, an extension, another visitor's cached copy), with
 * JavaScript on or off. Changing the field in the page would not hold: React
 * puts a controlled input's value back on its next render.
 */
export async function rewriteContactPosts(page: Page, rewrite: (body: URLSearchParams) => void): Promise<void> {
  await page.route(/\/contato(\.data)?(\?.*)?$/, async (route) => {
    const request = route.request()
    if (request.method() !== 'POST') return route.continue()
    const body = new URLSearchParams(request.postData() ?? '')
    rewrite(body)
    await route.continue({ postData: body.toString() })
  })
}
