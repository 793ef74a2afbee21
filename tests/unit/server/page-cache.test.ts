import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { isShareablePage, PageCache } from '~/server/page-cache'

const page = (html: string) => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html) })

describe('PageCache', () => {
  it('keeps a page with its gzipped twin until its time is up', () => {
    let now = 1_000
    const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, now: () => now })
    cache.set('/sobre', page('<p>Sobre nós</p>'))
    const entry = cache.get('/sobre')
    expect(entry?.body.toString()).toBe('<p>Sobre nós</p>')
    expect(gunzipSync(entry!.gzipped).toString()).toBe('<p>Sobre nós</p>')
    now += 30_000
    expect(cache.ageSeconds(cache.get('/sobre')!)).toBe(30)
    now += 30_000
    expect(cache.get('/sobre')).toBeUndefined()
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })

  it('never holds more than its bound: the least recently used page goes first', () => {
    const html = (n: number) => `<p>${'x'.repeat(400)} ${n}</p>`
    const one = new PageCache({ maxBytes: 10_000, ttlMs: 60_000 })
    one.set('/medida', page(html(0)))
    const perPage = one.bytes
    const cache = new PageCache({ maxBytes: perPage * 3, ttlMs: 60_000 })
    cache.set('/a', page(html(1)))
    cache.set('/b', page(html(2)))
    cache.set('/c', page(html(3)))
    expect(cache.get('/a')).toBeDefined() // /a is now the most recently used
    cache.set('/d', page(html(4)))
    expect(cache.bytes).toBeLessThanOrEqual(perPage * 3)
    expect(cache.get('/b')).toBeUndefined()
    expect(['/a', '/c', '/d'].map((key) => cache.get(key) !== undefined)).toEqual([true, true, true])
  })

  it('keeps addresses with a query string within a quarter of the bound, so invented queries cannot push the pages out', () => {
    const html = (n: number) => `<p>${'x'.repeat(400)} ${n}</p>`
    const one = new PageCache({ maxBytes: 10_000, ttlMs: 60_000 })
    one.set('/?x=99', page(html(99)))
    const perPage = one.bytes
    // (A few bytes of slack: gzip may make one page a byte longer than another.)
    const cache = new PageCache({ maxBytes: perPage * 8 + 16, ttlMs: 60_000 })
    for (const path of ['/', '/sobre', '/blog', '/contato']) cache.set(path, page(html(1)))
    for (let n = 10; n < 60; n++) cache.set(`/?x=${n}`, page(html(n)))
    expect(['/', '/sobre', '/blog', '/contato'].map((path) => cache.get(path) !== undefined)).toEqual([true, true, true, true])
    // The newest queries stay (two fit in a quarter of eight pages); the older ones went first.
    expect(cache.get('/?x=59')).toBeDefined()
    expect(cache.get('/?x=58')).toBeDefined()
    expect(cache.get('/?x=57')).toBeUndefined()
    expect(cache.bytes).toBeLessThanOrEqual(perPage * 6 + 16)
  })

  it('drops everything on purge, and stores nothing when turned off', () => {
    const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 })
    cache.set('/', page('<p>Início</p>'))
    cache.set('/blog', page('<p>Blog</p>'))
    expect(cache.purge()).toBe(2)
    expect(cache.get('/')).toBeUndefined()
    const off = new PageCache({ maxBytes: 0, ttlMs: 60_000 })
    off.set('/', page('<p>Início</p>'))
    expect(off.enabled).toBe(false)
    expect(off.get('/')).toBeUndefined()
  })
})

describe('isShareablePage (what a shared cache may keep)', () => {
  const response = (status: number, headers: Record<string, string>) => ({
    statusCode: status,
    getHeader: (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1],
  })
  const html = { 'Content-Type': 'text/html; charset=utf-8' }
  const cmsPage = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'

  it('keeps a public 200 HTML page with an s-maxage that sets no cookie', () => {
    expect(isShareablePage(response(200, { ...html, 'Cache-Control': cmsPage }))).toBe(true)
  })

  it('keeps nothing personal, failed, not HTML or without a shared-cache lifetime', () => {
    expect(isShareablePage(response(200, { ...html, 'Cache-Control': cmsPage, 'Set-Cookie': 'lead_origin=x' }))).toBe(false)
    expect(isShareablePage(response(200, { ...html, 'Cache-Control': 'private, no-store' }))).toBe(false)
    expect(isShareablePage(response(404, { ...html, 'Cache-Control': cmsPage }))).toBe(false)
    expect(isShareablePage(response(200, { 'Content-Type': 'application/xml', 'Cache-Control': cmsPage }))).toBe(false)
    expect(isShareablePage(response(200, { ...html, 'Cache-Control': 'public, max-age=3600' }))).toBe(false)
  })
})
