import { test as base, expect } from '@playwright/test'

/**
 * Every e2e test imports `test` from here. A test fails if the page logged a
 * console error or threw, unless the test declared that it expects one with
 * `allowConsoleErrors(/pattern/)`. All console messages are kept in
 * `consoleMessages` for tests that assert on logs.
 */
type ConsoleState = { allowed: RegExp[]; errors: string[]; messages: { type: string; text: string }[] }

type Fixtures = {
  consoleState: ConsoleState
  allowConsoleErrors: (pattern: RegExp) => void
  consoleMessages: ConsoleState['messages']
}

export const test = base.extend<Fixtures>({
  consoleState: [
    async ({ page }, use) => {
      const state: ConsoleState = { allowed: [], errors: [], messages: [] }
      page.on('console', (message) => {
        state.messages.push({ type: message.type(), text: message.text() })
        if (message.type() === 'error') state.errors.push(message.text())
      })
      page.on('pageerror', (error) => state.errors.push(`pageerror: ${error.message}`))
      await use(state)
      const unexpected = state.errors.filter((text) => !state.allowed.some((pattern) => pattern.test(text)))
      expect(unexpected, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
  allowConsoleErrors: async ({ consoleState }, provide) => {
    await provide((pattern) => consoleState.allowed.push(pattern))
  },
  consoleMessages: async ({ consoleState }, provide) => {
    await provide(consoleState.messages)
  },
})

export { expect }
