import { expect, expectHydrated, test } from './fixtures'

/**
 * A visitor who clicks or types while the page is still hydrating (a slow
 * phone, a quick thumb) gets a working page, not a React error that leaves it
 * without JavaScript (app/utils/hydration-input.ts, remix-run/remix#10214).
 * Before the fix about half of these loads threw "Root did not complete"
 * (React #345); the fixture fails the test on any page error.
 */
test('@desktop @js input during hydration leaves every page hydrated and free of errors', async ({ page }) => {
  for (const path of ['/', '/sobre', '/servicos', '/casos', '/contato', '/blog']) {
    await page.goto(path)
    // At once, while React is still hydrating: a key, a click on the page's margin, another key.
    await page.keyboard.press('Tab')
    await page.mouse.click(2, 400)
    await page.keyboard.press('Tab')
    await expectHydrated(page)
    // React handles input now: the Ferramentas menu opens from its summary and closes on Escape (a React handler).
    const tools = page.getByTestId('menu-ferramentas')
    await tools.locator('summary').click()
    await expect(tools).toHaveAttribute('open', '')
    await page.keyboard.press('Escape')
    await expect(tools).not.toHaveAttribute('open')
  }
})
