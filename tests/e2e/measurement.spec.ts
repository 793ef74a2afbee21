import { createHash } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, expectFormReady, test } from './fixtures'
import { fillContactForm, rewriteContactPosts, sendContactForm, type ContactMessage } from './support/contact-form'
import { dataLayerEvents, eventNamed, expectLeadEvents } from './support/data-layer'
import { deliveryFor, fillByLabel, uniqueEmail } from './support/deliveries'
import { presenceTestResults } from './support/public-pages'

/**
 * The data layer after a lead (ADR 031): the
 * form's own event and form_submission, with the event id stored with the
 * lead and the server's session id; user data only with consent, hashed.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

const helena = (email: string): ContactMessage => ({
  name: 'Helena Duarte Lima',
  email,
  phone: '(31) 99123-4567',
  message: 'Queremos automatizar o atendimento no WhatsApp.',
})

/** Helena sends /contato's form, her e-mail typed in capitals, and sees the confirmation. */
async function sendAsHelena(page: Page, email: string) {
  await sendContactForm(page, helena(email.toUpperCase()))
  await expect(page.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
}

test.describe('the data layer after a lead', () => {
  test('@desktop @js /contato pushes contact_form and form_submission with the stored event id and the server session, and no user data without consent', async ({
    page,
  }, info) => {
    const email = uniqueEmail(info, 'medicao')
    await sendAsHelena(page, email)
    const delivery = await deliveryFor(page, email)
    const submission = await expectLeadEvents(page, delivery, { ownEvent: 'contact_form', formName: 'contact_form', location: 'contact_page', value: 200 })
    const { body } = delivery
    expect(submission).toMatchObject({ fbc: null, fbp: null })
    expect(submission.session_id).toMatch(/^session_\d+_[a-z0-9]+$/)
    expect(submission).not.toHaveProperty('user_data')
    expect(submission.page_url).toMatch(/\/contato$/)
    expect(submission.engagement_time_msec).toEqual(expect.any(Number))
    // The browser keeps the server's session id: one id per visit.
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
      await sendAsHelena(page, email)
      const submission = await eventNamed(page, 'form_submission')
      expect(submission.user_data).toEqual({
        email: sha256(email),
        phone_number: sha256('+5531991234567'),
        address: { first_name: sha256('helena'), last_name: sha256('duarte lima') },
      })
      expect(submission.fbp).toBe('fb.1.1764000000000.1234567890')
      expect(JSON.stringify(await dataLayerEvents(page))).not.toContain(email)
    })

    test('@desktop @js with consent, the briefing’s phone is hashed in the E.164 of the country chosen', async ({ page }, info) => {
      const email = uniqueEmail(info, 'medicao-briefing-eua')
      await page.goto('/criar-agente')
      for (const step of [2, 3, 4, 5]) {
        await page.getByRole('button', { name: 'Próximo' }).click()
        await expect(page.getByText(`Etapa ${step} de 5`)).toBeVisible()
      }
      await page.getByLabel('Seu nome').fill('Mary Smith')
      await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
      await page.getByLabel('País').selectOption('US')
      await page.getByLabel('Telefone / WhatsApp').fill('2015550123')
      await page.getByRole('button', { name: 'Enviar Briefing' }).click()
      await expect(page.getByRole('dialog', { name: 'Briefing Enviado com Sucesso!' })).toBeVisible()
      const submission = await eventNamed(page, 'form_submission')
      expect(submission.user_data).toMatchObject({ phone_number: sha256('+12015550123') })
    })
  })

  test('@desktop @js the newsletter pushes newsletter_subscription (blog_page) and a form_submission worth 50', async ({ page }, info) => {
    const email = uniqueEmail(info, 'medicao-newsletter')
    await page.goto('/blog')
    const form = page.locator('form#newsletter-form')
    await expectFormReady(form)
    await form.getByLabel('Seu melhor e-mail').fill(email)
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Inscrever-se' }).click()
    const delivery = await deliveryFor(page, email)
    await expectLeadEvents(page, delivery, { ownEvent: 'newsletter_subscription', formName: 'newsletter', location: 'blog_page', value: 50 })
  })

  test('@desktop @js a post the server refuses pushes form_submission_error with the form, the error type and the message', async ({
    page,
    allowConsoleErrors,
  }, info) => {
    allowConsoleErrors(/status of 400/)
    const form = await fillContactForm(page, helena(uniqueEmail(info, 'medicao-recusa')))
    // A form whose timer got lost on the way (a proxy, an extension): the server stores nothing and says so.
    await rewriteContactPosts(page, (body) => body.set('_lead_timer', ''))
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click()
    expect(await eventNamed(page, 'form_submission_error')).toEqual({
      event: 'form_submission_error',
      form_name: 'contact_form',
      error_type: 'server_error',
      error_message: 'Não foi possível confirmar o envio. Confira os dados e envie novamente.',
      form_id: 'contact_page_form',
      source: 'formulario_contato',
    })
    expect((await dataLayerEvents(page)).map((event) => event.event)).not.toContain('form_submission')
  })

  /** Fills a tool's lead form (the same three fields on each) and sends it. */
  async function sendToolLead(form: Locator, email: string, button: string) {
    await expectFormReady(form)
    await fillByLabel(form, { 'Nome completo': 'Rafael Nogueira', 'E-mail': email, 'Telefone / WhatsApp': '41988776655' })
    await form.getByRole('button', { name: button }).click()
  }

  test('@desktop @js the home form pushes form_submission worth 200 and no event of its own', async ({ page }, info) => {
    const email = uniqueEmail(info, 'medicao-home')
    await page.goto('/')
    await sendToolLead(page.locator('form#contato-home'), email, 'Agendar Minha Sessão Estratégica')
    await expectLeadEvents(page, await deliveryFor(page, email), { ownEvent: null, formName: 'contact_home', location: 'home_page', value: 200 })
  })

  test('@desktop @js the calculator pushes lead_capture (calculator_page) and a form_submission worth 100', async ({ page }, info) => {
    const email = uniqueEmail(info, 'medicao-calculadora')
    await page.goto('/ferramentas/calculadora?metrica=cac&totalCosts=1000&newCustomers=4&etapa=contato')
    await sendToolLead(page.locator('form', { has: page.getByRole('button', { name: 'Ver análise completa' }) }), email, 'Ver análise completa')
    await expectLeadEvents(page, await deliveryFor(page, email), {
      ownEvent: 'lead_capture',
      formName: 'lead_capture_calculator',
      location: 'calculator_page',
      value: 100,
    })
  })

  test('@desktop @js the presence test pushes lead_capture (test_results_page) and a form_submission worth 150', async ({ page }, info) => {
    const email = uniqueEmail(info, 'medicao-teste')
    await page.goto(await presenceTestResults(page.request, Array(25).fill(3)))
    await sendToolLead(page.locator('form', { has: page.getByRole('button', { name: 'Ver meu resultado completo' }) }), email, 'Ver meu resultado completo')
    await expectLeadEvents(page, await deliveryFor(page, email), {
      ownEvent: 'lead_capture',
      formName: 'lead_capture_test',
      location: 'test_results_page',
      value: 150,
    })
  })
})

test.describe('web vitals', () => {
  const vital = async (page: Page, name: string) => {
    const named = async () => (await dataLayerEvents(page)).find((event) => event.event === 'web_vitals' && event.metric_name === name)
    await expect.poll(named, { message: `web_vitals ${name}` }).toBeTruthy()
    return (await named())!
  }

  test('@desktop @js each metric is pushed with its name, rounded value and rating, once the page has loaded', async ({ page }) => {
    await page.goto('/sobre')
    // The metrics are observed once their code has loaded after hydration: FCP is pushed as soon as it is.
    await vital(page, 'FCP')
    // LCP is final at the next input; CLS and INP when the page is hidden.
    await page.getByRole('heading', { level: 1 }).click()
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    for (const name of ['TTFB', 'FCP', 'LCP', 'CLS']) {
      const event = await vital(page, name)
      expect(event).toMatchObject({ metric_rating: expect.stringMatching(/^(good|needs-improvement|poor)$/), metric_id: expect.any(String) })
      const value = event.metric_value as number
      expect(value).toBeGreaterThanOrEqual(0)
      // Times in whole milliseconds; CLS with three decimals at most.
      expect(name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value)).toBe(value)
    }
    expect((await vital(page, 'FCP')).metric_value).toBeGreaterThan(0)
  })
})
