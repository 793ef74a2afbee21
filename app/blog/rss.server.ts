import { getBlogListing, getSiteSettings } from '~/content/content.server'
import { absoluteUrl, escapeXml } from '~/utils/sitemap.server'

/** RFC 822 date of a content date (YYYY-MM-DD), at midnight UTC, as RSS 2.0 wants it. */
export const rssDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString()

export type RssItem = { title: string; slug: string; description: string; publishDate: string; category: string }

/** RSS 2.0 of the blog: one item per indexable article, newest first. */
export function buildRss({ siteUrl, title, description, items }: { siteUrl: string; title: string; description: string; items: RssItem[] }): string {
  const blogUrl = absoluteUrl(siteUrl, '/blog')
  const entries = items.map((item) => {
    const url = absoluteUrl(siteUrl, `/blog/${item.slug}`)
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <description>${escapeXml(item.description)}</description>`,
      `      <category>${escapeXml(item.category)}</category>`,
      `      <pubDate>${rssDate(item.publishDate)}</pubDate>`,
      '    </item>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    '    <language>pt-BR</language>',
    `    <atom:link href="${escapeXml(absoluteUrl(siteUrl, '/blog/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
    ...(items[0] ? [`    <lastBuildDate>${rssDate(items[0].publishDate)}</lastBuildDate>`] : []),
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** /blog/rss.xml's body: the published articles that are not hidden from search engines. */
export async function blogRss(siteUrl: string): Promise<string> {
  const [{ page, articles }, settings] = await Promise.all([getBlogListing(), getSiteSettings()])
  return buildRss({
    siteUrl,
    title: `${page.hero.title} | ${settings.brand}`,
    description: page.seo.description,
    items: articles
      .filter((article) => !article.noIndex)
      .map((article) => ({
        title: article.title,
        slug: article.slug,
        description: article.description,
        publishDate: article.publishDate,
        category: article.category.title,
      })),
  })
}
