import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { ADMIN, startAdminServer } from './servers'

/**
 * An admin instance of its own (servers.ts) for the describe block around the
 * call: started before its tests, stopped after them. Its `base` is read in
 * the tests, once it runs.
 */
export function adminServerForSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}) {
  let server: { base: string; stop: () => Promise<void> } | undefined
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    server = await startAdminServer(typeof env === 'function' ? await env() : env)
  })
  test.afterAll(async () => {
    await server?.stop()
  })
  return {
    get base(): string {
      if (!server) throw new Error('The admin server starts before the suite’s tests.')
      return server.base
    },
  }
}

/** Signs the admin in from the sign-in page: with nowhere to go back to, that lands on /admin, the dashboard. */
export async function signIn(page: Page, base: string) {
  await page.goto(`${base}/admin/entrar`)
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Senha').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(`${base}/admin`)
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible()
}
