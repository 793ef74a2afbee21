/**
 * /sitemap.xml's XML builder (`buildSitemapXml`) and entry type. The registry
 * of public pages, which reads content, is `sitemapEntries` in
 * app/content/sitemap.server.ts.
 */

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
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}
