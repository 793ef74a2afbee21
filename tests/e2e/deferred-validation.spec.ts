import type { Locator, Page } from '@playwright/test'
import { expect, expectBrowserValidation, expectHydrated, test } from './fixtures'
import { expectOneLead, uniqueEmail } from './support/deliveries'
import { holdChunks } from './support/held-chunks'

/**
 * A form's validator (zod, Conform's zod adapter and the form's schema) is not
 * part of the page's first load: the form imports it once it is within a
 * screen's height of the viewport (right after hydration on the first
 * screen, as the visitor scrolls towards one further down), or the briefing
 * once the visitor reaches its last step (ADR 028, amended by
 * issue 42). Until it has arrived the server validates,
 * and answers exactly as it does without JavaScript. Here the validator's
 * chunk is held (the page asked for it with no input at all): a valid send
 * stores one lead and shows the success; an invalid one shows the server's
 * Portuguese messages on the fields. Once released, an invalid send is
 * answered in the browser, with no request.
 */

/** The validators' chunks (`app/**\/*-validation.ts`, each a dynamic import): held until `release()`. */
const VALIDATOR_CHUNK = /\/assets\/[\w-]+-validation-[\w-]+\.js$/

const holdValidators = (page: Page) => holdChunks(page, VALIDATOR_CHUNK)

/** Posts (the form's action, with or without JavaScript), counted from now on. */
function countPosts(page: Page) {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  return posts
}

/** The field shows `message`, is marked invalid and described by it (Conform's aria-invalid and aria-describedby). */
async function expectFieldError(form: Locator, label: string, message: string) {
  const field = form.getByLabel(label)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(message)
}

test.describe('@desktop @js a form whose validator has not arrived', () => {
  test('the home form: the server validates, one lead is stored, then the browser validates', async ({ page, allowConsoleErrors }, info) => {
    allowConsoleErrors(/status of 400/)
    const validators = await holdValidators(page)
    await page.goto('/')
    await expectHydrated(page)
    // Far below the first screen: not asked for on landing.
    await page.waitForLoadState('networkidle')
    expect(validators.held).toEqual([])
    // Within a screen's height of it: asked for with no input on the form at all, and held.
    const form = page.locator('form#contato-home')
    await form.evaluate((element) => scrollBy(0, element.getBoundingClientRect().top - innerHeight * 1.5))
    await expect.poll(() => validators.held.length).toBeGreaterThan(0)
    await expect(form).not.toHaveAttribute('data-browser-validation')
    const posts = countPosts(page)
    const send = () => page.locator('form#contato-home').getByRole('button', { name: 'Agendar Minha Sessão Estratégica' }).click()

    // Invalid: the server answers the spec's messages on the fields.
    const email = uniqueEmail(info, 'validacao-adiada-home')
    await form.getByLabel('E-mail').fill(email.replace(/\.br$/, '').replace(/\.com$/, ''))
    await form.getByLabel('Telefone / WhatsApp').fill('1234')
    await send()
    await expectFieldError(form, 'Nome completo', 'Por favor, preencha todos os campos obrigatórios.')
    await expectFieldError(form, 'E-mail', 'Email inválido. Verifique o formato.')
    await expectFieldError(form, 'Telefone / WhatsApp', 'Telefone inválido. Use formato: (11) 98765-4321')
    expect(posts).toHaveLength(1)

    // Valid: stored once, confirmed.
    await form.getByLabel('Nome completo').fill('Fernanda Lima')
    await form.getByLabel('E-mail').fill(email)
    await form.getByLabel('Telefone / WhatsApp').fill('11987654321')
    await send()
    await expect(page.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
    expect(posts).toHaveLength(2)
    await expect(page.locator('form#contato-home')).not.toHaveAttribute('data-browser-validation')
    await expectOneLead(page, email)

    // Released: the browser answers an empty form by itself.
    validators.release()
    await page.getByRole('link', { name: 'Voltar ao site' }).click()
    await expectBrowserValidation(page.locator('form#contato-home'))
    await send()
    await expectFieldError(page.locator('form#contato-home'), 'Nome completo', 'Por favor, preencha todos os campos obrigatórios.')
    expect(posts).toHaveLength(2)
  })

  test('/contato: the server validates, one lead is stored, then the browser validates', async ({ page, allowConsoleErrors }, info) => {
    allowConsoleErrors(/status of 400/)
    const validators = await holdValidators(page)
    await page.goto('/contato')
    await expect.poll(() => validators.held.length).toBeGreaterThan(0)
    const form = page.locator('form#contato-pagina')
    await expect(form).not.toHaveAttribute('data-browser-validation')
    const posts = countPosts(page)
    const send = () => page.locator('form#contato-pagina').getByRole('button', { name: 'Enviar Mensagem' }).click()

    const email = uniqueEmail(info, 'validacao-adiada-contato')
    await form.getByLabel('Nome').fill('R')
    await form.getByLabel('E-mail').fill('roberto@exemplo')
    await form.getByLabel('Telefone / WhatsApp').fill('1199')
    await form.getByLabel('Mensagem').fill('Curta')
    await send()
    await expectFieldError(form, 'Nome', 'O nome deve ter pelo menos 2 caracteres.')
    await expectFieldError(form, 'E-mail', 'Por favor, insira um e-mail válido.')
    await expectFieldError(form, 'Telefone / WhatsApp', 'Por favor, insira um número de telefone válido.')
    await expectFieldError(form, 'Mensagem', 'Por favor, detalhe sua mensagem com pelo menos 10 caracteres.')
    // What was typed stays.
    await expect(form.getByLabel('Mensagem')).toHaveValue('Curta')
    expect(posts).toHaveLength(1)

    await form.getByLabel('Nome').fill('Roberto Dias')
    await form.getByLabel('E-mail').fill(email)
    await form.getByLabel('Telefone / WhatsApp').fill('21998761234')
    await form.getByLabel('Mensagem').fill('Quero campanhas no Google para as três lojas.')
    await send()
    await expect(page.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
    expect(posts).toHaveLength(2)
    await expectOneLead(page, email)

    validators.release()
    await page.getByRole('link', { name: 'Voltar ao site' }).click()
    await expectBrowserValidation(page.locator('form#contato-pagina'))
    await page.locator('form#contato-pagina').getByLabel('Nome').fill('R')
    await send()
    await expectFieldError(page.locator('form#contato-pagina'), 'Nome', 'O nome deve ter pelo menos 2 caracteres.')
    expect(posts).toHaveLength(2)
  })

  test('the calculator’s lead form: the server validates, one lead is stored, then the browser validates', async ({ page, allowConsoleErrors }, info) => {
    allowConsoleErrors(/status of 400/)
    const leadStep = '/ferramentas/calculadora?metrica=cac&totalCosts=1000&newCustomers=4&etapa=contato'
    const validators = await holdValidators(page)
    await page.goto(leadStep)
    await expect.poll(() => validators.held.length).toBeGreaterThan(0)
    const form = page.locator('form#calculadora-contato')
    await expect(form).not.toHaveAttribute('data-browser-validation')
    const posts = countPosts(page)
    const send = () => page.locator('form#calculadora-contato').getByRole('button', { name: 'Ver análise completa' }).click()

    const email = uniqueEmail(info, 'validacao-adiada-calculadora')
    await form.getByLabel('Nome completo').fill('Caio Nunes')
    await form.getByLabel('E-mail').fill(email)
    await form.getByLabel('Telefone / WhatsApp').fill('987654321')
    await send()
    await expectFieldError(form, 'Telefone / WhatsApp', 'Por favor, insira um número de telefone válido (com DDD).')
    expect(posts).toHaveLength(1)

    await form.getByLabel('Telefone / WhatsApp').fill('11987654321')
    await send()
    await expect(page.locator('#calculadora-etapa')).toHaveText('Sua análise completa')
    await expect(page.getByRole('status').filter({ hasText: 'Obrigado! Em breve nossa equipe entrará em contato.' }).first()).toBeVisible()
    expect(posts).toHaveLength(2)
    await expectOneLead(page, email)

    validators.release()
    await page.goto(leadStep)
    await expectBrowserValidation(page.locator('form#calculadora-contato'))
    const again = countPosts(page)
    await page.locator('form#calculadora-contato').getByLabel('Telefone / WhatsApp').fill('987654321')
    await send()
    await expectFieldError(page.locator('form#calculadora-contato'), 'Telefone / WhatsApp', 'Por favor, insira um número de telefone válido (com DDD).')
    expect(again).toEqual([])
  })

  test('the briefing: the validator is asked for only on the last step, where the server answers until it arrives', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400/)
    const validators = await holdValidators(page)
    await page.goto('/criar-agente')
    await expectHydrated(page)
    const form = page.locator('form#briefing')
    // Steps move without validation ('Próximo' and 'Anterior' are formNoValidate): nothing to load before the last one.
    await form.getByLabel('Nome da empresa').fill('Padaria Trigo Bom')
    for (let step = 1; step < 4; step++) await form.getByRole('button', { name: 'Próximo' }).click()
    await expect(page.locator('#briefing-etapa')).toHaveText('Funcionalidades e detalhes')
    await page.waitForLoadState('networkidle')
    expect(validators.held).toEqual([])
    await form.getByRole('button', { name: 'Próximo' }).click()
    await expect(page.locator('#briefing-etapa')).toHaveText('Seus dados de contato')
    await expect.poll(() => validators.held.length).toBe(1)
    await expect(form).not.toHaveAttribute('data-browser-validation')

    // Held: the send goes to the server, which answers the spec's message on the contact fields.
    const posts = countPosts(page)
    await form.getByRole('button', { name: 'Enviar Briefing' }).click()
    await expectFieldError(form, 'Seu nome', 'Por favor, preencha todos os campos obrigatórios.')
    expect(posts).toHaveLength(1)

    // Released: the browser answers by itself, with no request.
    validators.release()
    await expectBrowserValidation(form)
    await form.getByLabel('Seu nome').fill('Rita Alves')
    await form.getByRole('button', { name: 'Enviar Briefing' }).click()
    // The name's message is gone and the e-mail's stays, with no request.
    await expect(form.getByLabel('Seu nome')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Por favor, preencha todos os campos obrigatórios.')
    expect(posts).toHaveLength(1)
  })
})
