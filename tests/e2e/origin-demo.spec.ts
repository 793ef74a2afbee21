import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { sendContactForm } from './support/contact-form'
import { dataLayerEvents, eventNamed } from './support/data-layer'
import { deliveryFor, uniqueEmail } from './support/deliveries'

/**
 * /demo/origin-tracking (ADR 031): the origin
 * data the forms would send for this visit, as the server reads it (so
 * without JavaScript too), the demo button, and with JavaScript the debug
 * panel: the browser's tracking data, the lead log and the dataLayer events.
 */
const DEMO = '/demo/origin-tracking'
const CAMPAIGN = `${DEMO}?utm_source=instagram&utm_campaign=black-friday&fbclid=IwAR-teste`

/** The value the server view shows for a label. */
const serverValue = (page: Page, label: string) =>
  page
    .getByTestId('origem-servidor')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')

test.describe('the origin-tracking demo', () => {
  test.describe('with consent', () => {
    test.use({ consentChoice: 'aceito' })

    test('@desktop shows the campaign, the click id, Meta’s click cookie and the session the server recorded; kept out of caches and search engines', async ({
      page,
      javaScriptEnabled,
    }) => {
      const response = await page.goto(CAMPAIGN)
      expect(response?.headers()['cache-control']).toBe('private, no-store')
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
      await expect(page.getByRole('heading', { level: 1, name: 'Demonstração: rastreamento de origem' })).toBeVisible()
      await expect(serverValue(page, 'utm_source')).toHaveText('instagram')
      await expect(serverValue(page, 'utm_campaign')).toHaveText('black-friday')
      await expect(serverValue(page, 'utm_medium')).toHaveText('não informado')
      await expect(serverValue(page, 'fbclid (clique na Meta)')).toHaveText('IwAR-teste')
      await expect(serverValue(page, '_fbc (cookie da Meta)')).toHaveText(/^fb\.1\.\d{13}\.IwAR-teste$/)
      await expect(serverValue(page, 'Primeira página da visita')).toHaveText(
        /\/demo\/origin-tracking\?utm_source=instagram&utm_campaign=black-friday&fbclid=IwAR-teste$/,
      )
      const sessionId = (await serverValue(page, 'ID da sessão').textContent())!
      expect(sessionId).toMatch(/^session_\d+_[a-z0-9]+$/)

      await page.getByRole('button', { name: 'Testar rastreamento' }).click()
      if (javaScriptEnabled) {
        await expect(page.getByRole('status').filter({ hasText: 'Evento demo_button_click enviado ao dataLayer (1 clique).' })).toBeVisible()
        expect(await eventNamed(page, 'demo_button_click')).toMatchObject({ button_text: 'Testar rastreamento', session_id: sessionId })
        await expect(page.getByTestId('eventos-datalayer')).toContainText('"event": "demo_button_click"')
        await expect(page.getByTestId('origem-navegador')).toContainText(sessionId)
        await expect(page).toHaveURL(CAMPAIGN)
      } else {
        // The GET form reaches the server, which says so; the visit's first touch is still the campaign's (its cookie).
        await expect(page).toHaveURL(`${DEMO}?clique=1`)
        await expect(page.getByRole('status').filter({ hasText: 'O servidor recebeu o clique.' })).toBeVisible()
        await expect(serverValue(page, 'utm_source')).toHaveText('instagram')
        await expect(serverValue(page, 'ID da sessão')).toHaveText(sessionId)
        await expect(serverValue(page, 'Página atual')).toHaveText(/\/demo\/origin-tracking$/)
        await expect(page.getByText(/Sem JavaScript, esta página mostra só o que o servidor vê/)).toBeVisible()
        expect(await dataLayerEvents(page)).toEqual([])
      }
    })
  })

  test('@desktop without consent, no Meta cookie is read and a plain visit has no session yet', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: '_fbp', value: 'fb.1.1764000000000.999', url: baseURL! }])
    await page.goto(DEMO)
    await expect(serverValue(page, '_fbp (cookie da Meta)')).toHaveText('não lido: sem consentimento para cookies de anúncios')
    await expect(serverValue(page, 'Origem (referrer)')).toHaveText('Direct Access')
    await expect(serverValue(page, 'ID da sessão')).toHaveText(/^ainda não registrada/)
    await expect(serverValue(page, 'Consentimento')).toHaveText('Você recusou os cookies de medição e de anúncios.')
  })

  test('@desktop @js after a lead, the debug panel shows the visit’s session and the lead log', async ({ page }, info) => {
    const email = uniqueEmail(info, 'demo-origem')
    await sendContactForm(page, { name: 'Otávio Ramos', email, phone: '(51) 99876-5432', message: 'Quero ver o rastreamento de origem funcionando.' })
    const { body } = await deliveryFor(page, email)
    await eventNamed(page, 'form_submission')

    await page.goto(DEMO)
    await expect(serverValue(page, 'ID da sessão')).toHaveText(String(body.sessionId))
    const browser = page.getByTestId('origem-navegador')
    await expect(browser.locator('div', { hasText: 'lead_session_id' }).locator('dd')).toHaveText(String(body.sessionId))
    await expect(browser.locator('div', { hasText: 'Tempo na página' }).locator('dd')).toHaveText(/^[\d.]+ ms$/)
    const log = page.getByTestId('registro-leads')
    // One entry per form actually posted (Conform's validation builds form data on every blur, and logs nothing).
    await expect(log.getByRole('listitem').filter({ hasText: 'form_submit' })).toHaveCount(1)
    await expect(log.getByRole('listitem').filter({ hasText: 'form_submit' })).toContainText('contact_page_form')
    await expect(log.getByRole('listitem').filter({ hasText: /webhook_(success|error)/ })).toHaveCount(1)
  })
})
