/**
 * Each address's body limit (app/utils/body-limits.server.ts), through the
 * real request handler: the server refuses a body over its route's limit
 * from its Content-Length, before any parser runs, and lets a body within it
 * reach the route; the publish webhook takes Sanity's larger projections, a
 * lead form keeps the forms' limit, and the refusal is in Portuguese.
 */
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodyLimitFor, FORM_BODY_LIMIT_BYTES } from '~/utils/body-limits.server'
import { contentPublishes } from '../../../db/schema'
import { startTestSite, type TestSite } from '../../support/test-site'

const WEBHOOK_SECRET = 'segredo-do-webhook-dos-limites'
let site: TestSite

beforeAll(async () => {
  site = await startTestSite({ env: { SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET, POST_RATE_LIMIT_PER_MINUTE: '1000000' } })
}, 120_000)
afterAll(() => site?.close())

/** A signed publish whose body is about `kilobytes` KB (a document with a long projection). */
async function publishOf(kilobytes: number): Promise<RequestInit> {
  const body = JSON.stringify({ _id: `artigo-${kilobytes}`, _type: 'article', body: 'x'.repeat(kilobytes * 1024) })
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET) },
    body,
  }
}

describe('body limits per route', () => {
  it('accepts a 200 KB signed publish and records it', async () => {
    const response = await fetch(`${site.url}/api/content/revalidate`, await publishOf(200))
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true, revalidated: true })
    expect((await site.db.select().from(contentPublishes)).map((row) => row.documentId)).toContain('artigo-200')
  })

  it('refuses a 300 KB publish with 413 before reading it, and records nothing', async () => {
    const response = await fetch(`${site.url}/api/content/revalidate`, await publishOf(300))
    expect(response.status).toBe(413)
    expect(await response.text()).toMatch(/excede o limite de 256 KB/)
    expect((await site.db.select().from(contentPublishes)).map((row) => row.documentId)).not.toContain('artigo-300')
  })

  it('refuses a lead form over the forms’ limit with a 413 in Portuguese', async () => {
    const body = new URLSearchParams({ name: 'Helena Prado', message: 'x'.repeat(FORM_BODY_LIMIT_BYTES) })
    for (const path of ['/contato', '/contato.data']) {
      const response = await fetch(`${site.url}${path}`, { method: 'POST', body })
      expect(response.status, path).toBe(413)
      expect(response.headers.get('Content-Type'), path).toMatch(/^text\/plain; charset=utf-8/)
      expect(await response.text(), path).toBe('O envio excede o limite de 64 KB.')
    }
  })

  it('reads one table: the webhook 256 KB, the funnel beacon 256 bytes, every form 64 KB, whatever the case or the data suffix', () => {
    expect(bodyLimitFor('/api/content/revalidate')).toBe(256 * 1024)
    expect(bodyLimitFor('/API/Content/Revalidate/')).toBe(256 * 1024)
    expect(bodyLimitFor('/api/funil')).toBe(256)
    expect(bodyLimitFor('/api/funil.data')).toBe(256)
    for (const path of ['/contato', '/contato.data', '/', '/_root.data', '/admin/leads', '/qualquer']) expect(bodyLimitFor(path), path).toBe(64 * 1024)
  })

  it('refuses a funnel beacon over its own limit before the route reads it', async () => {
    const response = await fetch(`${site.url}/api/funil`, { method: 'POST', body: new URLSearchParams({ ferramenta: 'x'.repeat(300) }) })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe('O envio excede o limite de 256 bytes.')
  })
})
