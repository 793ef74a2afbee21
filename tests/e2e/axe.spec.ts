import { readdirSync, readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { seedArticles } from '../support/seed-content'
import { expect, test } from './fixtures'
import { axeViolations, describeViolations } from './support/axe'
import { uniqueEmail } from './support/deliveries'
import { representativePages, sitemapPaths } from './support/public-pages'

/**
 * axe-core (its default rules: WCAG 2.0/2.1 A and AA plus best practices) finds
 * no violation on any page of the site. One representative address per route
 * module runs in all four projects (375 and 1280 px, JavaScript on and off);
 * every address of /sitemap.xml runs once, without JavaScript at 1280 px, where
 * nothing is hidden behind a scroll animation; the tools' steps, the 404 page,
 * the blog's search and page 2, an article in development and the opened mobile
 * menu are checked as the screens they are.
 */
const inDevelopment = seedArticles().find((article) => article.status !== 'published')!.slug.current
const representative = representativePages

async function expectNoViolations(page: Page, screen = page.url()) {
  expect(describeViolations(await axeViolations(page)), `axe on ${screen}`).toEqual([])
}

async function visit(page: Page, path: string, status = 200) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(status)
}

test.describe('axe-core finds no violation', () => {
  // axe takes a few seconds a screen on a busy machine, and the tools' tests check several screens.
  test.describe.configure({ timeout: 120_000 })

  test('@desktop @nojs every route module that renders a page has an address here', () => {
    const pageModules = readdirSync('app/routes').filter(
      (file) => file !== 'studio.$.tsx' && /^export default /m.test(readFileSync(`app/routes/${file}`, 'utf8')),
    )
    expect(Object.keys(representative).sort()).toEqual(pageModules.sort())
  })

  for (const [module, path] of Object.entries(representative)) {
    test(`on ${path} (${module})`, async ({ page, allowConsoleErrors }) => {
      const notFound = module === '$.tsx'
      if (notFound) allowConsoleErrors(/status of 404/)
      await visit(page, path, notFound ? 404 : 200)
      await expectNoViolations(page)
    })
  }

  test('@desktop @nojs on every page of the sitemap', async ({ page, request }) => {
    test.setTimeout(600_000)
    const paths = await sitemapPaths(request)
    // Every service, case and published article, not only the fixed pages.
    for (const prefix of ['/servicos/', '/casos/', '/blog/']) expect(paths.filter((path) => path.startsWith(prefix)).length, prefix).toBeGreaterThan(1)
    for (const path of paths) {
      await visit(page, path)
      await expectNoViolations(page, path)
    }
  })

  test('on the blog with a search, its page 2, a search with no result and an article in development', async ({ page }) => {
    for (const path of ['/blog?q=tiktok', '/blog?pagina=2', '/blog?q=nenhum-artigo-fala-disso', `/blog/${inDevelopment}`]) {
      await visit(page, path)
      await expectNoViolations(page, path)
    }
  })

  test('@js @mobile on the opened mobile menu dialog', async ({ page }) => {
    await visit(page, '/')
    // The toggle is a button once the page is hydrated (a link to the no-JS panel before).
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoViolations(page, 'menu móvel aberto')
  })

  test('@nojs @mobile on the opened mobile menu without JavaScript', async ({ page }) => {
    await visit(page, '/')
    await page.getByRole('link', { name: 'Abrir menu' }).click()
    await expect(page.getByRole('link', { name: 'Fechar menu' })).toBeVisible()
    await expectNoViolations(page, 'menu móvel aberto (sem JavaScript)')
  })

  test('on each step of the calculator', async ({ page, allowConsoleErrors }, info) => {
    // Without JavaScript the server answers invalid values with a 400 page.
    allowConsoleErrors(/status of 400/)
    const base = '/ferramentas/calculadora?metrica=cac'
    const filled = `${base}&totalCosts=10000&newCustomers=30`
    for (const path of [base, `${base}&totalCosts=0&newCustomers=dez`, filled, `${filled}&etapa=contato`]) {
      await page.goto(path)
      await expectNoViolations(page, path)
    }
    await page.getByLabel('Nome completo').fill('Juliana Prado')
    await page.getByLabel('E-mail').fill(uniqueEmail(info, 'axe-calculadora'))
    await page.getByLabel('Telefone / WhatsApp').fill('11987654321')
    await page.getByRole('button', { name: 'Ver análise completa' }).click()
    await expect(page.locator('#calculadora-etapa')).toHaveText('Sua análise completa')
    await expectNoViolations(page, 'análise completa da calculadora')
  })

  test('on a question of the presence test, its missing-answer message and the results', async ({ page, allowConsoleErrors }, info) => {
    allowConsoleErrors(/status of 400/)
    await visit(page, '/ferramentas/teste-presenca-digital')
    await page.locator('input[name="resposta"][value="2"]').check()
    await page.getByRole('button', { name: 'Próximo' }).click()
    await expect(page.getByText('Etapa 2 de 25')).toBeVisible()
    await expectNoViolations(page, 'pergunta 2 do teste')
    await page.getByRole('button', { name: 'Próximo' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoViolations(page, 'pergunta sem resposta')
    for (let question = 2; question <= 25; question++) {
      await page.locator('input[name="resposta"][value="3"]').check()
      await page.getByRole('button', { name: question === 25 ? 'Finalizar Teste' : 'Próximo' }).click()
    }
    await expect(page.getByTestId('overall-score')).toBeVisible()
    await expectNoViolations(page, 'resultado do teste')
    await page.getByLabel('Nome completo').fill('Patrícia Mello')
    await page.getByLabel('E-mail').fill(uniqueEmail(info, 'axe-teste'))
    await page.getByLabel('Telefone / WhatsApp').fill('21998761234')
    await page.getByRole('button', { name: 'Ver meu resultado completo' }).click()
    await expect(page).toHaveURL(/enviado=1$/, { timeout: 20_000 })
    await expect(page.getByRole('status').filter({ hasText: 'Dados enviados com sucesso!' }).first()).toBeVisible()
    await expectNoViolations(page, 'resultado completo do teste')
  })

  test('on each step of the briefing, its missing-contact message and its confirmation', async ({ page, allowConsoleErrors }, info) => {
    allowConsoleErrors(/status of 400/)
    await visit(page, '/criar-agente')
    for (let step = 2; step <= 5; step++) {
      await page.getByRole('button', { name: 'Próximo' }).click()
      await expect(page.getByText(`Etapa ${step} de 5`)).toBeVisible()
      await expectNoViolations(page, `etapa ${step} do briefing`)
    }
    await page.getByRole('button', { name: 'Enviar Briefing' }).click()
    await expect(page.getByRole('alert').first()).toBeVisible()
    await expectNoViolations(page, 'briefing sem contato')
    await page.getByLabel('Seu nome').fill('Marta Sousa')
    await page.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail(info, 'axe-briefing'))
    await page.getByLabel('Telefone / WhatsApp').fill('11987654321')
    await page.getByRole('button', { name: 'Enviar Briefing' }).click()
    await expect(page.getByRole('heading', { name: 'Briefing Enviado com Sucesso!' })).toBeVisible()
    await expectNoViolations(page, 'briefing enviado')
  })
})
