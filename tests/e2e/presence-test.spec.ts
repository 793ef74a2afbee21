import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { deliveryFor, expectLeadReachedSales, uniqueEmail } from './support/deliveries'

/**
 * The digital-presence test end to end, with JavaScript on and off (desktop
 * projects): 25 questions, the teaser with the lead form, the full result and
 * the webhook it sends.
 */
const MIXED = [4, 4, 3, 3, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 0, 1, 0, 1, 0]

async function answerAll(page: Page, values: number[]) {
  await page.goto('/ferramentas/teste-presenca-digital')
  for (const [index, value] of values.entries()) {
    await expect(page.getByText(`Etapa ${index + 1} de 25`)).toBeVisible()
    await page.locator(`input[name="resposta"][value="${value}"]`).check()
    await page.getByRole('button', { name: index === 24 ? 'Finalizar Teste' : 'Próximo' }).click()
  }
  await expect(page).toHaveURL(/\/ferramentas\/resultados-teste/)
}

async function sendLead(page: Page, email: string) {
  await page.getByLabel('Nome completo').fill('Patrícia Mello')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Telefone / WhatsApp').fill('21998761234')
  await page.getByRole('button', { name: 'Ver meu resultado completo' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Dados enviados com sucesso!' }).first()).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Agendar minha Sessão Estratégica' })).toHaveAttribute('href', '/agendar')
}

test.describe('digital presence test', () => {
  // 25 questions, a lead and the full result: more than the default 30 s on a busy 2-core machine.
  test.describe.configure({ timeout: 60_000 })
  test('@desktop all answers worth 4: 100 and Ninja da Presença Digital, the lead, the full result and its webhook', async ({ page }, info) => {
    await answerAll(page, Array(25).fill(4))
    await expect(page.getByTestId('overall-score')).toHaveText('100/100')
    await expect(page.getByTestId('persona')).toHaveText('Ninja da Presença Digital')

    const email = uniqueEmail(info, 'teste')
    await sendLead(page, email)
    await expect(page).toHaveURL(/\?r=[0-9a-f-]{36}&enviado=1$/)
    await expect(page.getByRole('img', { name: /Website e SEO: 100%; Redes Sociais: 100%/ })).toBeVisible()

    const { body } = await deliveryFor(page, email)
    expect(body).toMatchObject({
      name: 'Patrícia Mello',
      phone: '(21) 99876-1234',
      source: 'teste_presenca_digital',
      formId: 'presence_test_lead_form',
      results: { overallScore: 100, persona: { title: 'Ninja da Presença Digital' } },
    })
    const results = body.results as { categoryScores: Array<{ id: string; percentage: number }>; answers: unknown[]; recommendations: string[] }
    expect(results.categoryScores.map((score) => score.percentage)).toEqual([100, 100, 100, 100, 100])
    expect(results.answers).toHaveLength(25)
    expect(results.recommendations).toHaveLength(6)
    await expectLeadReachedSales(page, email, {
      subject: 'Novo lead: Teste de presença digital · Patrícia Mello',
      leadId: body.leadId,
      crmIdentifier: 'teste-presenca',
    })
    for (const advice of results.recommendations) await expect(page.getByText(advice)).toBeVisible()

    // The result link is the visitor's own: a reload shows it again.
    await page.reload()
    await expect(page.getByTestId('persona')).toHaveText('Ninja da Presença Digital')
  })

  test('@desktop @js all answers worth 0: Fantasma Digital', async ({ page }) => {
    await answerAll(page, Array(25).fill(0))
    await expect(page.getByTestId('overall-score')).toHaveText('0/100')
    await expect(page.getByTestId('persona')).toHaveText('Fantasma Digital')
  })

  test('@desktop @js a mixed case scores as computed by hand (80, 25, 50, 80, 10 → 49, Explorador Digital)', async ({ page }, info) => {
    await answerAll(page, MIXED)
    await expect(page.getByTestId('overall-score')).toHaveText('49/100')
    await expect(page.getByTestId('persona')).toHaveText('Explorador Digital')
    await sendLead(page, uniqueEmail(info, 'teste-misto'))
    await expect(
      page.getByRole('img', { name: /Website e SEO: 80%; Redes Sociais: 25%; Reputação Online: 50%; Branding: 80%; Estratégia Digital: 10%/ }),
    ).toBeVisible()
    await expect(page.getByText('Seu maior espaço para crescer: Estratégia Digital')).toBeVisible()
  })

  test('@desktop Next needs an answer; Previous goes back a question and is disabled on the first', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400/)
    await page.goto('/ferramentas/teste-presenca-digital')
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled()
    await page.getByRole('button', { name: 'Próximo' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Por favor, selecione uma resposta para continuar.' })).toBeVisible()
    await expect(page.getByText('Etapa 1 de 25')).toBeVisible()

    await page.locator('input[name="resposta"][value="3"]').check()
    await page.getByRole('button', { name: 'Próximo' }).click()
    await expect(page.getByText('Etapa 2 de 25')).toBeVisible()
    await page
      .getByRole('link', { name: 'Anterior' })
      .or(page.getByRole('button', { name: 'Anterior' }))
      .click()
    await expect(page.getByText('Etapa 1 de 25')).toBeVisible()
  })

  test('@nojs @desktop a tampered progress link and an unknown result say so, with a way back to the test', async ({
    page,
    allowConsoleErrors,
    allowNotFound,
  }) => {
    allowConsoleErrors(/status of 400/)
    allowNotFound('/ferramentas/resultados-teste?r=00000000-0000-4000-8000-000000000000')
    const tampered = await page.goto('/ferramentas/teste-presenca-digital?estado=4444.abc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    expect(tampered?.status()).toBe(400)
    await expect(page.getByText('Não conseguimos ler o andamento do seu teste.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Começar o teste' })).toHaveAttribute('href', '/ferramentas/teste-presenca-digital')

    const unknown = await page.goto('/ferramentas/resultados-teste?r=00000000-0000-4000-8000-000000000000')
    expect(unknown?.status()).toBe(404)
    await expect(page.getByRole('link', { name: 'Fazer o teste' })).toBeVisible()
  })

  test('@js @desktop the results page without results goes to the test; unreadable stored results log an error and show nothing', async ({
    page,
    allowConsoleErrors,
  }) => {
    await page.goto('/ferramentas/resultados-teste')
    await expect(page).toHaveURL(/\/ferramentas\/teste-presenca-digital$/)

    allowConsoleErrors(/Não foi possível ler os resultados salvos do teste/)
    await page.evaluate(() => localStorage.setItem('presenceTestResults', '{quebrado'))
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto('/ferramentas/resultados-teste')
    await expect.poll(() => errors.some((text) => text.includes('Não foi possível ler os resultados salvos do teste'))).toBe(true)
    await expect(page).toHaveURL(/\/ferramentas\/resultados-teste$/)
    await expect(page.getByTestId('overall-score')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('presenceTestResults'))).toBeNull()
  })
})
