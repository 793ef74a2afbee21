import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { deliveryFor, fillByLabel, uniqueEmail } from './support/deliveries'

/**
 * The data layer after a lead (spec lead-capture §3, §7.3, §9; ADR 031): the
 * form's own event and form_submission, with the event id stored with the
 * lead and the server's session id; user data only with consent, hashed.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

type PushedEvent = Record<string, unknown> & { event?: string }

/** The events pushed so far (Consent Mode's gtag calls are arguments objects without an `event`). */
const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (entry): entry is PushedEvent => typeof entry === 'object' && entry !== null && 'event' in entry,
    ),
  )

async function eventNamed(page: Page, name: string): Promise<PushedEvent> {
  await expect.poll(async () => (await dataLayerEvents(page)).map((event) => event.event), { message: `dataLayer has ${name}` }).toContain(name)
  return (await dataLayerEvents(page)).find((event) => event.event === name)!
}

async function sendContactForm(page: Page, email: string) {
  await page.goto('/contato')
  const form = page.locator('form#contato-pagina')
  await fillByLabel(form, {
    Nome: 'Helena Duarte Lima',
    'E-mail': ` ${email.toUpperCase()} `.trim(),
    'Telefone / WhatsApp': '(31) 99123-4567',
    Mensagem: 'Queremos automatizar o atendimento no WhatsApp.',
  })
  await form.getByRole('button', { name: 'Enviar Mensagem' }).click()
  await expect(page.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
}

test.describe('the data layer after a lead', () => {
  test('@desktop @js /contato pushes contact_form and form_submission with the stored event id and the server session, and no user data without consent', async ({
    page,
  }, info) => {
    const email = uniqueEmail(info, 'medicao')
    await sendContactForm(page, email)
    expect(await eventNamed(page, 'contact_form')).toMatchObject({ form_location: 'contact_page', form_name: 'contact_form' })
    const submission = await eventNamed(page, 'form_submission')
    const { body } = await deliveryFor(page, email)
    expect(submission).toMatchObject({
      event_id: body.eventId,
      session_id: body.sessionId,
      external_id: body.sessionId,
      value: 200,
      currency: 'BRL',
      form_name: 'contact_form',
      form_location: 'contact_page',
      fbc: null,
      fbp: null,
    })
    expect(submission.event_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(submission.session_id).toMatch(/^session_\d+_[a-z0-9]+$/)
    expect(submission).not.toHaveProperty('user_data')
    expect(submission.page_url).toMatch(/\/contato$/)
    expect(submission.engagement_time_msec).toEqual(expect.any(Number))
    // The browser keeps the server's session id (spec §4).
    expect(await page.evaluate(() => sessionStorage.getItem('lead_session_id'))).toBe(body.sessionId)
    // The receipt is read once.
    expect(await page.evaluate(() => document.cookie)).not.toContain('lead_receipt=')
  })

  test.describe('with consent', () => {
    test.use({ consentChoice: 'aceito' })
    test('@desktop @js with consent, form_submission carries the e-mail, phone and name split at the first space, normalised and hashed, and the Meta cookies', async ({
      page,
      context,
      baseURL,
    }, info) => {
      await context.addCookies([{ name: '_fbp', value: 'fb.1.1764000000000.1234567890', url: baseURL! }])
      const email = uniqueEmail(info, 'medicao-consentida')
      await sendContactForm(page, email)
      const submission = await eventNamed(page, 'form_submission')
      expect(submission.user_data).toEqual({
        email: sha256(email),
        phone_number: sha256('+5531991234567'),
        address: { first_name: sha256('helena'), last_name: sha256('duarte lima') },
      })
      expect(submission.fbp).toBe('fb.1.1764000000000.1234567890')
      expect(JSON.stringify(await dataLayerEvents(page))).not.toContain(email)
    })
  })

  test('@desktop @js the newsletter pushes newsletter_subscription (blog_page) and a form_submission worth 50', async ({ page }, info) => {
    const email = uniqueEmail(info, 'medicao-newsletter')
    await page.goto('/blog')
    const form = page.locator('form#newsletter-form')
    await form.getByLabel('Seu melhor e-mail').fill(email)
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Inscrever-se' }).click()
    expect(await eventNamed(page, 'newsletter_subscription')).toMatchObject({ form_location: 'blog_page' })
    expect(await eventNamed(page, 'form_submission')).toMatchObject({ form_name: 'newsletter', value: 50, currency: 'BRL' })
  })
})
