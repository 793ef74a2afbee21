// @vitest-environment node
import { evaluate, parse } from 'groq-js'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { articleHead } from '~/blog/article-head.server'
import { articleForView, loadArticle, loadBlogListing } from '~/blog/blog.server'
import { blogRss } from '~/blog/rss.server'
import { loadSiteSettings, setContentSource } from '~/content/content.server'
import { sitemapEntries } from '~/content/sitemap.server'
import { createSanitySource, createSeedSource, readSeedDataset } from '~/content/source.server'
import { indexableSeedArticles, seedArticles } from '../../support/seed-content'

/**
 * The blog from the content module, without HTTP: every seed article loads,
 * the listing, sitemap and RSS hold exactly the indexable ones, and a Sanity
 * dataset imported from the seed gives the same pages.
 */
const SITE = 'https://www.exemplo.com.br'
const seed = readSeedDataset('studio/seed')
const useSeed = () => setContentSource(createSeedSource('studio/seed'))
const useStubbedSanity = () =>
  setContentSource(
    createSanitySource({
      projectId: 'teste',
      dataset: 'production',
      apiVersion: '2025-02-19',
      client: {
        fetch: async (query: string, params: Record<string, unknown> = {}) => (await evaluate(parse(query), { dataset: seed, params })).get(),
      } as never,
    }),
  )

afterEach(() => setContentSource(undefined))

const articles = seedArticles()
const slugs = articles.map((article) => article.slug.current)

test("the seed holds the spec's 17 articles, 12 published and 5 in development", () => {
  expect(slugs.sort()).toEqual(
    [
      '7-automacoes',
      'ai-search-visibility-seo-2025',
      'atendimento-monitorado-ecommerce',
      'automacao-marketing-vendas',
      'escalar-google-ads',
      'ferramentas-ia-marketing-2025',
      'funil-vendas-2-0',
      'geo-otimizacao-ia',
      'gohighlevel-brasil-2025',
      'ia-generativa-marketing',
      'ia-revolucionando-marketing',
      'integracoes-crm',
      'melhores-crm-pme-2025',
      'tendencias-consumo-video-2025',
      'tendencias-redes-sociais-2025',
      'tiktok-ads-b2c',
      'tiktok-shop-brasil-2025',
    ].sort(),
  )
  expect(
    articles
      .filter((article) => article.status === 'inDevelopment')
      .map((article) => article.slug.current)
      .sort(),
  ).toEqual(['escalar-google-ads', 'funil-vendas-2-0', 'ia-generativa-marketing', 'integracoes-crm', 'tiktok-ads-b2c'])
})

describe.each([
  ['the seed', useSeed],
  ['a stubbed Sanity dataset', useStubbedSanity],
])('from %s', (_, useSource) => {
  beforeAll(() => useSource())

  test.each(slugs)('/blog/%s loads', async (slug) => {
    useSource()
    const article = await loadArticle(slug, SITE)
    expect(article.slug).toBe(slug)
    expect(article.url).toBe(`${SITE}/blog/${slug}`)
    if (article.inDevelopment) {
      expect(article.body).toEqual([])
      expect(article.previous).toBeNull()
    } else {
      expect(article.body.length).toBeGreaterThan(10)
      expect(article.related).toHaveLength(3)
    }
  })
})

test('a stubbed Sanity dataset renders the same blog as the seed', async () => {
  useSeed()
  const fromSeed = await Promise.all([loadBlogListing(new URL(`${SITE}/blog`)), ...slugs.map((slug) => loadArticle(slug, SITE)), blogRss(SITE)])
  useStubbedSanity()
  const fromSanity = await Promise.all([loadBlogListing(new URL(`${SITE}/blog`)), ...slugs.map((slug) => loadArticle(slug, SITE)), blogRss(SITE)])
  expect(fromSanity).toEqual(fromSeed)
})

test('the listing, the sitemap and the RSS feed hold exactly the indexable articles', async () => {
  useSeed()
  const indexable = indexableSeedArticles().map((article) => article.slug.current)
  expect(indexable).toHaveLength(12)

  const page1 = await loadBlogListing(new URL(`${SITE}/blog`))
  const page2 = await loadBlogListing(new URL(`${SITE}/blog?pagina=2`))
  expect([page1.featured!, ...page1.items, ...page2.items].map((card) => card.slug)).toEqual(indexable)

  const sitemap = (await sitemapEntries()).map((entry) => entry.path).filter((path) => path.startsWith('/blog/'))
  expect(sitemap).toEqual(indexable.map((slug) => `/blog/${slug}`))

  const rss = await blogRss(SITE)
  expect([...rss.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map((match) => match[1])).toEqual(
    indexable.map((slug) => `${SITE}/blog/${slug}`),
  )
})

test("the spec's navigation: e-commerce → AI visibility → GEO, and AI visibility → next ia-revolucionando-marketing", async () => {
  useSeed()
  const ecommerce = await loadArticle('atendimento-monitorado-ecommerce', SITE)
  expect(ecommerce.previous?.slug).toBe('ai-search-visibility-seo-2025')
  const visibility = await loadArticle('ai-search-visibility-seo-2025', SITE)
  expect(visibility.previous?.slug).toBe('geo-otimizacao-ia')
  expect(visibility.next?.slug).toBe('ia-revolucionando-marketing')
})

test.each([
  ['ia-revolucionando-marketing', 8],
  ['7-automacoes', 6],
  ['automacao-marketing-vendas', 12],
  ['tendencias-consumo-video-2025', 12],
])("%s: the computed reading time is within 30%% of the spec's %i min", async (slug, minutes) => {
  useSeed()
  const article = await loadArticle(slug, SITE)
  expect(article.readingTime).toBeUndefined()
  expect(Math.abs(article.readingMinutes - minutes) / minutes).toBeLessThanOrEqual(0.3)
})

test("the full articles' structure: a 6-item table of contents and 3 questions; 7 numbered sections, 3 questions and a side table of contents", async () => {
  useSeed()
  const ia = await loadArticle('ia-revolucionando-marketing', SITE)
  expect(ia.toc).toHaveLength(6)
  expect(ia.faq).toHaveLength(3)
  const seven = await loadArticle('7-automacoes', SITE)
  expect(seven.toc.map((item) => item.label.match(/^(\d+)\./)?.[1])).toEqual(['1', '2', '3', '4', '5', '6', '7'])
  expect(seven.faq).toHaveLength(3)
  expect(seven.stickyToc).toBe(true)
})

test('the other published articles have at least 1,000 words each, and no two share a paragraph', async () => {
  useSeed()
  const seen = new Map<string, string>()
  for (const article of indexableSeedArticles()) {
    const loaded = await loadArticle(article.slug.current, SITE)
    expect(loaded.wordCount, article.slug.current).toBeGreaterThanOrEqual(1000)
    for (const block of loaded.body) {
      const text = ((block as { children?: { text?: string }[] }).children ?? []).map((child) => child.text ?? '').join('')
      if (text.length < 80) continue
      expect(seen.get(text), `${article.slug.current} repeats a paragraph of ${seen.get(text)}`).toBeUndefined()
      seen.set(text, article.slug.current)
    }
  }
})

test('an unknown or malformed slug is a 404', async () => {
  useSeed()
  for (const slug of ['nao-existe', '../etc', 'A'.repeat(200)]) {
    const thrown = await loadArticle(slug, SITE).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(404)
  }
})

test("an article's head travels once: the loader's view of it carries none of the fields only the head reads", async () => {
  useSeed()
  const article = await loadArticle('7-automacoes', SITE)
  const head = articleHead(article, { siteUrl: SITE, settings: await loadSiteSettings() })
  const view = articleForView(article)

  expect(head).toContainEqual({ title: `${article.title} | Alavanca Digital` })
  expect(head).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SITE}/blog/7-automacoes` })
  expect(head).toContainEqual({ name: 'keywords', content: article.keywords.join(', ') })
  expect(head.filter((tag) => 'script:ld+json' in tag).map((tag) => (tag as { 'script:ld+json': { '@type': string } })['script:ld+json']['@type'])).toEqual([
    'Article',
    'FAQPage',
    'BreadcrumbList',
  ])
  for (const field of ['seo', 'keywords', 'tags', 'url', 'wordCount', 'modifiedDate', 'readingMinutes']) expect(view, field).not.toHaveProperty(field)
  // What the page shows is all there.
  expect(view).toMatchObject({ title: article.title, blogTitle: article.blogTitle, faq: article.faq, related: article.related })
})
