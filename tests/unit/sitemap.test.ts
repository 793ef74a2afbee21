import { describe, expect, it } from 'vitest'
import { sitemapEntries } from '~/content/sitemap.server'
import { absoluteUrl, buildSitemapXml, escapeXml } from '~/utils/sitemap.server'

const SITE_URL = 'https://www.alavancadigital.com.br'
const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])

describe('sitemapEntries', () => {
  it('lists the home page, and every path is root-relative and unique', async () => {
    const entries = await sitemapEntries()
    expect(entries.map((entry) => entry.path)).toContain('/')
    for (const entry of entries) expect(entry.path.startsWith('/')).toBe(true)
    expect(new Set(entries.map((entry) => entry.path)).size).toBe(entries.length)
  })
})

describe('buildSitemapXml', () => {
  it('writes a sitemaps.org urlset with absolute URLs under SITE_URL', async () => {
    const xml = buildSitemapXml({ siteUrl: SITE_URL, entries: await sitemapEntries() })
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locs(xml)).toContain(`${SITE_URL}/`)
    for (const loc of locs(xml)) expect(loc?.startsWith(`${SITE_URL}/`)).toBe(true)
  })

  it('writes lastmod, changefreq and priority when an entry has them', () => {
    const xml = buildSitemapXml({
      siteUrl: SITE_URL,
      entries: [
        { path: '/blog/guia-de-trafego-pago', lastmod: new Date('2025-03-14T12:00:00Z'), changefreq: 'monthly', priority: 0.7 },
        { path: '/sobre', lastmod: '2025-01-02', priority: 1 },
      ],
    })
    expect(xml).toContain(
      '  <url>\n    <loc>https://www.alavancadigital.com.br/blog/guia-de-trafego-pago</loc>\n' +
        '    <lastmod>2025-03-14T12:00:00.000Z</lastmod>\n    <changefreq>monthly</changefreq>\n' +
        '    <priority>0.7</priority>\n  </url>',
    )
    expect(xml).toContain('<lastmod>2025-01-02</lastmod>')
    expect(xml).toContain('<priority>1.0</priority>')
  })

  it('escapes XML specials and percent-encodes non-ASCII in locs', () => {
    const xml = buildSitemapXml({
      siteUrl: SITE_URL,
      entries: [{ path: "/busca?q=ia&categoria=automação&t='x'" }, { path: '/blog/<script>' }],
    })
    expect(locs(xml)).toEqual([
      'https://www.alavancadigital.com.br/busca?q=ia&amp;categoria=automa%C3%A7%C3%A3o&amp;t=%27x%27',
      'https://www.alavancadigital.com.br/blog/%3Cscript%3E',
    ])
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
  })

  it('keeps a path prefix of SITE_URL and never doubles slashes', () => {
    expect(absoluteUrl('https://exemplo.com.br/site/', '/sobre')).toBe('https://exemplo.com.br/site/sobre')
    expect(absoluteUrl('http://localhost:3000', 'contato')).toBe('http://localhost:3000/contato')
  })

  it('refuses a priority outside 0..1 instead of writing an invalid sitemap', () => {
    expect(() => buildSitemapXml({ siteUrl: SITE_URL, entries: [{ path: '/', priority: 2 }] })).toThrow(RangeError)
  })

  it('escapeXml covers the five special characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;')
  })
})
