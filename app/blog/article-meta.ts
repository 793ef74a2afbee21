import type { MetaDescriptor } from '@remix-run/node'
import { withoutEditLinks } from '~/content/edit-links'
import { routeMeta } from '~/content/seo'
import type { ArticleData } from './blog.server'
import { COVER_IMAGE, imageHostPreconnect, imagePreloads } from './page-images'
import { articleJsonLd, breadcrumbJsonLd, faqJsonLd } from './structured-data'

type MetaArgs = Parameters<typeof routeMeta>[0] & { data?: { article: Omit<ArticleData, 'body'> } }
type RootData = { ENV?: { SITE_URL?: string }; settings?: { brand?: string } }

const absolute = (siteUrl: string, url: string | undefined) => (url?.startsWith('/') ? `${siteUrl}${url}` : url)
/**
 * An article's head: the page tags (title '{title} | {brand}', description,
 * canonical, Open Graph type article with its 1200 × 630 cover, robots),
 * keywords and article:* times, section and tags, JSON-LD Article,
 * FAQPage and BreadcrumbList, the cover's preload, and a preconnect to the
 * image host only when the images come from one. An article in development is noindex.
 */
export function articleMeta(args: MetaArgs): MetaDescriptor[] {
  const article = args.data?.article
  if (!article) return routeMeta(args, {})
  const root = args.matches.find((match) => match?.id === 'root')?.data as RootData | undefined
  const siteUrl = root?.ENV?.SITE_URL ?? ''
  const brand = root?.settings?.brand ?? ''
  const cover = absolute(siteUrl, article.seo?.image?.url ?? article.coverImage.url) ?? ''
  const tags: MetaDescriptor[] = routeMeta(args, {
    seo: article.seo ?? undefined,
    title: article.seo?.title ?? article.title,
    description: article.seo?.description ?? article.description,
    canonicalPath: `/blog/${article.slug}`,
    type: 'article',
    image: cover,
    noIndex: article.inDevelopment || undefined,
  })
  // A preview's strings carry edit links (ADR 037): none may reach a meta tag or the structured data.
  return withoutEditLinks([
    ...tags,
    ...(article.keywords.length ? [{ name: 'keywords', content: article.keywords.join(', ') }] : []),
    { property: 'article:published_time', content: article.publishDate },
    ...(article.modifiedDate ? [{ property: 'article:modified_time', content: article.modifiedDate }] : []),
    { property: 'article:section', content: article.category.title },
    { property: 'article:author', content: article.author.name },
    ...article.tags.map((tag) => ({ property: 'article:tag', content: tag })),
    ...imageHostPreconnect(article.coverImage.url),
    ...imagePreloads([[article.coverImage, COVER_IMAGE]]),
    {
      'script:ld+json': articleJsonLd(
        {
          title: article.title,
          description: article.description,
          url: article.url,
          imageUrl: cover,
          publishDate: article.publishDate,
          modifiedDate: article.modifiedDate,
          authorName: article.author.name,
          authorRole: article.author.role,
          section: article.category.title,
          keywords: article.keywords,
          wordCount: article.wordCount,
        },
        { name: brand, url: siteUrl, logoUrl: `${siteUrl}/favicon.svg` },
      ),
    },
    ...(article.faq.length ? [{ 'script:ld+json': faqJsonLd(article.faq) }] : []),
    {
      'script:ld+json': breadcrumbJsonLd([
        { name: 'Home', url: `${siteUrl}/` },
        { name: article.blogTitle, url: `${siteUrl}/blog` },
        { name: article.title, url: article.url },
      ]),
    },
  ])
}
