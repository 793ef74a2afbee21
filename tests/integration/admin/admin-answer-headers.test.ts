/**
 * Admin answers keep the headers their action states (issue 34): the
 * sign-in's 429 says when to try again (`Retry-After`), a refused method
 * says which ones the address takes (`Allow`), through the real request
 * handler, with JavaScript (Remix's data URL) and without.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_LOGIN_ATTEMPTS } from '~/admin/login-limits.server'
import { startTestSite, type TestSite } from '../../support/test-site'

let site: TestSite

beforeAll(async () => {
  site = await startTestSite({ env: { POST_RATE_LIMIT_PER_MINUTE: '1000000' } })
}, 120_000)

afterAll(async () => {
  await site?.close()
})

const signInBody = (email: string) => new URLSearchParams({ email, password: 'senha-errada-de-teste-1' })

it.each(['/admin/entrar', '/admin/entrar.data'])(
  'answers a sign-in over the limit on %s with 429 and Retry-After',
  async (path) => {
    const email = `limite-${path.length}@exemplo.com.br`
    let response: Response | undefined
    for (let attempt = 0; attempt <= ADMIN_LOGIN_ATTEMPTS; attempt += 1) {
      response = await fetch(`${site.url}${path}`, { method: 'POST', body: signInBody(email), redirect: 'manual' })
      await response.text()
    }
    expect(response!.status).toBe(429)
    expect(Number(response!.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(response!.headers.get('Cache-Control')).toContain('no-store')
  },
  60_000,
)

it.each(['/admin/entrar', '/admin/entrar.data'])(
  'answers another method on %s with 405 and Allow',
  async (path) => {
    const response = await fetch(`${site.url}${path}`, { method: 'PUT', body: signInBody('metodo@exemplo.com.br'), redirect: 'manual' })
    await response.text()
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toMatch(/POST/)
  },
  60_000,
)
