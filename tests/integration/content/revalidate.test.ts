// @vitest-environment node
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { getSiteSettings, setContentCacheTtl, setContentSource } from '~/content/content.server'
import { revalidateContent, SIGNATURE_MAX_AGE_MS } from '~/content/revalidate.server'
import { readSeedDataset } from '~/content/seed-dataset.server'
import { evaluateGroq, type ContentSource } from '~/content/source.server'

/**
 * POST /api/content/revalidate, as Sanity's webhook calls it: a valid
 * signature drops the cache (the next page view fetches again), anything else
 * is a 401 that changes nothing.
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

beforeEach(async () => {
  setContentSource(countingSource)
  setContentCacheTtl(60_000)
  fetches = 0
  await getSiteSettings() // one fetch, now cached
})
afterAll(() => {
  setContentSource(undefined)
  setContentCacheTtl(undefined)
})

const body = JSON.stringify({ _id: 'homePage', _type: 'homePage' })
async function webhook(payload: string, signature?: string, method = 'POST') {
  return new Request('http://localhost/api/content/revalidate', {
    method,
    headers: { 'Content-Type': 'application/json', ...(signature ? { [SIGNATURE_HEADER_NAME]: signature } : {}) },
    body: method === 'POST' ? payload : undefined,
  })
}

describe('POST /api/content/revalidate', () => {
  test('a correctly signed call drops the cache: the next request fetches fresh content', async () => {
    await getSiteSettings()
    expect(fetches).toBe(1)
    const response = await revalidateContent(await webhook(body, await encodeSignatureHeader(body, Date.now(), SECRET)), SECRET)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, revalidated: true })
    await getSiteSettings()
    expect(fetches).toBe(2)
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
      const response = await revalidateContent(request, SECRET)
      expect(response.status).toBe(401)
      expect((await response.json()).error).toMatch(/assinatura/)
    }
    await getSiteSettings()
    expect(fetches).toBe(1)
  })

  test('a replayed call (signature older than five minutes) is refused', async () => {
    const old = await encodeSignatureHeader(body, Date.now() - SIGNATURE_MAX_AGE_MS - 1_000, SECRET)
    const response = await revalidateContent(await webhook(body, old), SECRET)
    expect(response.status).toBe(401)
    expect((await response.json()).error).toBe('assinatura expirada')
  })

  test('with no SANITY_WEBHOOK_SECRET configured the endpoint is off (and says what to set), and GET is not allowed', async () => {
    const signed = await encodeSignatureHeader(body, Date.now(), SECRET)
    const unconfigured = await revalidateContent(await webhook(body, signed), undefined)
    expect(unconfigured.status).toBe(503)
    expect((await unconfigured.json()).error).toMatch(/SANITY_WEBHOOK_SECRET/)
    const get = await revalidateContent(await webhook('', undefined, 'GET'), SECRET)
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    await getSiteSettings()
    expect(fetches).toBe(1)
  })

  test('an oversized body is refused before any work', async () => {
    const big = JSON.stringify({ _id: 'x', padding: 'x'.repeat(300 * 1024) })
    const response = await revalidateContent(await webhook(big, await encodeSignatureHeader(big, Date.now(), SECRET)), SECRET)
    expect(response.status).toBe(413)
  })
})
