import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { dataLayerEvents, expectLeadEvents } from './support/data-layer'
import { deliveryFor, expectLeadReachedSales, uniqueEmail } from './support/deliveries'
import { expectWhatsAppHandoff } from './support/whatsapp'

/**
 * The AI-agent briefing wizard end to end, with JavaScript on and off
 * (desktop projects): five steps, Previous keeping the answers, the contact
 * check only at the end, a non-Brazilian number, the confirmation and the webhook.
 */
const next = (page: Page) => page.getByRole('button', { name: 'Próximo' }).click()
const stepIs = async (page: Page, step: number, title: string) => {
  await expect(page.getByText(`Etapa ${step} de 5`)).toBeVisible()
  await expect(page.locator('#briefing-etapa')).toHaveText(title)
}

test.describe('AI agent briefing', () => {
  test('@desktop all five steps with a Portuguese number: the dialog, the lead and its webhook', async ({
    page,
    allowConsoleErrors,
    javaScriptEnabled,
  }, info) => {
    // Without JavaScript the server answers the incomplete contact with a 400 page.
    allowConsoleErrors(/status of 400/)
    await page.goto('/criar-agente')
    await stepIs(page, 1, 'Sobre o seu negócio')
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled()
    await page.getByLabel('Nome da empresa').fill('Clínica Sorriso Lisboa')
    await page.getByLabel('Tipo de negócio').selectOption('saude')
    await next(page)

    await stepIs(page, 2, 'O objetivo do agente')
    await page.getByLabel('Principal função do agente').selectOption('agendamento')
    await page.getByLabel('Principais objetivos').fill('Marcar consultas pelo WhatsApp sem fila de espera.')
    await page.getByLabel('Público-alvo').fill('Pacientes adultos de Lisboa e arredores.')
    // Previous keeps what was typed.
    await page.getByRole('button', { name: 'Anterior' }).click()
    await stepIs(page, 1, 'Sobre o seu negócio')
    await expect(page.getByLabel('Nome da empresa')).toHaveValue('Clínica Sorriso Lisboa')
    await next(page)
    await expect(page.getByLabel('Principais objetivos')).toHaveValue('Marcar consultas pelo WhatsApp sem fila de espera.')
    await next(page)

    await stepIs(page, 3, 'Plataformas e configurações')
    await page.getByLabel('WhatsApp', { exact: true }).check()
    await page.getByLabel('Instagram', { exact: true }).check()
    await page.getByLabel('Tom de voz').selectOption('amigavel')
    await page.getByLabel('Horário de funcionamento').selectOption('24h')
    await next(page)

    await stepIs(page, 4, 'Funcionalidades e detalhes')
    await page.getByLabel('Funcionalidades específicas').fill('Lembrar o paciente um dia antes da consulta.')
    await page.getByLabel('Integrações (CRM, agenda, loja…)').fill('Google Agenda')
    await page.getByLabel('Informações adicionais').fill('Atendemos em português e inglês.')
    await next(page)

    await stepIs(page, 5, 'Seus dados de contato')
    await expect(page.getByText(/responde em até 24 horas/)).toBeVisible()
    // Nothing is sent without the contact.
    await page.getByRole('button', { name: 'Enviar Briefing' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Por favor, preencha todos os campos obrigatórios.' }).first()).toBeVisible()

    const email = uniqueEmail(info, 'briefing')
    await page.getByLabel('Seu nome').fill('Marta Sousa')
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByLabel('País').selectOption('PT')
    await page.getByLabel('Telefone / WhatsApp').fill('912345678')
    await page.getByRole('button', { name: 'Enviar Briefing' }).click()

    await expect(
      page
        .getByRole('dialog', { name: 'Briefing Enviado com Sucesso!' })
        .or(page.getByRole('heading', { name: 'Briefing Enviado com Sucesso!' }))
        .first(),
    ).toBeVisible()
    await expect(page.getByRole('dialog').or(page.getByRole('main')).getByRole('link', { name: 'Agendar minha Sessão Estratégica' })).toHaveAttribute(
      'href',
      '/agendar',
    )
    await expectWhatsAppHandoff(page, info, page.getByRole('dialog').or(page.getByRole('main')), {
      text: 'Olá! Sou Marta Sousa e acabei de enviar pelo site o briefing do meu agente de IA. Podemos conversar agora?',
      form: { name: 'agent_briefing', location: 'briefing_page' },
    })
    const delivery = await deliveryFor(page, email)
    const { body } = delivery
    expect(body).toMatchObject({
      name: 'Marta Sousa',
      phone: '351912345678',
      company: 'Clínica Sorriso Lisboa',
      source: 'agent_briefing',
      formId: 'agent_briefing_wizard',
      results: {
        businessName: 'Clínica Sorriso Lisboa',
        businessType: 'saude',
        agentPurpose: 'agendamento',
        platforms: ['whatsapp', 'instagram'],
        tone: 'amigavel',
        mainGoals: 'Marcar consultas pelo WhatsApp sem fila de espera.',
        targetAudience: 'Pacientes adultos de Lisboa e arredores.',
        operatingHours: '24h',
        specificFeatures: 'Lembrar o paciente um dia antes da consulta.',
        integration: 'Google Agenda',
        additionalInfo: 'Atendemos em português e inglês.',
      },
    })
    await expectLeadReachedSales(page, email, {
      subject: 'Novo lead: Briefing de agente de IA · Marta Sousa',
      leadId: body.leadId,
      crmIdentifier: 'briefing-agente',
    })
    // The data layer: form_submission at the default conversion value, no event of its own; nothing without JavaScript.
    if (javaScriptEnabled) await expectLeadEvents(page, delivery, { ownEvent: null, formName: 'agent_briefing', location: 'briefing_page', value: 100 })
    else expect(await dataLayerEvents(page)).toEqual([])
    await page.getByRole('link', { name: 'Voltar ao Início' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('@js @desktop the confirmation’s code is fetched once the visitor reaches for the form, before any send', async ({ page }) => {
    const fetched: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/briefing-sent-[\w-]+\.js$/.test(request.url())) fetched.push(request.method())
    })
    await page.goto('/criar-agente')
    // Not with the page: only a confirmation to show, or a visitor at the form, brings it.
    expect(fetched).toEqual([])
    await page.getByLabel('Nome da empresa').focus()
    await expect.poll(() => fetched).toEqual(['GET'])
  })

  test('@js @desktop the phone keeps digits, stops at the country’s maximum, is masked and clears when the country changes', async ({ page }) => {
    await page.goto('/criar-agente')
    for (let step = 1; step < 5; step++) await next(page)
    const phone = page.getByLabel('Telefone / WhatsApp')
    await phone.pressSequentially('11a98765432199')
    await expect(phone).toHaveValue('(11) 98765-4321')
    await page.getByLabel('País').selectOption('US')
    await expect(phone).toHaveValue('')
    await phone.pressSequentially('2015550123999')
    await expect(phone).toHaveValue('(201) 555-0123')
  })
})
