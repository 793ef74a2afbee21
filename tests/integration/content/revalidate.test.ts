// @vitest-environment node
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getSiteSettings, setContentCacheTtl, setContentSource } from '~/content/content.server'
import { revalidateContent, SIGNATURE_MAX_AGE_MS, type RevalidateOptions } from '~/content/revalidate.server'
import { readSeedDataset } from '~/content/seed-dataset.server'
import { evaluateGroq, type ContentSource } from '~/content/source.server'
import type { DatabaseHandle } from '../../../db/client'
import { contentPublishes, outbox } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'

/**
 * POST /api/content/revalidate, as Sanity's webhook calls it: a valid
 * signature records the publish once, queues the CDN purges of its tags and
 * drops the cache (the next page view fetches again); anything else is a 401
 * that changes nothing. On both databases.
 */
const SECRET = 'segredo-do-webhook-de-teste-123'
const dataset = readSeedDataset()
let fetches = 0
const countingSource: ContentSource = {
  kind: 'sanity',
  async fetch(query, params) {
    fetches += 1
    return evaluateGroq(query, dataset, params)
  },
  fetchPreview: () => Promise.reject(new Error('no preview in this test')),
}

let handle: DatabaseHandle
const withSecret = (secret: string | undefined, extra: Partial<RevalidateOptions> = {}): RevalidateOptions => ({ secret, db: () => handle.db, ...extra })

const body = JSON.stringify({ _id: 'homePage', _type: 'homePage' })
async function webhook(payload: string, signature?: string, method = 'POST') {
  return new Request('http://localhost/api/content/revalidate', {
    method,
    headers: { 'Content-Type': 'application/json', ...(signature ? { [SIGNATURE_HEADER_NAME]: signature } : {}) },
    body: method === 'POST' ? payload : undefined,
  })
}

describe.each(testDatabaseTargets())('POST /api/content/revalidate ($kind)', (target) => {
  beforeAll(async () => {
    handle = await target.open()
  })
  beforeEach(async () => {
    await handle.db.execute(sql`truncate table content_publishes, outbox cascade`)
    setContentSource(countingSource)
    setContentCacheTtl(60_000)
    fetches = 0
    await getSiteSettings() // one fetch, now cached
  })
  afterAll(async () => {
    setContentSource(undefined)
    setContentCacheTtl(undefined)
    await handle?.close()
  })

  test('a correctly signed call drops the cache: the next request fetches fresh content', async () => {
    await getSiteSettings()
    expect(fetches).toBe(1)
    const response = await revalidateContent(await webhook(body, await encodeSignatureHeader(body, Date.now(), SECRET)), withSecret(SECRET))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true, revalidated: true, tags: ['homePage'] })
    await getSiteSettings()
    expect(fetches).toBe(2)
  })

  test('records the publish once per idempotency key, with a purge row per configured CDN carrying its tags', async () => {
    const settings = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' })
    const send = async () => {
      const request = await webhook(settings, await encodeSignatureHeader(settings, Date.now(), SECRET))
      request.headers.set('idempotency-key', 'publicacao-1')
      return revalidateContent(request, withSecret(SECRET, { purgeTargets: ['cache_purge', 'fastly'] }))
    }
    const first = await send()
    expect(await first.json()).toMatchObject({ ok: true, revalidated: true, tags: ['siteSettings', 'site'] })
    // Sanity delivers again (our answer was lost): the same publish, nothing new.
    expect(await (await send()).json()).toEqual({ ok: true, revalidated: false, duplicate: true })
    const publishes = await handle.db.select().from(contentPublishes)
    expect(publishes).toMatchObject([
      { documentId: 'siteSettings', documentType: 'siteSettings', tags: ['siteSettings', 'site'], idempotencyKey: 'publicacao-1' },
    ])
    const purges = await handle.db.select().from(outbox).orderBy(asc(outbox.target))
    expect(purges.map(({ target, leadId, status, payload }) => ({ target, leadId, status, payload }))).toEqual([
      { target: 'cache_purge', leadId: null, status: 'pending', payload: { tags: ['siteSettings', 'site'] } },
      { target: 'fastly', leadId: null, status: 'pending', payload: { tags: ['siteSettings', 'site'] } },
    ])
  })

  test('a captured publish replayed with new idempotency keys is answered 200 and records nothing, on every instance', async () => {
    const captured = await webhook(body, await encodeSignatureHeader(body, Date.now(), SECRET))
    const replay = (key: string) => {
      const request = captured.clone()
      request.headers.set('idempotency-key', key)
      return revalidateContent(request, withSecret(SECRET, { purgeTargets: ['cache_purge', 'fastly'] }))
    }
    const first = await replay('entrega-original')
    expect(await first.json()).toMatchObject({ ok: true, revalidated: true })
    await getSiteSettings()
    expect(fetches).toBe(2)
    // Another instance of the fleet (the same database), then this one again: each with a key never seen.
    for (const key of ['replay-1', 'replay-2', 'replay-3']) {
      const response = await replay(key)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ ok: true, revalidated: false, duplicate: true })
    }
    // No cache emptied, one publish stored, one purge per CDN queued.
    await getSiteSettings()
    expect(fetches).toBe(2)
    expect(await handle.db.select().from(contentPublishes)).toHaveLength(1)
    expect(await handle.db.select().from(outbox)).toHaveLength(2)
  })

  test('the same document published again (a new signature) is a new publish', async () => {
    const first = await revalidateContent(await webhook(body, await encodeSignatureHeader(body, Date.now() - 1_000, SECRET)), withSecret(SECRET))
    const second = await revalidateContent(await webhook(body, await encodeSignatureHeader(body, Date.now(), SECRET)), withSecret(SECRET))
    expect(await first.json()).toMatchObject({ revalidated: true })
    expect(await second.json()).toMatchObject({ revalidated: true })
    expect(await handle.db.select().from(contentPublishes)).toHaveLength(2)
  })

  test('with the database away: 503 with Retry-After (Sanity tries again), and the cache stays', async () => {
    const signed = await webhook(body, await encodeSignatureHeader(body, Date.now(), SECRET))
    const response = await revalidateContent(signed, withSecret(SECRET, { db: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) }))
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect((await response.json()).error).toMatch(/tente de novo/)
    await getSiteSettings()
    expect(fetches).toBe(1)
    expect(await handle.db.select().from(contentPublishes).where(eq(contentPublishes.documentId, 'homePage'))).toEqual([])
  })

  test('a wrong signature, another secret, a tampered body or no signature: 401 and the cache stays', async () => {
    const other = await encodeSignatureHeader(body, Date.now(), 'outro-segredo-qualquer-123')
    const valid = await encodeSignatureHeader(body, Date.now(), SECRET)
    const cases = [
      await webhook(body, other),
      await webhook(body.replace('homePage', 'aboutPage'), valid),
      await webhook(body, 't=123,v1=nao-e-assinatura'),
      await webhook(body, 'lixo'),
      await webhook(body),
    ]
    for (const request of cases) {
      const response = await revalidateContent(request, withSecret(SECRET))
      expect(response.status).toBe(401)
      expect((await response.json()).error).toMatch(/assinatura/)
    }
    await getSiteSettings()
    expect(fetches).toBe(1)
  })

  test('a replayed call (signature older than five minutes) is refused', async () => {
    const old = await encodeSignatureHeader(body, Date.now() - SIGNATURE_MAX_AGE_MS - 1_000, SECRET)
    const response = await revalidateContent(await webhook(body, old), withSecret(SECRET))
    expect(response.status).toBe(401)
    expect((await response.json()).error).toBe('assinatura expirada')
  })

  test('with no SANITY_WEBHOOK_SECRET configured the endpoint is off (and says what to set), and GET is not allowed', async () => {
    const signed = await encodeSignatureHeader(body, Date.now(), SECRET)
    const unconfigured = await revalidateContent(await webhook(body, signed), withSecret(undefined))
    expect(unconfigured.status).toBe(503)
    expect((await unconfigured.json()).error).toMatch(/SANITY_WEBHOOK_SECRET/)
    const get = await revalidateContent(await webhook('', undefined, 'GET'), withSecret(SECRET))
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    await getSiteSettings()
    expect(fetches).toBe(1)
  })

  test('an oversized body is refused before any work', async () => {
    const big = JSON.stringify({ _id: 'x', padding: 'x'.repeat(300 * 1024) })
    const response = await revalidateContent(await webhook(big, await encodeSignatureHeader(big, Date.now(), SECRET)), withSecret(SECRET))
    expect(response.status).toBe(413)
  })
})
