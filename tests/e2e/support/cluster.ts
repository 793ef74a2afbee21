/**
 * Helpers for tests of several instances on one PostgreSQL (multi-instance.spec.ts):
 * a throwaway database next to TEST_DATABASE_URL's, and a contact lead sent as a
 * browser without JavaScript sends it (the page's own timer, then the post).
 */
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { createScratchDatabase } from '../../support/databases'

export type ThrowawayDatabase = { url: string; name: string; sql: postgres.Sql; close: () => Promise<void> }

/** A fresh database on the server of `baseUrl`, dropped by `close`. `sql` is a connection to it for the test's own reads. */
export async function throwawayDatabase(baseUrl: string): Promise<ThrowawayDatabase> {
  const scratch = await createScratchDatabase(baseUrl, 'site_cluster')
  const sql = postgres(scratch.url, { max: 2, onnotice: () => {} })
  return {
    url: scratch.url,
    name: scratch.name,
    sql,
    async close() {
      await sql.end({ timeout: 5 })
      await scratch.drop()
    },
  }
}

export type ContactLead = { name: string; email: string; phone: string; message: string }

/** The contact form's hidden timer as the page renders it. */
export async function contactTimer(base: string): Promise<string> {
  const html = await (await fetch(`${base}/contato`)).text()
  const timer = /name="_lead_timer" value="([^"]+)"/.exec(html)?.[1]
  if (!timer) throw new Error('the contact page has no timer field')
  return timer.replaceAll('&amp;', '&')
}

/** Posts a contact lead as a browser without JavaScript: the status and the answer's HTML (a redirect when acknowledged). */
export async function postContactLead(
  base: string,
  lead: ContactLead,
  timer: string,
): Promise<{ status: number; html: string; retryAfter: string | null; cookies: string }> {
  const body = new URLSearchParams({ ...lead, _lead_timer: timer, website: '', _page_url: `${base}/contato` })
  const response = await fetch(`${base}/contato`, { method: 'POST', body, redirect: 'manual' })
  // The cookies the answer set, as the browser then sends them (the booking page's among them).
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ')
  return { status: response.status, html: await response.text(), retryAfter: response.headers.get('Retry-After'), cookies }
}

export const uniqueLead = (label: string): ContactLead => ({
  name: `Pessoa ${label}`,
  email: `${label}-${randomBytes(3).toString('hex')}@exemplo.com.br`,
  phone: '(11) 98765-4321',
  message: 'Quero saber mais sobre automação de marketing para a minha empresa.',
})
