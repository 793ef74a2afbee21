/**
 * Vitest setup (vitest.config.ts `setupFiles`): a test that makes the code
 * under test call console.error fails, like the e2e fixture does for the
 * browser console, unless the test said it expects that error:
 *
 *   import { allowConsoleErrors } from '../support/console-guard'
 *   allowConsoleErrors(/Sanity não respondeu/)
 *
 * Expected errors are still printed, so a failing run shows them.
 */
import { afterEach, beforeEach, expect } from 'vitest'

let allowed: RegExp[] = []
let unexpected: string[] = []
// What console.error was before the test (a test site's capture of the log, or Vitest's own): still called.
let underlyingError = console.error

/** Lets console.error lines matching `pattern` pass in the current test. */
export function allowConsoleErrors(pattern: RegExp): void {
  allowed.push(pattern)
}

beforeEach(() => {
  allowed = []
  unexpected = []
  underlyingError = console.error
  console.error = (...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ')
    if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text)
    underlyingError(...args)
  }
})

afterEach(() => {
  console.error = underlyingError
  expect(unexpected, 'console.error during the test').toEqual([])
})
