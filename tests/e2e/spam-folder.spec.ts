import { LEAD_HIDDEN_FIELDS } from '../../app/leads/lead-forms'
import { expect, test } from './fixtures'
import { axeViolations, describeViolations } from './support/axe'
import { rewriteContactPosts, sendContactForm } from './support/contact-form'
import { deliveryFor, receiverURL, uniqueEmail } from './support/deliveries'
import { ADMIN, startAdminServer } from './support/servers'

/**
 * The spam folder (ADR 039) on an instance of its own with an admin, whose
 * webhook goes to the suite's receiver: a /contato post whose hidden
 * honeypot field came back filled (a browser's autofill) gets the
 * confirmation every visitor gets and no delivery; the admin finds it in
 * /admin/spam with its reason, presses 'Não é spam', and the lead is
 * delivered and listed. Both projects: every step is a form.
 */
test.describe('spam folder', () => {
  let server: { base: string; stop: () => Promise<void> }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    server = await startAdminServer({
      WEBHOOK_URL: `${receiverURL}/webhook`,
      WEBHOOK_SECRET: `whsec_${Buffer.from('segredo-do-webhook-da-pasta-de-spam').toString('base64')}`,
    })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('@desktop a post caught by the honeypot looks sent, waits in /admin/spam, and “Não é spam” delivers it as a lead', async ({ page }, info) => {
    const email = uniqueEmail(info, 'spam-autofill')
    // The browser's autofill filled the field people never see: the post carries it, whatever React renders.
    await rewriteContactPosts(page, (body) => body.set(LEAD_HIDDEN_FIELDS.honeypot, 'https://www.exemplo.com.br'))
    await sendContactForm(
      page,
      { name: 'Lívia Autopreenchida', email, phone: '(31) 99876-5432', message: 'Quero um orçamento de tráfego pago para a minha loja.' },
      { base: server.base },
    )
    // The confirmation every visitor gets; nothing delivered (a lead's first attempt is made before this answer).
    await expect(page.getByText('Mensagem Enviada!').first()).toBeVisible()
    const received = (await (await page.request.get(`${receiverURL}/received`)).json()) as Array<{ body?: { email?: string } }>
    expect(received.filter((delivery) => delivery.body?.email === email)).toEqual([])
    await page.unrouteAll()

    // The folder is behind the sign-in, which comes back to it.
    await page.goto(`${server.base}/admin/spam`)
    await expect(page).toHaveURL(/\/admin\/entrar\?voltar=%2Fadmin%2Fspam$/)
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Senha').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Spam' })).toBeVisible()
    await expect(page.getByText(/Cada envio fica aqui por 30 dias/)).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: email })
    await expect(row).toContainText('Lívia Autopreenchida')
    await expect(row).toContainText('Página de contato')
    await expect(row).toContainText('Campo oculto preenchido')
    expect(describeViolations(await axeViolations(page)), 'axe on the spam folder').toEqual([])

    await row.getByRole('button', { name: 'Não é spam' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Lead liberado e enviado para entrega.' })).toBeVisible()
    await expect(row).toHaveCount(0)
    const delivery = await deliveryFor(page, email)
    expect(delivery.body).toMatchObject({ name: 'Lívia Autopreenchida', email, source: 'formulario_contato' })
    expect(describeViolations(await axeViolations(page)), 'axe on the folder after a release').toEqual([])

    await page.getByRole('link', { name: 'Ver o lead' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lívia Autopreenchida')
    await page.goto(`${server.base}/admin/leads`)
    const lead = page.getByRole('row').filter({ hasText: email })
    await expect(lead).toContainText('Página de contato')
    const leadPath = await lead.getByRole('link').first().getAttribute('href')

    // The release is in the audit log: who, when, and which lead; never the person's name or e-mail.
    await page.goto(`${server.base}/admin/auditoria?acao=spam_release`)
    const entry = page.getByRole('region', { name: 'Auditoria' }).getByRole('row').filter({ hasText: 'Lead liberado do spam' })
    await expect(entry.first()).toContainText(ADMIN.email)
    await expect(entry.first().getByRole('link')).toHaveAttribute('href', leadPath!)
    await expect(page.getByRole('main')).not.toContainText(email)
    await expect(page.getByRole('main')).not.toContainText('Lívia')
  })
})
