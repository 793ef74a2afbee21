import type { Locator, Page } from '@playwright/test'
import { expect, expectHydrated, test } from './fixtures'

const clickable = [
  ['arquitetura-escritorio', 'ROI de 669% em 5 meses para um escritório de arquitetura', 'dialog'],
  ['rayz-shoes', '1.366 conversas no WhatsApp a R$ 5,04 para a Rayz Shoes', 'dialog'],
  ['atrax', 'ROAS de 6,18x para o e-commerce da Atrax', 'dialog'],
  ['violeds', 'ROAS de 3,12x e 22 vendas para a Violeds', 'dialog'],
  ['top-games', 'ROI de 5x em 6 meses para a Top Games', 'dialog'],
  ['quick2sell', '268 leads a R$ 14 para a Quick2Sell', 'fullscreen'],
  ['pantera-refrigeracao', '3.625+ conversões em 14 meses para a Pantera Refrigeração', 'fullscreen'],
] as const

const card = (page: Page, title: string) => page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

async function expectWaysForward(scope: Locator) {
  await expect(scope.getByRole('link', { name: 'Agendar consultoria gratuita' })).toHaveAttribute('href', '/contato')
  await expect(scope.getByRole('link', { name: 'Fazer o Teste de Presença Digital' })).toHaveAttribute('href', '/ferramentas/teste-presenca-digital')
  await expect(scope.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/')
}

test.describe('/casos', () => {
  test('@desktop @nojs shows twelve cases; seven open their full story, five do not', async ({ page }) => {
    await page.goto('/casos')
    const cards = page.locator('section[aria-labelledby="lista-cases"] article')
    await expect(cards).toHaveCount(12)
    await expect(page.getByRole('link', { name: 'Ver case completo' })).toHaveCount(7)
    for (const [slug, title] of clickable) {
      await expect(card(page, title).getByRole('link', { name: 'Ver case completo' })).toHaveAttribute('href', `/casos/${slug}`)
    }
    const first = cards.first()
    for (const label of ['Desafio', 'Solução', 'Resultados']) await expect(first.getByText(label, { exact: true })).toBeVisible()
    await expect(page.locator('section[aria-labelledby="depoimentos-cases"] figure')).toHaveCount(2)
    await expect(page.getByRole('link', { name: 'Agendar consultoria gratuita' }).last()).toHaveAttribute('href', '/contato')
  })

  for (const [slug, title, presentation] of clickable) {
    test(`@desktop @js ${slug} opens as a ${presentation} at its own URL and closes back to the list`, async ({ page }) => {
      await page.goto('/casos')
      await card(page, title).getByRole('link', { name: 'Ver case completo' }).click()
      const dialog = page.getByRole('dialog', { name: title })
      await expect(dialog).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/casos/${slug}$`))
      await expect(dialog).toHaveAttribute('data-presentation', presentation)
      if (presentation === 'fullscreen') {
        const viewport = page.viewportSize()
        // Measured once the opening animation (a slight zoom) has settled.
        await expect.poll(async () => (await dialog.boundingBox())?.width).toBeCloseTo(viewport?.width ?? 0, -1)
        const box = await dialog.boundingBox()
        expect(box?.width).toBeCloseTo(viewport?.width ?? 0, -1)
        expect(box?.height).toBeCloseTo(viewport?.height ?? 0, -1)
      }
      // It scrolls: the end of the story is reachable.
      await expectWaysForward(dialog)
      await dialog.getByRole('link', { name: 'Voltar para a página inicial' }).scrollIntoViewIfNeeded()
      await expect(dialog.getByRole('link', { name: 'Voltar para a página inicial' })).toBeInViewport()
      // The title and the close control stay in view at the end of a long story.
      await expect(dialog.getByRole('button', { name: 'Fechar' })).toBeInViewport()
      await expect(dialog.getByRole('heading', { name: title })).toBeInViewport()

      await dialog.getByRole('button', { name: 'Fechar' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).toHaveURL(/\/casos$/)
    })
  }

  test('@js only one pop-up at a time, and Escape closes it', async ({ page }) => {
    await page.goto('/casos')
    await card(page, clickable[2][1]).getByRole('link', { name: 'Ver case completo' }).click()
    await expect(page.getByRole('dialog', { name: clickable[2][1] })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/\/casos$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await card(page, clickable[3][1]).getByRole('link', { name: 'Ver case completo' }).click()
    await expect(page.getByRole('dialog', { name: clickable[3][1] })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(1)
  })

  test('@desktop @js landing on a case, it stays the page the visitor is reading: no pop-up takes it over', async ({ page }) => {
    await page.goto('/casos/pantera-refrigeracao')
    await expectHydrated(page)
    const article = page.locator('article[aria-labelledby="case-titulo"]')
    await expect(article.getByRole('heading', { level: 2, name: clickable[6][1] })).toBeVisible()
    // Radix's part would have loaded and taken the focus by now if the page opened a pop-up on hydration.
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.locator('[inert]')).toHaveCount(0)
    await expect(page.locator('body')).toBeFocused()
    // Cumulative layout shift since the page began: the buffered entries, read at once (none at all is 0).
    const shift = await page.evaluate(() => {
      const observer = new PerformanceObserver(() => {})
      observer.observe({ type: 'layout-shift', buffered: true })
      const entries = observer.takeRecords()
      observer.disconnect()
      return entries.reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0)
    })
    expect(shift).toBeLessThan(0.01)
    // Another case from the grid below opens as a pop-up, as it would from /casos.
    await card(page, clickable[2][1]).getByRole('link', { name: 'Ver case completo' }).click()
    const dialog = page.getByRole('dialog', { name: clickable[2][1] })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(/\/casos\/atrax$/)
    await expect(page.locator('article[aria-labelledby="case-titulo"]')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await expect(page).toHaveURL(/\/casos$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Back through the history: the case opened from the grid is a pop-up again, the one landed on is still the page.
    await page.goBack()
    await expect(page.getByRole('dialog', { name: clickable[2][1] })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/casos\/pantera-refrigeracao$/)
    await expect(article.getByRole('heading', { level: 2, name: clickable[6][1] })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('@desktop @js a landed-on case closes back to the list in the page', async ({ page }) => {
    await page.goto('/casos/atrax')
    await expectHydrated(page)
    // Marks this document: a full reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.locator('article[aria-labelledby="case-titulo"]').getByRole('link', { name: 'Fechar e ver todos os cases' }).click()
    await expect(page).toHaveURL(/\/casos$/)
    await expect(page.locator('article[aria-labelledby="case-titulo"]')).toHaveCount(0)
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  for (const [slug, title] of clickable) {
    test(`@desktop @nojs /casos/${slug} is a page with the whole case`, async ({ page }) => {
      await page.goto('/casos')
      await card(page, title).getByRole('link', { name: 'Ver case completo' }).click()
      await expect(page).toHaveURL(new RegExp(`/casos/${slug}$`))
      const article = page.locator('article[aria-labelledby="case-titulo"]')
      await expect(article.getByRole('heading', { level: 2, name: title })).toBeVisible()
      await expectWaysForward(article)
      // At the end of a long case the close link at its top is still in view.
      await article.getByRole('link', { name: 'Fechar e ver todos os cases' }).scrollIntoViewIfNeeded()
      await expect(article.getByRole('link', { name: 'Fechar', exact: true })).toBeInViewport()
      await article.getByRole('link', { name: 'Fechar e ver todos os cases' }).click()
      await expect(page).toHaveURL(/\/casos$/)
      await expect(page.locator('article[aria-labelledby="case-titulo"]')).toHaveCount(0)
    })
  }

  test("@desktop @nojs Pantera's story has the Performance Max and Search tables with every figure", async ({ page }) => {
    await page.goto('/casos/pantera-refrigeracao')
    const performanceMax = page.getByRole('table', { name: 'Performance Max' })
    const search = page.getByRole('table', { name: 'Rede de Pesquisa' })
    for (const figure of ['R$ 253,33', '2.162', '12,17%', 'R$ 1', '81.772', '9.954']) {
      await expect(performanceMax.getByRole('cell', { name: figure, exact: true })).toBeAttached()
    }
    for (const figure of ['1.463', 'R$ 4,28', '3,78%', '22,18%', '174.302', '6.595']) {
      await expect(search.getByRole('cell', { name: figure, exact: true })).toBeAttached()
    }
    const story = page.getByRole('dialog').or(page.locator('article[aria-labelledby="case-titulo"]'))
    for (const figure of ['3.625+', 'R$ 0,12', '21,70%', 'R$ 4.500+', '01/07/2024 a 02/09/2025']) {
      await expect(story.getByText(figure).first()).toBeAttached()
    }
  })

  test('@desktop @nojs a case that does not open has no page', async ({ page, allowNotFound }) => {
    allowNotFound('/casos/rede-restaurantes')
    const response = await page.goto('/casos/rede-restaurantes')
    expect(response?.status()).toBe(404)
  })
})
