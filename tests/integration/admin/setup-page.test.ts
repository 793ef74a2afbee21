/**
 * /admin/configurar through the real request handler (tests/support/test-site.ts):
 * while no admin exists, the link the server prints creates one, signed in,
 * once; a wrong, expired or used link gets a pt-BR 4xx page; once an admin
 * exists the page is a 404; two posts at once with one link make one admin.
 * Every answer is private and out of search engines.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { AdminAccountError, saveAdmin } from '~/admin/auth.server'
import { adminPasswordMessages } from '~/admin/password-rules'
import { adminSetupMessages } from '~/admin/setup-copy'
import { createFirstAdmin, issueAdminSetupToken } from '~/admin/setup.server'
import type { Database } from '../../../db/client'
import { admins } from '../../../db/schema'
import { startTestSite, type TestSite } from '../../support/test-site'

const PASSWORD = 'uma senha bem comprida'
const fields = { email: 'Primeira@Agencia.com.br', password: PASSWORD, confirmacao: PASSWORD }

let site: TestSite
let db: Database

beforeAll(async () => {
  site = await startTestSite()
  db = site.db
}, 120_000)
afterAll(async () => site?.close())
beforeEach(async () => {
  await db.execute(sql`truncate table admins, admin_sessions, admin_setup_tokens, rate_limit_hits cascade`)
})

const link = (token: string) => `${site.url}/admin/configurar?token=${encodeURIComponent(token)}`
const open = (token: string, cookie?: string) => fetch(link(token), { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
const post = (token: string, body: Record<string, string> = fields) =>
  fetch(link(token), { method: 'POST', body: new URLSearchParams(body), redirect: 'manual' })

function expectPrivate(response: Response) {
  expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
}

/** The site's not-found page (the root's boundary): private, and kept out of the index by its own head. */
async function expectNotFound(response: Response) {
  expect(response.status).toBe(404)
  expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  expect(await response.text()).toMatch(/<meta name="robots" content="noindex/)
}

it('creates the first admin once from the link, signed in, and is a 404 afterwards', async () => {
  const token = (await issueAdminSetupToken(db))!
  const page = await open(token)
  expect(page.status).toBe(200)
  expectPrivate(page)
  const html = await page.text()
  expect(html).toContain('Criar o primeiro administrador')
  expect(html).toMatch(/<meta name="robots" content="noindex/)

  // A mismatch is refused, and no password comes back.
  const mismatch = await post(token, { ...fields, confirmacao: 'outra senha bem comprida' })
  expect(mismatch.status).toBe(400)
  const refused = await mismatch.text()
  expect(refused).toContain('As senhas não conferem.')
  expect(refused).not.toContain(PASSWORD)
  expect(await db.select().from(admins)).toEqual([])

  const created = await post(token)
  expect(created.status).toBe(302)
  expect(created.headers.get('Location')).toBe('/admin')
  expectPrivate(created)
  const cookie = created.headers.get('Set-Cookie')!.split(';')[0]!
  expect(cookie).toMatch(/^admin_sessao=[A-Za-z0-9_-]{43}$/)
  // Signed in as the new admin: the dashboard opens in the admin shell, which names who is signed in.
  const area = await fetch(`${site.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' })
  expect(area.status).toBe(200)
  const dashboard = await area.text()
  expect(dashboard).toMatch(/<h1[^>]*>Painel<\/h1>/)
  expect(dashboard).toContain('primeira@agencia.com.br')
  expect(await db.select({ email: admins.email }).from(admins)).toEqual([{ email: 'primeira@agencia.com.br' }])

  // The same link again: the page is gone, to the admin too.
  for (const again of [await open(token), await open(token, cookie), await post(token, { ...fields, email: 'segunda@agencia.com.br' })]) {
    await expectNotFound(again)
  }
  expect(await db.select().from(admins)).toHaveLength(1)
})

it('answers a wrong, expired or used link with a pt-BR page that says what to do, never a 5xx', async () => {
  const used = (await issueAdminSetupToken(db))!
  await createFirstAdmin(db, used, { email: 'antes@agencia.com.br', password: PASSWORD })
  // The admin made with it was removed: no admin again, and the link was used.
  await db.delete(admins)
  const expired = (await issueAdminSetupToken(db, new Date(Date.now() - 31 * 60_000)))!
  await issueAdminSetupToken(db)
  for (const [token, status, message] of [
    ['', 403, adminSetupMessages.unknown],
    ['nao-e-um-token', 403, adminSetupMessages.unknown],
    ['A'.repeat(43), 403, adminSetupMessages.unknown],
    [expired, 410, adminSetupMessages.expired],
    [used, 410, adminSetupMessages.used],
  ] as const) {
    for (const response of [await open(token), await post(token)]) {
      expect(response.status, `${response.url} ${token}`).toBe(status)
      expectPrivate(response)
      expect(await response.text()).toContain(message)
    }
  }
  expect(await db.select().from(admins)).toEqual([])
})

it('is a 404 once an admin exists, even for a link printed before it', async () => {
  const token = (await issueAdminSetupToken(db))!
  // The admin came from `npm run admin:create` meanwhile.
  await saveAdmin(db, 'gestora@agencia.com.br', PASSWORD)
  for (const response of [await open(token), await post(token), await open('')]) await expectNotFound(response)
  expect(await db.select({ email: admins.email }).from(admins)).toEqual([{ email: 'gestora@agencia.com.br' }])
})

it('makes exactly one admin from two posts at once with one link', async () => {
  const token = (await issueAdminSetupToken(db))!
  const answers = await Promise.all([post(token, { ...fields, email: 'a@agencia.com.br' }), post(token, { ...fields, email: 'b@agencia.com.br' })])
  const [first, second] = answers.map((answer) => answer.status).sort()
  expect(first).toBe(302)
  // The other finds the admin (404), or the link used (410) if it read the link after the first had finished.
  expect([404, 410]).toContain(second)
  expect(await db.select().from(admins)).toHaveLength(1)
  expect(site.logs.filter((line) => /\n\s+at |"level":"error"/.test(line))).toEqual([])
})

it('refuses a blank or commonly used password with a pt-BR message, on the page and wherever a password is set', async () => {
  const token = (await issueAdminSetupToken(db))!
  for (const [password, message] of [
    [' '.repeat(12), adminPasswordMessages.blank],
    ['senha123senha123', adminPasswordMessages.weak],
    ['brasil123456', adminPasswordMessages.weak],
  ] as const) {
    const refused = await post(token, { ...fields, password, confirmacao: password })
    expect(refused.status).toBe(400)
    expectPrivate(refused)
    expect(await refused.text()).toContain(message.split(' (')[0]!)
    // `npm run admin:create` and any later change go through saveAdmin: the same refusal.
    await expect(saveAdmin(db, 'outra@agencia.com.br', password)).rejects.toThrow(new AdminAccountError(message))
  }
  expect(await db.select().from(admins)).toEqual([])
  // The link is still good for a strong password.
  expect((await post(token)).status).toBe(302)
})
