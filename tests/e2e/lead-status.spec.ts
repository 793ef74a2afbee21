import { expect, test } from './fixtures'
import { adminServerForSuite, signIn } from './support/admin-session'
import { axeViolations, describeViolations } from './support/axe'
import { sendContactForm } from './support/contact-form'
import { receiverURL, uniqueEmail } from './support/deliveries'

/**
 * Sales marks a lead's progress (ADR 048) on an admin instance of its own
 * whose GA4 and Meta endpoints are the e2e receiver, with JavaScript on and
 * off (every step is a form): a lead from a visitor who accepted marketing
 * cookies is marked em contato from the table's bulk change, refused
 * perdido without a reason on its page, then marked qualificado there;
 * GA4 and Meta hear of the stage once, with its own event id; the
 * dashboard's funnel counts it and its link lists it; the audit log has
 * each change.
 */

type Received = {
  path: string
  body: { events?: Array<{ name: string; params: { event_id?: string } }>; data?: Array<{ event_name: string; event_id: string }> }
}

test.describe('sales progress', () => {
  test.describe.configure({ mode: 'serial' })
  const server = adminServerForSuite({
    GA4_MEASUREMENT_ID: 'G-E2ETESTE01',
    GA4_API_SECRET: 'segredo-ga4-e2e',
    GA4_MP_URL: `${receiverURL}/mp/collect`,
    META_PIXEL_ID: '987654321',
    META_ACCESS_TOKEN: 'token-de-acesso-da-meta-e2e',
    META_CAPI_URL: `${receiverURL}/v21.0`,
    OUTBOX_POLL_INTERVAL_MS: '500',
  })

  test('@desktop a lead marked from the table and its page shows on the dashboard and reaches GA4 and Meta once', async ({
    page,
    allowConsoleErrors,
  }, info) => {
    // The refused posts (nothing ticked, perdido without a reason) answer 400, which the browser logs.
    allowConsoleErrors(/status of 400/)
    const email = uniqueEmail(info, 'status')
    const name = `Rita Status ${info.project.name}`
    await page.context().addCookies([
      { name: 'consentimento', value: 'aceito', url: server.base },
      { name: '_ga', value: 'GA1.1.1122334455.1764000000', url: server.base },
    ])
    await sendContactForm(page, { name, email, phone: '(31) 99876-5432', message: 'Quero anunciar no Google.' }, { base: server.base })
    await expect(page.getByText('Mensagem Enviada!').first()).toBeVisible()

    await signIn(page, server.base)
    await page.goto(`${server.base}/admin/leads?busca=${encodeURIComponent(email)}`)
    const row = page.getByRole('row').filter({ hasText: email })
    await expect(row).toContainText('Novo')

    // The bulk change: nothing ticked is refused; the ticked row changes, and the view stays the same.
    const bulk = page.getByRole('form', { name: 'Mudar o status dos leads marcados' })
    await bulk.getByLabel('Status').selectOption({ label: 'Em contato' })
    await bulk.getByRole('button', { name: 'Aplicar aos marcados' }).click()
    await expect(page.getByRole('alert')).toHaveText('Selecione ao menos um lead.')
    await page.getByRole('checkbox', { name: `Marcar ${name}` }).check()
    await page.getByRole('form', { name: 'Mudar o status dos leads marcados' }).getByLabel('Status').selectOption({ label: 'Em contato' })
    await page.getByRole('button', { name: 'Aplicar aos marcados' }).click()
    await expect(page.getByRole('status')).toHaveText('Status de 1 lead alterado.')
    expect(new URL(page.url()).searchParams.get('busca')).toBe(email)
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Em contato')
    // The message is the server's, once: not in the address, gone on reload, and a count typed in the URL shows nothing.
    expect(new URL(page.url()).searchParams.has('alterados')).toBe(false)
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Em contato')
    await expect(page.getByText(/leads? alterados?\./)).toHaveCount(0)
    await page.goto(`${server.base}/admin/leads?busca=${encodeURIComponent(email)}&alterados=50`)
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Em contato')
    await expect(page.getByText(/leads? alterados?\./)).toHaveCount(0)

    // The lead's page: perdido needs a reason, said at the field; qualificado is saved.
    await page.getByRole('link', { name }).click()
    await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/)
    const leadId = new URL(page.url()).pathname.split('/').pop()!
    const statusSection = page.getByRole('region', { name: 'Status' })
    await statusSection.getByLabel('Status').selectOption({ label: 'Perdido' })
    await statusSection.getByRole('button', { name: 'Salvar status' }).click()
    const reason = page.getByRole('region', { name: 'Status' }).getByLabel('Motivo da perda')
    await expect(reason).toHaveAttribute('aria-invalid', 'true')
    await expect(reason).toHaveAccessibleDescription(/Escolha o motivo da perda\./)
    await page.getByRole('region', { name: 'Status' }).getByLabel('Status').selectOption({ label: 'Qualificado' })
    await page.getByRole('button', { name: 'Salvar status' }).click()
    await expect(page.getByRole('status')).toHaveText('Status salvo.')
    await expect(page.getByTestId('status-atual')).toHaveText('Qualificado')
    // The stage's own rows, named by their event beside the lead's first conversion to each platform.
    const deliveries = page.getByRole('region', { name: 'Entregas' })
    await expect(deliveries.getByRole('heading', { name: /^GA4 · qualify_lead: / })).toHaveCount(1)
    await expect(deliveries.getByRole('heading', { name: /^Meta · QualifiedLead: / })).toHaveCount(1)
    await expect(deliveries.getByRole('heading', { name: /^GA4: / })).toHaveCount(1)
    expect(describeViolations(await axeViolations(page)), 'axe on the lead page').toEqual([])

    // GA4 and Meta hear of the stage once, with its own event id (the lead's, then the stage).
    const sent = async () => {
      const received = (await (await page.request.get(`${receiverURL}/received`)).json()) as Received[]
      const ga4 = received.filter(
        (call) => call.path.startsWith('/mp/collect?') && call.body.events?.some((event) => event.params.event_id === `${leadId}:qualificado`),
      )
      const meta = received.filter(
        (call) => call.path.startsWith('/v21.0/987654321/events?') && call.body.data?.some((event) => event.event_id === `${leadId}:qualificado`),
      )
      return { ga4: ga4.map((call) => call.body.events![0]!.name), meta: meta.map((call) => call.body.data![0]!.event_name) }
    }
    await expect.poll(sent, { timeout: 15_000 }).toEqual({ ga4: ['qualify_lead'], meta: ['QualifiedLead'] })

    // The dashboard: contacted within the hour, and the funnel's count opens the lead.
    await page.goto(`${server.base}/admin?periodo=7`)
    await expect(page.getByTestId('primeiro-contato')).toContainText('Respondidos em até 1 hora100% (1 de 1)')
    const funnel = page.getByRole('table', { name: 'Funil de vendas por origem' })
    await expect(funnel.getByRole('row', { name: /^Página de contato/ })).toHaveAccessibleName('Página de contato 1 1 1 0 0')
    expect(describeViolations(await axeViolations(page)), 'axe on the dashboard').toEqual([])
    await funnel
      .getByRole('row', { name: /^Página de contato/ })
      .getByRole('cell')
      .nth(2)
      .getByRole('link')
      .click()
    await expect(page).toHaveURL(/\/admin\/leads\?.*etapa=qualificado/)
    await expect(page.getByTestId('total-leads')).toHaveText('1 lead')
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1)

    await page.goto(`${server.base}/admin/auditoria?acao=lead_status`)
    await expect(page.getByRole('row').filter({ hasText: 'Status de um lead alterado' })).toHaveCount(2)
  })
})
