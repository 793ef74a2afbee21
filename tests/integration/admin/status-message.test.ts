/**
 * 'Status de N leads alterados.' on /admin/leads (ADR 048, issue 41): the
 * message comes from the server's one-time cookie set by a real bulk change,
 * shown once, never from the URL. Through the real request handler, without
 * JavaScript (the page) and with it (Remix's data URL).
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openAdminSession, saveAdmin } from '~/admin/auth.server'
import { admins, leads } from '../../../db/schema'
import { startTestSite, type TestSite } from '../../support/test-site'

let site: TestSite
let admin = ''

beforeAll(async () => {
  site = await startTestSite()
  await saveAdmin(site.db, 'gestora@alavancadigital.com.br', 'senha-longa-de-teste-123')
  const [row] = await site.db.select({ id: admins.id }).from(admins).where(eq(admins.email, 'gestora@alavancadigital.com.br'))
  admin = (await openAdminSession(site.db, new Request(site.url), row!.id)).split(';')[0]!
  await newLead()
}, 120_000)

const newLead = async () => {
  const [lead] = await site.db
    .insert(leads)
    .values({ name: 'Marina Costa', email: `status-${randomUUID()}@exemplo.com.br`, source: 'formulario_contato', consentVersion: 'v1', consentAt: new Date() })
    .returning({ id: leads.id })
  return lead!.id
}

afterAll(async () => {
  await site?.close()
})

const CHANGED = /Status de \d+ leads? alterados?\./
const page = async (path: string, cookie = admin) => {
  const response = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
  return { status: response.status, html: await response.text(), setCookie: response.headers.getSetCookie() }
}

it('shows nothing for a status count in the URL alone', async () => {
  for (const path of ['/admin/leads?alterados=50', '/admin/leads?status=novo&alterados=1', '/admin/leads?alterados=-1']) {
    const answer = await page(path)
    expect(answer.status).toBe(200)
    expect(answer.html).toContain('Mudar o status dos leads marcados')
    expect(answer.html).not.toMatch(CHANGED)
  }
})

it.each(['/admin/leads?index&status=novo', '/admin/leads.data?index&status=novo'])('shows a real bulk change once, on the same view (%s)', async (action) => {
  const view = '/admin/leads?status=novo'
  const lead = await newLead()
  const changed = await fetch(`${site.url}${action}`, {
    method: 'POST',
    headers: { Cookie: admin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([
      ['status', 'contacted'],
      ['lead', lead],
    ]),
    redirect: 'manual',
  })
  // The page's redirect, or (JavaScript) Remix's own in the data answer: to the same view, no count in it.
  const body = await changed.text()
  expect(changed.headers.get('Location') ?? body).toContain(view)
  expect(changed.headers.get('Location') ?? body).not.toContain('alterados')
  const flash = changed.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('admin_aviso='))
    ?.split(';')[0]
  expect(flash).toBeDefined()

  const shown = await page(view, `${admin}; ${flash}`)
  expect(shown.html).toContain('Status de 1 lead alterado.')
  // Spent: the answer deletes it, and the next visit (without it) shows nothing.
  expect(shown.setCookie).toEqual([expect.stringMatching(/^admin_aviso=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/)])
  expect((await page(view)).html).not.toMatch(CHANGED)
})
