import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test'

/**
 * Every e2e test imports `test` from here. A test fails if the page logged a
 * console error or threw, unless the test declared that it expects one with
 * `allowConsoleErrors(/pattern/)`. All console messages are kept in
 * `consoleMessages` for tests that assert on logs.
 *
 * With JavaScript on, `page.goto` and `page.reload` return once React has
 * hydrated the document they loaded (`<html data-hydrated>`), with no input
 * given: the modules load with the page, as Remix loads them (ADR 035).
 * Input before hydration goes to the browser, not to React
 * (app/utils/hydration-input.ts), so a test of what JavaScript does starts
 * from the page as React runs it.
 *
 * Visitors have already answered the cookie banner (`consentimento=recusado`),
 * so it does not cover what a test clicks; the banner's own tests and the
 * site walk start without a choice: `test.use({ consentChoice: null })`.
 */
type ConsoleState = { allowed: RegExp[]; notFound: string[]; errors: { text: string; url: string }[]; messages: { type: string; text: string }[] }

type Fixtures = {
  /** The cookie choice the browser starts with (ADR 031); null: none, the banner shows. */
  consentChoice: 'aceito' | 'recusado' | null
  consoleState: ConsoleState
  allowConsoleErrors: (pattern: RegExp) => void
  /** The browser's 404 console error for this one address (path and query), and no other, is expected. */
  allowNotFound: (path: string) => void
  consoleMessages: ConsoleState['messages']
}

export const test = base.extend<Fixtures>({
  consentChoice: ['recusado', { option: true }],
  context: async ({ context, consentChoice, baseURL }, provide) => {
    if (consentChoice) await context.addCookies([{ name: 'consentimento', value: consentChoice, url: baseURL! }])
    await provide(context)
  },
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (...args) => waitForHydration(page, await goto(...args))
      page.reload = async (...args) => waitForHydration(page, await reload(...args))
    }
    await provide(page)
  },
  consoleState: [
    async ({ page }, use) => {
      const state: ConsoleState = { allowed: [], notFound: [], errors: [], messages: [] }
      page.on('console', (message) => {
        state.messages.push({ type: message.type(), text: message.text() })
        if (message.type() === 'error') state.errors.push({ text: message.text(), url: message.location().url })
      })
      page.on('pageerror', (error) => state.errors.push({ text: `pageerror: ${error.message}`, url: '' }))
      await use(state)
      const isExpectedNotFound = ({ text, url }: { text: string; url: string }) =>
        /status of 404 \(Not Found\)/.test(text) && url !== '' && state.notFound.includes(`${new URL(url).pathname}${new URL(url).search}`)
      const unexpected = state.errors
        .filter((error) => !isExpectedNotFound(error))
        .map(({ text, url }) => (url ? `${text} (${url})` : text))
        .filter((text) => !state.allowed.some((pattern) => pattern.test(text)))
      expect(unexpected, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
  allowConsoleErrors: async ({ consoleState }, provide) => {
    await provide((pattern) => consoleState.allowed.push(pattern))
  },
  allowNotFound: async ({ consoleState }, provide) => {
    await provide((path) => consoleState.notFound.push(path))
  },
  consoleMessages: async ({ consoleState }, provide) => {
    await provide(consoleState.messages)
  },
})

export { expect }

/** Once a document of the app has loaded (not a text file or an image), waits for its hydration. */
async function waitForHydration(page: Page, response: Response | null): Promise<Response | null> {
  const isAppDocument = response?.headers()['content-type']?.startsWith('text/html') && (await runsAppScripts(page))
  if (isAppDocument) await expectHydrated(page)
  return response
}

/** Waits, without any input, until React has hydrated the page (app/utils/hydration-input.ts). */
export async function expectHydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** Whether the page runs the app's JavaScript (false with JavaScript off, or on a page that is not the app's). */
export const runsAppScripts = (page: Page) => page.evaluate(() => '__remixContext' in window).catch(() => false)

/**
 * Brings a form on screen, as a visitor who fills it does, and waits until it validates in the browser: its
 * validator (zod and the form's schema) loads once the form is near the viewport, not with the page, and until it
 * has arrived the server validates every submit (ADR 028, issue 42). A test of what the browser checks by itself
 * starts here.
 */
export async function expectBrowserValidation(form: Locator) {
  // Again if the form was rendered anew under the scroll (a dialog's "Voltar ao site" brings back a fresh one).
  await expect(async () => {
    await form.scrollIntoViewIfNeeded({ timeout: 2_000 })
    await expect(form).toHaveAttribute('data-browser-validation', '', { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
}

/**
 * Before typing into a lead form that is an island (app/components/ui/island.tsx): with JavaScript, waits until
 * its code has hydrated it and its validator has loaded, so what follows is the JavaScript path and not the
 * HTML post a visitor who sends sooner makes (tests/e2e/islands.spec.ts). Without JavaScript, nothing to wait for.
 */
export async function expectFormReady(form: Locator) {
  if (await runsAppScripts(form.page())) await expectBrowserValidation(form)
}
