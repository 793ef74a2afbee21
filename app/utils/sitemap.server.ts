/**
 * /sitemap.xml: the registry of public pages (`sitemapEntries`) and the XML
 * builder (`buildSitemapXml`). When an issue adds a public page, it adds the
 * page here, in one place; the e2e test checks that every listed URL answers 200.
 */
import { getSitemapContent } from '~/content/content.server'

export type ChangeFrequency = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never'

export type SitemapEntry = {
  /** Path from the site root, starting with '/' (e.g. '/blog/meu-artigo'). */
  path: string
  /** Last change of the page's content: a Date or a W3C date string ('2025-03-14'). */
  lastmod?: Date | string
  changefreq?: ChangeFrequency
  /** Relative weight between 0.0 and 1.0. */
  priority?: number
}

/**
 * Every public page that exists today. Async so later entries can come from
 * content (blog articles with their `modifiedDate` as lastmod).
 *
 * To add pages: append static ones to the list, or spread the result of a
 * content query, e.g. `...(await listArticles()).map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.modifiedDate }))`.
 */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const content = await getSitemapContent()
  return [
    { path: '/', changefreq: 'weekly', priority: 1.0 },
    { path: '/sobre', changefreq: 'monthly', priority: 0.7 },
    { path: '/servicos', changefreq: 'monthly', priority: 0.9 },
    ...content.services.map((service) => ({
      path: `/servicos/${service.slug}`,
      lastmod: service._updatedAt,
      changefreq: 'monthly' as const,
      priority: 0.8,
    })),
    { path: '/casos', changefreq: 'monthly', priority: 0.8 },
    ...content.cases.map((caseStudy) => ({
      path: `/casos/${caseStudy.slug}`,
      lastmod: caseStudy._updatedAt,
      changefreq: 'yearly' as const,
      priority: 0.6,
    })),
    { path: '/blog', changefreq: 'weekly', priority: 0.7 },
    { path: '/contato', changefreq: 'yearly', priority: 0.8 },
    ...content.legal.map((page) => ({ path: `/${page.slug}`, lastmod: page.updatedAt, changefreq: 'yearly' as const, priority: 0.3 })),
  ]
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Escapes the five XML special characters for element text or attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)
}

/** The absolute, percent-encoded URL of a path under the site URL (which may itself have a path). */
export function absoluteUrl(siteUrl: string, path: string): string {
  const base = siteUrl.replace(/\/+$/, '')
  return new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`).href
}

function formatLastmod(value: Date | string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('sitemap lastmod is an invalid Date')
    return value.toISOString()
  }
  return value
}

/** The XML document of /sitemap.xml (sitemaps.org protocol 0.9). */
export function buildSitemapXml({ siteUrl, entries }: { siteUrl: string; entries: SitemapEntry[] }): string {
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>`]
    if (entry.lastmod !== undefined) lines.push(`    <lastmod>${escapeXml(formatLastmod(entry.lastmod))}</lastmod>`)
    if (entry.changefreq) lines.push(`    <changefreq>${entry.changefreq}</changefreq>`)
    if (entry.priority !== undefined) {
      if (!(entry.priority >= 0 && entry.priority <= 1)) throw new RangeError(`sitemap priority out of 0..1: ${entry.priority}`)
      lines.push(`    <priority>${Number.isInteger(entry.priority) ? entry.priority.toFixed(1) : entry.priority}</priority>`)
    }
    return `  <url>\n${lines.join('\n')}\n  </url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
