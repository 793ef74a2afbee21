import type { Page } from '@playwright/test'
import { expect, expectBrowserValidation, test } from './fixtures'
import { fillContactForm, rewriteContactPosts, sendContactForm } from './support/contact-form'
import { deliveryFor, expectLeadReachedSales, fillByLabel, uniqueEmail } from './support/deliveries'
import { expectWhatsAppHandoff } from './support/whatsapp'

/**
 * Every lead form, end to end, with JavaScript on and off: the visitor's view
 * (messages, confirmation, empty fields after success) and the webhook the
 * site sends (read back from the receiver Playwright starts beside it).
 */
const confirmation = (page: Page, title: string) => page.getByRole('dialog', { name: title }).or(page.getByRole('status').filter({ hasText: title }))

test.describe('home contact section', () => {
  test('a valid lead is stored, delivered with the home payload, confirmed, and the form starts empty', async ({ page }, info) => {
    const email = uniqueEmail(info, 'home')
    await page.goto('/')
    const form = page.locator('form#contato-home')
    await fillByLabel(form, {
      'Nome completo': 'Fernanda Lima',
      'E-mail': email,
      'Telefone / WhatsApp': '11987654321',
      'Mensagem (opcional)': 'Quero entender como a IA pode atender meus clientes.',
    })
    await form.getByRole('button', { name: 'Agendar Minha Sessão Estratégica' }).click()

    await expect(confirmation(page, 'Mensagem Enviada!')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Voltar ao site' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Siga-nos no Instagram/ })).toHaveAttribute('target', '_blank')
    await expect(page.locator('form#contato-home').getByLabel('E-mail')).toHaveValue('')

    const { body, headers } = await deliveryFor(page, email)
    expect(body).toMatchObject({
      name: 'Fernanda Lima',
      phone: '(11) 98765-4321',
      source: 'formulario_home',
      formId: 'contact_section_home',
      referrer: 'Direct Access',
    })
    expect(body.leadId).toEqual(expect.any(String))
    expect(headers['webhook-id']).toBeTruthy()
    expect(headers['webhook-signature']).toMatch(/^v1,/)
    await expectLeadReachedSales(page, email, {
      subject: 'Novo lead: Formulário da página inicial · Fernanda Lima',
      leadId: body.leadId,
      crmIdentifier: 'contato-home',
    })
  })

  test('@desktop a phone that is not a Brazilian number gets the spec message and the input stays', async ({ page, allowConsoleErrors }, info) => {
    allowConsoleErrors(/status of 400/)
    await page.goto('/')
    const form = page.locator('form#contato-home')
    await form.getByLabel('Nome completo').fill('Fernanda Lima')
    await form.getByLabel('E-mail').fill(uniqueEmail(info, 'home-invalido'))
    await form.getByLabel('Telefone / WhatsApp').fill('1234')
    await form.getByRole('button', { name: 'Agendar Minha Sessão Estratégica' }).click()
    await expect(form.getByText('Telefone inválido. Use formato: (11) 98765-4321')).toBeVisible()
    await expect(form.getByLabel('Telefone / WhatsApp')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('Nome completo')).toHaveValue('Fernanda Lima')
    await expect(confirmation(page, 'Mensagem Enviada!')).toHaveCount(0)
  })

  test('@desktop @js empty required fields get the spec message before anything is sent', async ({ page }) => {
    await page.goto('/')
    const form = page.locator('form#contato-home')
    await expectBrowserValidation(form)
    let posted = false
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true
    })
    await form.getByRole('button', { name: 'Agendar Minha Sessão Estratégica' }).click()
    await expect(form.getByText('Por favor, preencha todos os campos obrigatórios.').first()).toBeVisible()
    expect(posted).toBe(false)
  })

  test('@desktop @js the phone is masked while typing', async ({ page }) => {
    await page.goto('/')
    // The form is an island (ADR 028): the mask is its code, there once the form has hydrated (its validator follows).
    await expectBrowserValidation(page.locator('form#contato-home'))
    const phone = page.locator('form#contato-home').getByLabel('Telefone / WhatsApp')
    await phone.pressSequentially('11a98765432199')
    await expect(phone).toHaveValue('(11) 98765-4321')
  })
})

test.describe('/contato', () => {
  test('@desktop @nojs shows the contact card, WhatsApp, social links, four questions and the business hours', async ({ page }) => {
    await page.goto('/contato')
    await expect(page.getByRole('main').getByRole('link', { name: 'contato@alavancadigital.com.br' })).toBeVisible()
    const whatsapp = page.getByRole('link', { name: /Conversar no WhatsApp/ })
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5511998765432\?text=/)
    await expect(page.getByRole('list', { name: 'Redes sociais' }).first().getByRole('link')).toHaveCount(3)
    await expect(page.locator('main details')).toHaveCount(4)
    await expect(page.getByText('Segunda a sexta: 9h às 18h')).toBeVisible()
    await expect(page.getByText('Sábado: 9h às 13h')).toBeVisible()
  })

  test('@desktop a valid message is delivered with company and service, and confirmed', async ({ page }, info) => {
    const email = uniqueEmail(info, 'contato')
    await page.goto('/contato')
    const form = page.locator('form#contato-pagina')
    await form.getByLabel('Nome').fill('Roberto Dias')
    await form.getByLabel('E-mail').fill(email)
    await form.getByLabel('Telefone / WhatsApp').fill('(21) 99876-1234')
    await form.getByLabel('Empresa (opcional)').fill('Dias Materiais de Construção')
    const service = form.getByLabel('Serviço de interesse (opcional)')
    await service.selectOption('trafego')
    const serviceTitle = (await service.locator('option[value="trafego"]').textContent())!
    await form.getByLabel('Mensagem').fill('Quero campanhas no Google para as três lojas.')
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click()

    await expect(confirmation(page, 'Mensagem Enviada!')).toBeVisible()
    // The confirmation hands over to WhatsApp with the name and the subject, not the e-mail or phone.
    await expectWhatsAppHandoff(page, info, confirmation(page, 'Mensagem Enviada!'), {
      text: `Olá! Sou Roberto Dias e acabei de enviar pelo site uma mensagem sobre ${serviceTitle}. Podemos conversar agora?`,
      form: { name: 'contact_form', location: 'contact_page' },
    })
    await expect(page.locator('form#contato-pagina').getByLabel('Nome')).toHaveValue('')
    const { body } = await deliveryFor(page, email)
    expect(body).toMatchObject({
      name: 'Roberto Dias',
      phone: '(21) 99876-1234',
      company: 'Dias Materiais de Construção',
      service: 'trafego',
      source: 'formulario_contato',
    })
    await expectLeadReachedSales(page, email, { subject: 'Novo lead: Página de contato · Roberto Dias', leadId: body.leadId, crmIdentifier: 'contato' })
  })

  test('@desktop an incomplete phone gets the spec message', async ({ page, allowConsoleErrors }, info) => {
    allowConsoleErrors(/status of 400/)
    await page.goto('/contato')
    const form = page.locator('form#contato-pagina')
    await form.getByLabel('Nome').fill('Roberto Dias')
    await form.getByLabel('E-mail').fill(uniqueEmail(info, 'contato-invalido'))
    await form.getByLabel('Telefone / WhatsApp').fill('1199')
    await form.getByLabel('Mensagem').fill('Quero campanhas no Google para as lojas.')
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click()
    await expect(form.getByText('Por favor, insira um número de telefone válido.')).toBeVisible()
    await expect(form.getByLabel('Mensagem')).toHaveValue('Quero campanhas no Google para as lojas.')
  })

  test('@desktop two visitors served the same cached copy of the form (one timer) each get their lead stored', async ({ page }, info) => {
    const silvia = (email: string) => ({ name: 'Sílvia Araújo', email, phone: '11987651234', message: 'Quero automatizar o pós-venda da loja.' })
    // A first lead sent from this render of the form.
    const first = uniqueEmail(info, 'primeiro')
    const form = await fillContactForm(page, silvia(first))
    const sharedTimer = await form.locator('input[name="_lead_timer"]').getAttribute('value')
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click()
    await expect(confirmation(page, 'Mensagem Enviada!')).toBeVisible()

    // Another person given the same cached page: the same timer, another e-mail (rewritten on the
    // way, with JavaScript on or off). The page is cacheable, so this is an ordinary visit.
    await rewriteContactPosts(page, (body) => body.set('_lead_timer', sharedTimer ?? ''))
    const second = uniqueEmail(info, 'segundo')
    await sendContactForm(page, silvia(second))
    await expect(confirmation(page, 'Mensagem Enviada!')).toBeVisible()
    await deliveryFor(page, first)
    await deliveryFor(page, second)
  })

  test('@desktop the first touch of the visit travels with the lead (UTM from the landing page)', async ({ page }, info) => {
    const email = uniqueEmail(info, 'utm')
    await page.goto('/blog?utm_source=parceiro-e2e&utm_medium=email&utm_campaign=lancamento')
    await page.goto('/sobre')
    await sendContactForm(page, { name: 'Paula Souza', email, phone: '11912345678', message: 'Vi a campanha e quero saber mais.' })
    await expect(confirmation(page, 'Mensagem Enviada!')).toBeVisible()
    const { body } = await deliveryFor(page, email)
    expect(body).toMatchObject({ utmSource: 'parceiro-e2e', utmMedium: 'email', utmCampaign: 'lancamento' })
    expect(String(body.sessionId)).toMatch(/^session_\d+_[a-z0-9]+$/)
  })
})

test.describe('/blog newsletter', () => {
  test('@desktop a subscription is delivered as the newsletter lead and confirmed', async ({ page }, info) => {
    const email = uniqueEmail(info, 'newsletter')
    await page.goto('/blog')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nosso Blog')
    const form = page.locator('form#newsletter-form')
    await form.getByLabel('Seu melhor e-mail').fill(email)
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Inscrever-se' }).click()
    await expect(confirmation(page, 'Inscrição Confirmada!')).toBeVisible()
    await expect(page.locator('form#newsletter-form').getByLabel('Seu melhor e-mail')).toHaveValue('')
    const { body } = await deliveryFor(page, email)
    expect(body).toMatchObject({ name: 'Inscrição Newsletter', phone: '', source: 'newsletter_blog' })
  })

  test("@desktop an address with an '@' and a '.' but no dot after the '@' is subscribed and delivered", async ({ page }, info) => {
    const email = uniqueEmail(info, 'nome.sobrenome').replace(/@.*$/, '@empresa')
    await page.goto('/blog')
    const form = page.locator('form#newsletter-form')
    await form.getByLabel('Seu melhor e-mail').fill(email)
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Inscrever-se' }).click()
    await expect(confirmation(page, 'Inscrição Confirmada!')).toBeVisible()
    const { body } = await deliveryFor(page, email)
    expect(body).toMatchObject({ email, source: 'newsletter_blog' })
    await expectLeadReachedSales(page, email, { subject: `Novo lead: Newsletter do blog · ${email}`, leadId: body.leadId, crmIdentifier: 'newsletter' })
  })

  test('@desktop @js an e-mail without a dot shows the toast and sends nothing', async ({ page }) => {
    await page.goto('/blog')
    let posted = false
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true
    })
    const form = page.locator('form#newsletter-form')
    await expectBrowserValidation(form)
    await form.getByLabel('Seu melhor e-mail').fill('maria@exemplo')
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Inscrever-se' }).click()
    await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Por favor, insira um e-mail válido.' }).first()).toBeVisible()
    expect(posted).toBe(false)
  })
})
