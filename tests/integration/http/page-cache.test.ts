/**
 * The server's in-memory page cache through the real request handler
 * (tests/support/test-site.ts): plain page views come from it, views that
 * carry attribution never do, private pages are never stored, and the
 * publish webhook empties it.
 */
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../support/test-site'

const WEBHOOK_SECRET = 'segredo-do-webhook-do-cache-de-paginas'
let site: TestSite

beforeAll(async () => {
  site = await startTestSite({ env: { SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET } })
}, 60_000)
afterAll(() => site.close())

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${site.url}${path}`, { method, headers })

describe('the page cache', () => {
  it('answers a second plain view of a page from memory: the same document, headers and CSP, no cookie', async () => {
    const first = await get('/casos')
    const firstHtml = await first.text()
    expect(first.headers.get('X-Page-Cache')).toBe('miss')
    const second = await get('/casos')
    expect(second.headers.get('X-Page-Cache')).toBe('hit')
    expect(await second.text()).toBe(firstHtml)
    for (const name of ['Cache-Control', 'Content-Security-Policy', 'Content-Type', 'X-Frame-Options']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name))
    }
    expect(second.headers.getSetCookie()).toEqual([])
    // A hit says how long it has been stored (a CDN behind us counts from it); a miss is fresh.
    expect(second.headers.get('Age')).toMatch(/^\d+$/)
    expect(first.headers.get('Age')).toBeNull()
    // Gzipped for clients that accept it, plain for those that do not.
    const plain = await get('/casos', { 'Accept-Encoding': 'identity' })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(firstHtml)
    const head = await get('/casos', {}, 'HEAD')
    expect(head.headers.get('X-Page-Cache')).toBe('hit')
  })

  it('never answers a view with campaign parameters or an external referrer from memory: it records the first touch', async () => {
    await get('/sobre')
    for (const [path, headers] of [
      ['/sobre?utm_source=instagram', {}],
      ['/sobre?utm_source=instagram', {}],
      ['/sobre', { Referer: 'https://www.google.com/' }],
    ] as const) {
      const response = await get(path, headers)
      expect(response.headers.get('X-Page-Cache'), path).toBeNull()
      expect(response.headers.getSetCookie()[0], path).toMatch(/^lead_origin=/)
    }
  })

  it('never stores a private page (a signed step of the presence test)', async () => {
    const step = await fetch(`${site.url}/ferramentas/teste-presenca-digital`, {
      method: 'POST',
      body: new URLSearchParams({ estado: '', resposta: '3' }),
      redirect: 'manual',
    })
    const location = step.headers.get('Location') ?? ''
    expect(location).toMatch(/estado=/)
    for (let view = 0; view < 2; view++) {
      const response = await get(location)
      expect(response.headers.get('Cache-Control')).toBe('private, no-store')
      expect(response.headers.get('X-Page-Cache')).toBe('miss')
    }
  })

  it('is emptied by the publish webhook', async () => {
    await get('/servicos')
    expect((await get('/servicos')).headers.get('X-Page-Cache')).toBe('hit')
    const body = JSON.stringify({ _id: 'servicesPage', _type: 'servicesPage' })
    const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET)
    const published = await fetch(`${site.url}/api/content/revalidate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
      body,
    })
    expect(published.status).toBe(200)
    expect((await get('/servicos')).headers.get('X-Page-Cache')).toBe('miss')
    expect((await get('/servicos')).headers.get('X-Page-Cache')).toBe('hit')
  })
})
