import type { BlogListing, ListedArticle } from '~/content/schemas'
import { pageWindow } from '~/utils/pager'
import { byPublishDate } from './dates'

/**
 * The /blog listing as a pure function of the URL: search (`?q=`), category
 * (`?categoria=`) and page (`?pagina=`). The loader reads the params, this
 * module filters, orders and pages the published articles, and the same URL
 * gives the same page with or without JavaScript.
 */

/** Cards per page in the grid (three rows of two, two rows of three). The featured card on page 1 is extra. */
export const ARTICLES_PER_PAGE = 6
/** A search longer than this is cut: nobody types more, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 100
const CATEGORY_SLUG = /^[a-z0-9-]{1,60}$/
const MAX_PAGE = 1000

export type ListingParams = { q: string; category: string | null; page: number }

/** The listing params of a URL, or null when they cannot name a page (a `pagina` that is not a whole number ≥ 1). */
export function readListingParams(searchParams: URLSearchParams): ListingParams | null {
  const q = (searchParams.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH)
  const rawCategory = searchParams.get('categoria')?.trim() ?? ''
  const category = CATEGORY_SLUG.test(rawCategory) ? rawCategory : null
  const rawPage = searchParams.get('pagina')
  if (rawPage === null || rawPage === '') return { q, category, page: 1 }
  if (!/^\d{1,4}$/.test(rawPage)) return null
  const page = Number(rawPage)
  return page >= 1 && page <= MAX_PAGE ? { q, category, page } : null
}

/** Lower case, no accents, single spaces: 'Automação' and 'automacao' are the same search. */
export const normalizeSearch = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

function searchableText(article: ListedArticle): string {
  return normalizeSearch([article.title, article.description, article.category.title, article.authorName ?? '', ...article.tags, ...article.keywords].join(' '))
}

/** The articles that match every word of the search and the category, newest first. */
export function filterArticles(articles: ListedArticle[], { q, category }: Pick<ListingParams, 'q' | 'category'>): ListedArticle[] {
  const terms = normalizeSearch(q).split(' ').filter(Boolean)
  return articles
    .filter((article) => !category || article.category.slug === category)
    .filter((article) => {
      if (!terms.length) return true
      const haystack = searchableText(article)
      return terms.every((term) => haystack.includes(term))
    })
    .sort(byPublishDate('newest'))
}

export type ListingPage = {
  /** The newest article, on page 1 of the unfiltered listing only. */
  featured: ListedArticle | null
  items: ListedArticle[]
  page: number
  pageCount: number
  total: number
  filtered: boolean
}

/** One page of the listing, or null when the page does not exist (past the last one). */
export function listingPage(articles: ListedArticle[], params: ListingParams): ListingPage | null {
  const filtered = Boolean(params.q || params.category)
  const results = filterArticles(articles, params)
  const [first, ...rest] = results
  const featured = !filtered && first ? first : null
  const pool = featured ? rest : results
  const { page, pages: pageCount, offset: start } = pageWindow(pool.length, params.page, ARTICLES_PER_PAGE)
  if (page !== params.page) return null
  return {
    featured: params.page === 1 ? featured : null,
    items: pool.slice(start, start + ARTICLES_PER_PAGE),
    page: params.page,
    pageCount,
    total: results.length,
    filtered,
  }
}

/** The URL of a listing state: only the params that differ from the default, in a fixed order. */
export function listingHref({ q, category, page }: Partial<ListingParams>): string {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (category) params.set('categoria', category)
  if (page && page > 1) params.set('pagina', String(page))
  const query = params.toString()
  return query ? `/blog?${query}` : '/blog'
}

export type CategoryChip = { slug: string; label: string }

/** The filter chips: the categories with a fixed position (IA, Automação, Tráfego Pago, Estratégia), then every other category in use. */
export function categoryChips(categories: BlogListing['categories'], articles: ListedArticle[]): CategoryChip[] {
  const inUse = new Set(articles.map((article) => article.category.slug))
  return categories
    .filter((category) => category.chipOrder != null || inUse.has(category.slug))
    .map((category) => ({ slug: category.slug, label: category.chipLabel ?? category.title }))
}
