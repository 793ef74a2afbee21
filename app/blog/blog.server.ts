import { getArticle, getBlogListing, notFound } from '~/content/content.server'
import type { Preview } from '~/content/preview.server'
import { tableOfContents } from '~/content/rich-text'
import type { ArticleCardData, ArticlePage } from '~/content/schemas'
import { neighbours, relatedArticles, shareLinks } from './article'
import { formatArticleDate } from './dates'
import { categoryChips, listingPage, readListingParams } from './listing'
import { countWords, readingMinutes, readingTimeText } from './reading-time'

/**
 * The blog's loaders, without HTTP: /blog (search, category, page from the
 * URL) and /blog/:slug. They return only what the pages render (no article
 * bodies in the listing, no reading text), already formatted in pt-BR.
 */

export type ArticleCard = {
  slug: string
  title: string
  description: string
  category: string
  date: string
  isoDate: string
  readingTime: string
  image: ArticleCardData['coverImage']
}

function card(article: ArticleCardData, readingTimeLabel: string): ArticleCard {
  return {
    slug: article.slug,
    title: article.title,
    description: article.description,
    category: article.category.title,
    date: formatArticleDate(article.publishDate),
    isoDate: article.publishDate,
    readingTime: readingTimeText(readingTimeLabel, readingMinutes(article.readingText, article.readingTime)),
    image: article.coverImage,
  }
}

/** /blog?q=&categoria=&pagina=: a 404 for a page that does not exist (not a number, past the last one). */
export async function loadBlogListing(url: URL, preview: Preview | null = null) {
  const params = readListingParams(url.searchParams)
  if (!params) throw notFound()
  const { page, articles, categories } = await getBlogListing(preview)
  const result = listingPage(articles, params)
  if (!result) throw notFound()
  const toCard = (article: ArticleCardData) => card(article, page.readingTimeLabel)
  return {
    page,
    params,
    chips: categoryChips(categories, articles),
    featured: result.featured ? toCard(result.featured) : null,
    items: result.items.map(toCard),
    pageNumber: result.page,
    pageCount: result.pageCount,
    total: result.total,
    filtered: result.filtered,
  }
}

export type BlogListingData = Awaited<ReturnType<typeof loadBlogListing>>

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** /blog/:slug: the article and everything around it, or a 404. `siteUrl` makes the share links and structured data absolute. */
export async function loadArticle(slug: string, siteUrl: string, preview: Preview | null = null) {
  if (slug.length > 96 || !SLUG.test(slug)) throw notFound()
  const article: ArticlePage = await getArticle(slug, preview)
  const { published, readingText, body, ...rest } = article
  const inDevelopment = article.status === 'inDevelopment'
  const url = `${siteUrl}/blog/${article.slug}`
  const minutes = readingMinutes(readingText, article.readingTime)
  return {
    ...rest,
    inDevelopment,
    body: inDevelopment ? [] : body,
    url,
    date: formatArticleDate(article.publishDate),
    modifiedDateText: article.modifiedDate ? formatArticleDate(article.modifiedDate) : null,
    readingMinutes: minutes,
    readingTimeText: readingTimeText(article.labels.readingTimeLabel, minutes),
    wordCount: countWords(readingText),
    toc: inDevelopment ? [] : tableOfContents(body),
    ...(inDevelopment ? { previous: null, next: null } : neighbours(article, published)),
    related: relatedArticles(article, published).map((item) => ({ ...item, date: formatArticleDate(item.publishDate) })),
    share: shareLinks(url, article.title),
  }
}

export type ArticleData = Awaited<ReturnType<typeof loadArticle>>

/**
 * What an article's page renders, all its loader sends with the body. The
 * fields only its head reads (SEO, keywords, tags, the dates and counts for
 * machines, the canonical URL) travel in the head it builds
 * (article-head.server.ts), not twice. A field the view needs is added to
 * VIEW_FIELDS.
 */
const VIEW_FIELDS = [
  'title',
  'description',
  'blogTitle',
  'category',
  'publishDate',
  'date',
  'inDevelopment',
  'readingTimeText',
  'author',
  'coverImage',
  'coverCaption',
  'stickyToc',
  'toc',
  'labels',
  'body',
  'faq',
  'cta',
  'share',
  'previous',
  'next',
  'related',
] as const satisfies readonly (keyof ArticleData)[]

export type ArticleViewData = Pick<ArticleData, (typeof VIEW_FIELDS)[number]>

/** The article as its view reads it: VIEW_FIELDS, no more. */
export const articleForView = (article: ArticleData) => Object.fromEntries(VIEW_FIELDS.map((field) => [field, article[field]])) as ArticleViewData
