import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { deliveryFor, expectLeadReachedSales, uniqueEmail } from './support/deliveries'
import { expectWhatsAppHandoff } from './support/whatsapp'

/**
 * The metrics calculator end to end, with JavaScript on and off (desktop
 * projects; the steps are the same on a phone): select → calculate → result
 * → lead form → full result, one metric per band, and the webhook it sends.
 */
const stepTitle = (page: Page) => page.locator('#calculadora-etapa')

async function calculate(page: Page, metric: RegExp, values: Record<string, string>) {
  await page.goto('/ferramentas/calculadora')
  await expect(stepTitle(page)).toHaveText('Qual métrica você quer calcular?')
  await page.getByRole('link', { name: metric }).click()
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value)
  await page.getByRole('button', { name: 'Calcular' }).click()
  await expect(stepTitle(page)).toHaveText('Seu resultado')
}

test.describe('metrics calculator', () => {
  test('@desktop CAC, excellent: every step, Back, the lead and the full result with its tips', async ({ page }, info) => {
    await calculate(page, /^CAC/, { 'Custos totais de marketing e vendas (R$)': '10.000,00', 'Novos clientes no período': '30' })
    await expect(page.getByTestId('metric-value')).toHaveText('R$ 333,33')
    await expect(page.getByText('Excelente', { exact: true })).toBeVisible()
    await expect(page.getByText('Dicas para melhorar')).toHaveCount(0)

    // Back from the result: the form again, filled in.
    await page.getByRole('link', { name: '← Voltar' }).click()
    await expect(page.getByLabel('Novos clientes no período')).toHaveValue('30')
    await page.getByRole('button', { name: 'Calcular' }).click()
    await page.getByRole('link', { name: 'Ver análise completa e dicas' }).click()

    const email = uniqueEmail(info, 'calculadora')
    await page.getByLabel('Nome completo').fill('Juliana Prado')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Telefone / WhatsApp').fill('11987654321')
    await page.getByRole('button', { name: 'Ver análise completa' }).click()

    await expect(stepTitle(page)).toHaveText('Sua análise completa')
    await expect(page.getByRole('status').filter({ hasText: 'Obrigado! Em breve nossa equipe entrará em contato.' }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Dicas para melhorar' })).toBeVisible()
    await expect(page.getByRole('button', { name: '← Voltar' })).toBeDisabled()
    await expect(page.getByTestId('metric-value')).toHaveText('R$ 333,33')
    await expectWhatsAppHandoff(page, info, page.getByRole('main'), {
      text: 'Olá! Sou Juliana Prado e acabei de enviar pelo site o cálculo de CAC. Podemos conversar agora?',
      form: { name: 'lead_capture_calculator', location: 'calculator_page' },
    })

    const { body } = await deliveryFor(page, email)
    expect(body).toMatchObject({
      name: 'Juliana Prado',
      phone: '(11) 98765-4321',
      source: 'calculadora_metricas',
      results: { metricType: 'cac', value: 333.33, inputs: { totalCosts: 10_000, newCustomers: 30 }, status: 'good' },
    })
    await expectLeadReachedSales(page, email, {
      subject: 'Novo lead: Calculadora de métricas · Juliana Prado',
      leadId: body.leadId,
      crmIdentifier: 'calculadora',
    })
    const results = body.results as { message: string; tips: string[] }
    await expect(page.getByText(results.message)).toBeVisible()
    expect(results.tips.length).toBeGreaterThanOrEqual(2)
    for (const tip of results.tips) await expect(page.getByText(tip)).toBeVisible()

    // The full result is the visitor's own link: it survives a reload.
    await page.reload()
    await expect(stepTitle(page)).toHaveText('Sua análise completa')

    // From the confirmation, the strategy session, without typing again (issue 44).
    await page.getByRole('main').getByRole('link', { name: 'Agendar minha Sessão Estratégica' }).click()
    await expect(page.getByText('Juliana, escolha o dia e o horário da sua sessão de 30 minutos.')).toBeVisible()
  })

  test('@desktop ROI on average and conversion rate to improve, with their signs', async ({ page }) => {
    await calculate(page, /^ROI/, { 'Receita gerada (R$)': '8000', 'Valor investido (R$)': '4000' })
    await expect(page.getByTestId('metric-value')).toHaveText('100,00%')
    await expect(page.getByText('Na média', { exact: true })).toBeVisible()

    await calculate(page, /^Taxa de Conversão/, { 'Número de conversões': '5', 'Número de visitantes': '1.000' })
    await expect(page.getByTestId('metric-value')).toHaveText('0,50%')
    await expect(page.getByText('Precisa melhorar', { exact: true })).toBeVisible()
  })

  test('@desktop a value that is not above zero, and a phone without DDD, get the spec messages', async ({ page, allowConsoleErrors }) => {
    // Without JavaScript the server answers both with a 400 page.
    allowConsoleErrors(/status of 400/)
    await page.goto('/ferramentas/calculadora?metrica=cpc')
    await page.getByLabel('Custo da campanha (R$)').fill('0')
    await page.getByLabel('Número de cliques').fill('dez')
    await page.getByRole('button', { name: 'Calcular' }).click()
    await expect(page.getByText('Por favor, insira um valor válido maior que zero')).toHaveCount(2)
    await expect(page.getByLabel('Custo da campanha (R$)')).toHaveAttribute('aria-invalid', 'true')

    await page.goto('/ferramentas/calculadora?metrica=cpc&campaignCost=1000&clicks=400&etapa=contato')
    await page.getByLabel('Nome completo').fill('Caio Nunes')
    await page.getByLabel('E-mail').fill('caio@exemplo.com.br')
    await page.getByLabel('Telefone / WhatsApp').fill('987654321')
    await page.getByRole('button', { name: 'Ver análise completa' }).click()
    await expect(page.getByText('Por favor, insira um número de telefone válido (com DDD).')).toBeVisible()
  })

  test('@desktop @js with JavaScript, picking a metric, calculating and going back are answered in the page, with no request to the server', async ({
    page,
  }) => {
    await page.goto('/ferramentas/calculadora')
    const serverRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/ferramentas/calculadora')) serverRequests.push(request.url())
    })
    await page.getByRole('link', { name: /^ROI/ }).click()
    // Each step keeps the tool where it was (no jump to the page's top) and its heading takes focus, in view.
    await expect(stepTitle(page)).toBeFocused()
    await expect(stepTitle(page)).toBeInViewport()
    await page.getByLabel('Receita gerada (R$)').fill('50.000,00')
    await page.getByLabel('Valor investido (R$)').fill('10.000,00')
    await page.getByRole('button', { name: 'Calcular' }).click()
    await expect(stepTitle(page)).toHaveText('Seu resultado')
    await expect(stepTitle(page)).toBeFocused()
    await expect(stepTitle(page)).toBeInViewport()
    await expect(page.getByTestId('metric-value')).toHaveText('400,00%')
    await page.getByRole('link', { name: '← Voltar' }).click()
    await expect(page.getByLabel('Valor investido (R$)')).toHaveValue('10000')
    expect(serverRequests).toEqual([])
    // The address says where the visitor is, as without JavaScript: a reload gives the same step.
    await expect(page).toHaveURL(/metrica=roi.*etapa=calcular/)
  })

  test('@desktop @js a tap shows its step before the router moves; the address, Back and Forward follow', async ({ page }) => {
    // The page's clock, animation frames included, is ours: after a tap no frame is painted until we resume it.
    await page.clock.install()
    await page.goto('/ferramentas/calculadora')
    await expect(page.locator('html[data-hydrated]')).toBeAttached()
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    await page.getByRole('link', { name: /^ROI/ }).click()
    // The step is in the page in the tap's own frame; the router is told only once that frame is painted.
    await expect(stepTitle(page)).toHaveText('ROI: Retorno sobre o Investimento')
    await expect(page.getByLabel('Valor investido (R$)')).toBeVisible()
    expect(new URL(page.url()).search).toBe('')
    await page.clock.resume()
    await expect(page).toHaveURL(/\?metrica=roi$/)
    await page.getByLabel('Receita gerada (R$)').fill('50.000,00')
    await page.getByLabel('Valor investido (R$)').fill('10.000,00')
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    await page.getByRole('button', { name: 'Calcular' }).click()
    await expect(page.getByTestId('metric-value')).toHaveText('400,00%')
    await expect(page).toHaveURL(/\?metrica=roi$/)
    await page.clock.resume()
    await expect(page).toHaveURL(/metrica=roi&revenue=50\.000%2C00&investment=10\.000%2C00$/)
    // The history has each step, as the router would have recorded it.
    await page.goBack()
    await expect(stepTitle(page)).toHaveText('ROI: Retorno sobre o Investimento')
    await expect(page.getByLabel('Receita gerada (R$)')).toBeVisible()
    await page.goBack()
    await expect(stepTitle(page)).toHaveText('Qual métrica você quer calcular?')
    await page.goForward()
    await page.goForward()
    await expect(stepTitle(page)).toHaveText('Seu resultado')
    await expect(page.getByTestId('metric-value')).toHaveText('400,00%')
  })

  test('@desktop @nojs an unknown result link says so, with a 404', async ({ page, allowNotFound }) => {
    allowNotFound('/ferramentas/calculadora?resultado=00000000-0000-4000-8000-000000000000')
    const response = await page.goto('/ferramentas/calculadora?resultado=00000000-0000-4000-8000-000000000000')
    expect(response?.status()).toBe(404)
    await expect(stepTitle(page)).toHaveText('Resultado não encontrado')
  })
})
