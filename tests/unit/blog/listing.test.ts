import { describe, expect, test } from 'vitest'
import { ARTICLES_PER_PAGE, categoryChips, filterArticles, listingHref, listingPage, readListingParams } from '~/blog/listing'
import type { BlogListing, ListedArticle } from '~/content/schemas'

const image = { ref: 'image-blog-x-1200x630-webp', url: '/images/blog-x.webp', alt: 'Capa' }
function article(n: number, overrides: Partial<ListedArticle> = {}): ListedArticle {
  return {
    _id: `article-${n}`,
    title: `Artigo ${n}`,
    slug: `artigo-${n}`,
    description: `Resumo do artigo ${n}`,
    publishDate: `2025-01-${String(n).padStart(2, '0')}`,
    category: { title: 'Automação', slug: 'automacao' },
    coverImage: image,
    readingTime: undefined,
    readingText: [],
    keywords: [],
    tags: [],
    ...overrides,
  } as ListedArticle
}
const params = (search: string) => readListingParams(new URLSearchParams(search))

describe('readListingParams', () => {
  test('defaults: no search, no category, page 1', () => {
    expect(params('')).toEqual({ q: '', category: null, page: 1 })
  })
  test('trims and squeezes the search and cuts it at 100 characters', () => {
    expect(params('q=%20%20tik%20%20%20tok%20')?.q).toBe('tik tok')
    expect(params(`q=${'a'.repeat(300)}`)?.q).toHaveLength(100)
  })
  test('a category that is not a slug is ignored', () => {
    expect(params('categoria=ia')?.category).toBe('ia')
    expect(params('categoria=%3Cscript%3E')?.category).toBeNull()
  })
  test.each(['0', '-1', '1.5', 'dois', '99999', '1e3'])('pagina=%s names no page', (value) => {
    expect(params(`pagina=${value}`)).toBeNull()
  })
  test('pagina=2 is page 2', () => {
    expect(params('pagina=2')?.page).toBe(2)
  })
})

describe('filterArticles', () => {
  const list = [
    article(1, { title: 'Automação de marketing e vendas', tags: ['CRM'] }),
    article(2, { title: 'TikTok Shop no Brasil', category: { title: 'Social Commerce', slug: 'social-commerce' }, keywords: ['vender no tiktok'] }),
    article(3, { title: 'GEO: respostas de IA', category: { title: 'SEO', slug: 'seo' }, description: 'Como aparecer no ChatGPT' }),
  ]
  test('matches words in any order, without accents or case', () => {
    expect(filterArticles(list, { q: 'AUTOMACAO vendas', category: null }).map((a) => a._id)).toEqual(['article-1'])
    expect(filterArticles(list, { q: 'chatgpt', category: null }).map((a) => a._id)).toEqual(['article-3'])
  })
  test('searches tags, keywords and the category name', () => {
    expect(filterArticles(list, { q: 'crm', category: null }).map((a) => a._id)).toEqual(['article-1'])
    expect(filterArticles(list, { q: 'vender', category: null }).map((a) => a._id)).toEqual(['article-2'])
    expect(filterArticles(list, { q: 'social commerce', category: null }).map((a) => a._id)).toEqual(['article-2'])
  })
  test('every word must match', () => {
    expect(filterArticles(list, { q: 'tiktok geo', category: null })).toEqual([])
  })
  test('filters by category and sorts newest first', () => {
    expect(filterArticles(list, { q: '', category: 'seo' }).map((a) => a._id)).toEqual(['article-3'])
    expect(filterArticles(list, { q: '', category: null }).map((a) => a._id)).toEqual(['article-3', 'article-2', 'article-1'])
  })
})

describe('listingPage', () => {
  const twelve = Array.from({ length: 12 }, (_, index) => article(index + 1))
  test('page 1 of the plain listing: the newest is featured, then six cards', () => {
    const page = listingPage(twelve, { q: '', category: null, page: 1 })!
    expect(page.featured?._id).toBe('article-12')
    expect(page.items.map((a) => a._id)).toEqual(['article-11', 'article-10', 'article-9', 'article-8', 'article-7', 'article-6'])
    expect(page.pageCount).toBe(2)
    expect(page.total).toBe(12)
  })
  test('page 2 holds the rest and no featured card', () => {
    const page = listingPage(twelve, { q: '', category: null, page: 2 })!
    expect(page.featured).toBeNull()
    expect(page.items.map((a) => a._id)).toEqual(['article-5', 'article-4', 'article-3', 'article-2', 'article-1'])
  })
  test('a page past the last one does not exist', () => {
    expect(listingPage(twelve, { q: '', category: null, page: 3 })).toBeNull()
  })
  test('a search lists its results in the grid, without a featured card', () => {
    const page = listingPage(twelve, { q: 'artigo 1', category: null, page: 1 })!
    expect(page.featured).toBeNull()
    expect(page.filtered).toBe(true)
    // 'artigo' and '1' both appear in Artigo 1, 10, 11 and 12.
    expect(page.items.map((a) => a._id)).toEqual(['article-12', 'article-11', 'article-10', 'article-1'])
  })
  test('nothing found is page 1 of 1, empty', () => {
    expect(listingPage(twelve, { q: 'nada disso', category: null, page: 1 })).toMatchObject({ items: [], featured: null, pageCount: 1, total: 0 })
  })
  test(`${ARTICLES_PER_PAGE} cards per page`, () => {
    const many = Array.from({ length: 20 }, (_, index) => article(index + 1))
    expect(listingPage(many, { q: '', category: 'automacao', page: 4 })?.items).toHaveLength(2)
  })
})

test('listingHref keeps only what differs from the default', () => {
  expect(listingHref({})).toBe('/blog')
  expect(listingHref({ q: 'tik tok', category: 'ia', page: 1 })).toBe('/blog?q=tik+tok&categoria=ia')
  expect(listingHref({ page: 2 })).toBe('/blog?pagina=2')
})

test('categoryChips: the fixed ones always, the others only when in use, with their short names', () => {
  const categories: BlogListing['categories'] = [
    { title: 'Inteligência Artificial', slug: 'ia', chipLabel: 'IA', chipOrder: 1 },
    { title: 'Tráfego Pago', slug: 'trafego-pago', chipOrder: 3 },
    { title: 'Marketing Digital', slug: 'marketing-digital' },
    { title: 'SEO', slug: 'seo' },
  ]
  const articles = [article(1, { category: { title: 'SEO', slug: 'seo' } })]
  expect(categoryChips(categories, articles)).toEqual([
    { slug: 'ia', label: 'IA' },
    { slug: 'trafego-pago', label: 'Tráfego Pago' },
    { slug: 'seo', label: 'SEO' },
  ])
})
