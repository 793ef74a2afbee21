import { expect, expectHydrated, test } from './fixtures'

/**
 * A visitor who clicks or types while the page is still hydrating (a slow
 * phone, a quick thumb) gets a working page, not a React error that leaves it
 * without JavaScript (app/utils/hydration-input.ts, remix-run/remix#10214).
 * Before the fix about half of these loads threw "Root did not complete"
 * (React #345).
 */
test('@desktop @js input during hydration leaves every page hydrated and free of errors', async ({ context }) => {
  // A page of its own: the fixture's page.goto waits for hydration, and this test must act before it.
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  for (const path of ['/', '/sobre', '/servicos', '/casos', '/contato', '/blog']) {
    await page.goto(path)
    // At once, while React is still hydrating: a key, a click on the page's margin, another key.
    await page.keyboard.press('Tab')
    await page.mouse.click(2, 400)
    await page.keyboard.press('Tab')
    await expectHydrated(page)
  }
  expect(errors).toEqual([])
})
