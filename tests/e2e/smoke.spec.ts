import { expect, test } from './fixtures'

test('@desktop @nojs the home page is served in pt-BR with the default brand title', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
  await expect(page).toHaveTitle(/Grow Smarter/)
})
