import type { Browser, Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures'
import { adminServerForSuite, signIn } from './support/admin-session'
import { axeViolations, describeViolations } from './support/axe'
import { fillByLabel, uniqueEmail } from './support/deliveries'

/**
 * The admin dashboard (ADR 040) on an instance of its own, with JavaScript
 * on and off: leads sent through the real forms (two from a campaign link
 * to /contato, one newsletter from a visitor with no campaign) are in the
 * charts' accessible names and their table twins, and each link lands on
 * the leads table filtered to exactly those leads; a calculator run counts
 * one start and one finish, with Back and a second calculation in it.
 */

const CAMPAIGN = { source: 'parceiro-e2e', campaign: 'lancamento-e2e' }

async function sendContactLead(page: Page, base: string, email: string) {
  await page.goto(`${base}/contato?utm_source=${CAMPAIGN.source}&utm_campaign=${CAMPAIGN.campaign}`)
  const form = page.locator('form#contato-pagina')
  await fillByLabel(form, { Nome: 'Rita Campos', 'E-mail': email, 'Telefone / WhatsApp': '(31) 99876-5432', Mensagem: 'Quero anunciar no Google.' })
  await form.getByRole('button', { name: 'Enviar Mensagem' }).click()
  await expect(page.getByText('Mensagem Enviada!').first()).toBeVisible()
}

/** Another visitor (no cookie, no campaign) subscribes from /blog. */
async function sendNewsletterLead(browser: Browser, info: TestInfo, base: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled ?? true })
  const page = await context.newPage()
  await page.goto(`${base}/blog`)
  const form = page.locator('form#newsletter-form')
  await form.getByLabel('Seu melhor e-mail').fill(email)
  await form.getByRole('checkbox').check()
  await form.getByRole('button', { name: 'Inscrever-se' }).click()
  await expect(page.getByText('Inscrição Confirmada!').first()).toBeVisible()
  await context.close()
}

test.describe('admin dashboard', () => {
  test.describe.configure({ mode: 'serial' })
  const server = adminServerForSuite()

  test('@desktop leads from the forms are in the charts and their tables, and each link lists exactly those leads', async ({ page, browser }, info) => {
    const contacts = [uniqueEmail(info, 'painel-contato-1'), uniqueEmail(info, 'painel-contato-2')]
    const subscriber = uniqueEmail(info, 'painel-newsletter')
    for (const email of contacts) await sendContactLead(page, server.base, email)
    await sendNewsletterLead(browser, info, server.base, subscriber)

    await signIn(page, server.base)
    await expect(page.getByTestId('resumo-periodo')).toContainText('3 leads')
    await expect(page.getByTestId('resumo-periodo')).toContainText('nenhum lead nos 30 dias anteriores')

    // The charts' accessible names carry their numbers.
    await expect(page.getByRole('img', { name: /^Leads por dia e origem/ })).toHaveAccessibleName(/Página de contato: 2; Newsletter do blog: 1/)
    await expect(page.getByRole('img', { name: /^Principais utm_source/ })).toHaveAccessibleName(
      `Principais utm_source. ${CAMPAIGN.source}: 2; (direto / sem UTM): 1`,
    )
    await expect(page.getByRole('img', { name: /^Principais utm_campaign/ })).toHaveAccessibleName(
      `Principais utm_campaign. ${CAMPAIGN.campaign}: 2; (direto / sem UTM): 1`,
    )
    await expect(page.getByRole('img', { name: /^Principais páginas de entrada/ })).toHaveAccessibleName('Principais páginas de entrada. /contato: 2; /blog: 1')

    // Every table twin opens without JavaScript (details); axe checks the page with them open.
    for (const summary of await page.getByText('Ver dados em tabela').all()) await summary.click()
    const utmTable = page.getByRole('table', { name: 'Principais utm_source' })
    await expect(utmTable.getByRole('row', { name: `${CAMPAIGN.source} 2` })).toBeVisible()
    await expect(
      page
        .getByRole('table', { name: 'Leads por dia e origem' })
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: '3' }) }),
    ).toHaveCount(1)
    expect(describeViolations(await axeViolations(page)), 'axe on the dashboard').toEqual([])

    /** Follows a link of the dashboard: the leads table, filtered by `filters` (and the period's days), lists exactly `emails`. */
    const listed = async (link: () => Promise<void>, filters: Record<string, string>, emails: string[]) => {
      await link()
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
      const day = expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)
      expect(new URL(page.url()).pathname).toBe('/admin/leads')
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ de: day, ate: day, ...filters })
      await expect(page.getByTestId('total-leads')).toHaveText(`${emails.length} ${emails.length === 1 ? 'lead' : 'leads'}`)
      for (const email of emails) await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1)
      await page.goto(`${server.base}/admin`)
      for (const summary of await page.getByText('Ver dados em tabela').all()) await summary.click()
    }
    const table = (name: string) => page.getByRole('table', { name })
    await listed(() => utmTable.getByRole('link', { name: CAMPAIGN.source }).click(), { utm_source: CAMPAIGN.source }, contacts)
    await listed(() => table('Principais utm_campaign').getByRole('link', { name: CAMPAIGN.campaign }).click(), { utm_campaign: CAMPAIGN.campaign }, contacts)
    await listed(() => table('Principais páginas de entrada').getByRole('link', { name: '/contato' }).click(), { entrada: '/contato' }, contacts)
    await listed(() => table('Principais páginas de entrada').getByRole('link', { name: '/blog' }).click(), { entrada: '/blog' }, [subscriber])
    await listed(() => page.getByRole('link', { name: 'Newsletter do blog: 1' }).click(), { fonte: 'newsletter_blog' }, [subscriber])
    await listed(() => table('Leads por dia e origem').getByRole('link', { name: '3' }).click(), {}, [...contacts, subscriber])
    // This instance has no webhook: every lead's delivery is 'skipped', and the count links to them.
    await listed(() => page.getByRole('definition').getByRole('link', { name: '3', exact: true }).click(), { entrega: 'skipped' }, [...contacts, subscriber])

    // The period is a link: the same leads in the last 7 days.
    await page.getByRole('navigation', { name: 'Período' }).getByRole('link', { name: '7 dias' }).click()
    await expect(page).toHaveURL(/\/admin\?periodo=7$/)
    await expect(page.getByRole('link', { name: '7 dias' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('resumo-periodo')).toContainText('3 leads')
  })

  test('@desktop a calculator run counts one start and one finish in the tools’ funnel', async ({ page }) => {
    await page.goto(`${server.base}/ferramentas/calculadora`)
    await page.getByRole('link', { name: /^CAC/ }).click()
    await page.getByLabel('Custos totais de marketing e vendas (R$)').fill('10.000,00')
    await page.getByLabel('Novos clientes no período').fill('30')
    await page.getByRole('button', { name: 'Calcular' }).click()
    await expect(page.getByTestId('metric-value')).toHaveText('R$ 333,33')
    // Back to change a value and calculate again: the same run.
    await page.getByRole('link', { name: '← Voltar' }).click()
    await page.getByLabel('Novos clientes no período').fill('40')
    await page.getByRole('button', { name: 'Calcular' }).click()
    await expect(page.getByTestId('metric-value')).toHaveText('R$ 250,00')

    await signIn(page, server.base)
    const calculator = page.getByRole('table', { name: 'Funil das ferramentas' }).getByRole('row', { name: /^Calculadora de métricas/ })
    // With JavaScript the browser's beacons may land a moment after the page moved on.
    await expect(async () => {
      await page.reload()
      await expect(calculator).toHaveAccessibleName('Calculadora de métricas 1 1 0', { timeout: 1_000 })
    }).toPass({ timeout: 10_000 })
    await expect(page.getByRole('table', { name: 'Funil das ferramentas' }).getByRole('row', { name: /^Teste de presença digital/ })).toHaveAccessibleName(
      'Teste de presença digital 0 0 0',
    )
  })
})
