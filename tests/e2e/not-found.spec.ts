import { expect, test } from './fixtures'

test.describe('an unknown path', () => {
  // The browser reports the document's own 404 status as a console error: each test names the address it expects.
  test('@desktop @nojs answers 404 with the exact text and links back to the pages that matter', async ({ page, allowNotFound }) => {
    allowNotFound('/qualquer-coisa')
    const response = await page.goto('/qualquer-coisa')
    expect(response?.status()).toBe(404)

    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: /Oops! Página não encontrada/ })).toBeVisible()

    const suggestions = page.getByRole('navigation', { name: 'Sugestões' })
    await expect(suggestions.getByRole('link')).toHaveCount(3)
    await expect(suggestions.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/')
    await expect(suggestions.getByRole('link', { name: 'Conhecer os serviços' })).toHaveAttribute('href', '/servicos')
    await expect(suggestions.getByRole('link', { name: 'Falar com a equipe' })).toHaveAttribute('href', '/contato')
  })

  test('@desktop @nojs keeps the site shell: header and footer around the message', async ({ page, allowNotFound }) => {
    allowNotFound('/pasta/que/nao/existe')
    await page.goto('/pasta/que/nao/existe')
    await expect(page.locator('header').first()).toBeAttached()
    await expect(page.locator('footer').first()).toBeAttached()
    await expect(page.locator('main')).toContainText('Oops! Página não encontrada')
    await expect(page).toHaveTitle(/Página não encontrada/)
    await expect(page.locator('meta[name="robots"]').last()).toHaveAttribute('content', /noindex/)
  })

  test('@desktop the link back home works from the 404 page', async ({ page, allowNotFound }) => {
    allowNotFound('/pagina-removida')
    await page.goto('/pagina-removida')
    await page.getByRole('navigation', { name: 'Sugestões' }).getByRole('link', { name: 'Voltar para o início' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: /Oops! Página não encontrada/ })).toHaveCount(0)
  })

  test('@desktop @js logs the missing path to the browser console', async ({ page, allowNotFound, consoleMessages }) => {
    allowNotFound('/caminho-perdido?origem=teste')
    await page.goto('/caminho-perdido?origem=teste')
    await expect
      .poll(() => consoleMessages.filter((message) => message.type === 'warning').map((message) => message.text))
      .toContainEqual(expect.stringContaining('/caminho-perdido'))
  })
})
