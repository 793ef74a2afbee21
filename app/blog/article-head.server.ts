import type { MetaDescriptor } from '@remix-run/node'
import { withoutEditLinks } from '~/content/edit-links'
import { absoluteMetaUrl, defaultMeta } from '~/content/seo'
import type { SiteSettings } from '~/content/site-settings'
import type { ArticleData } from './blog.server'
import { COVER_IMAGE, imageHostPreconnect, imagePreloads } from './page-images'
import { articleJsonLd, breadcrumbJsonLd, faqJsonLd } from './structured-data'

/**
 * An article's head, built by its loader (the route's `meta` returns it): the
 * page tags (title '{title} | {brand}', description, canonical, Open Graph
 * type article with its 1200 × 630 cover, robots), keywords and article:*
 * times, section and tags, JSON-LD Article, FAQPage and BreadcrumbList, the
 * cover's preload, and a preconnect to the image host only when the images
 * come from one. An article in development is noindex. Built on the server,
 * its builders stay out of the page's JavaScript (ADR 028); the tags travel
 * once more in the loader's data.
 */
export function articleHead(article: ArticleData, { siteUrl, settings }: { siteUrl: string; settings: SiteSettings }): MetaDescriptor[] {
  const brand = settings.brand
  const cover = absoluteMetaUrl(siteUrl, article.seo?.image?.url ?? article.coverImage.url) ?? ''
  const tags = defaultMeta({
    siteUrl,
    // The canonical URL is this path's (defaultMeta), the `url` loadArticle built from it.
    pathname: `/blog/${article.slug}`,
    settings,
    page: {
      title: article.seo?.title ?? article.title,
      description: article.seo?.description ?? article.description,
      type: 'article',
      image: cover,
      noIndex: article.inDevelopment || article.seo?.noIndex || undefined,
    },
  })
  // A preview's strings carry edit links (ADR 037): none may reach a meta tag or the structured data (defaultMeta's tags are clean).
  return [
    ...tags,
    ...withoutEditLinks([
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
    ]),
  ]
}
