import { expect, test } from './fixtures'

test.describe('home hero', () => {
  test('@desktop @nojs states the promise, the three stats and both calls to action', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    const hero = page.locator('section[aria-labelledby="hero-titulo"]')
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Transformamos o seu negócio em uma máquina de vendas')
    await expect(hero).toContainText('mais de R$ 2 milhões')
    await expect(hero).toContainText('sessão estratégica gratuita')

    const stats = hero.locator('dl > div')
    await expect(stats).toHaveCount(3)
    const expected = [
      ['R$ 2M+', 'faturados pelos clientes'],
      ['250%', 'aumento médio em vendas'],
      ['180+', 'empresas transformadas'],
    ]
    for (const [index, [value, label]] of expected.entries()) {
      await expect(stats.nth(index).locator('dd')).toHaveText(value!)
      await expect(stats.nth(index).locator('dt')).toHaveText(label!)
    }

    await expect(hero.getByRole('link', { name: 'Sessão Estratégica Gratuita' })).toHaveAttribute('href', '/contato')
    // ADR 004: the cases button opens the cases page, not /servicos as the spec's source did.
    await expect(hero.getByRole('link', { name: 'Ver Cases de Sucesso' })).toHaveAttribute('href', '/casos')
  })

  test('@desktop the primary call to action leads to the contact page', async ({ page }) => {
    await page.goto('/')
    await page.locator('section[aria-labelledby="hero-titulo"]').getByRole('link', { name: 'Sessão Estratégica Gratuita' }).click()
    await expect(page).toHaveURL(/\/contato$/)
  })

  test('@desktop @nojs /favicon.ico points to the SVG icon', async ({ request }) => {
    const response = await request.get('/favicon.ico', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers().location).toBe('/favicon.svg')
  })
})
