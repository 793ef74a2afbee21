import { describe, expect, test } from 'vitest'
import { neighbours, relatedArticles, shareLinks } from '~/blog/article'
import { buildRss, rssDate } from '~/blog/rss.server'
import { articleJsonLd, breadcrumbJsonLd, faqJsonLd } from '~/blog/structured-data'

const published = [
  { _id: 'a', title: 'A', slug: 'a', publishDate: '2025-01-01', category: 'SEO', categorySlug: 'seo' },
  { _id: 'b', title: 'B', slug: 'b', publishDate: '2025-02-01', category: 'IA', categorySlug: 'ia' },
  { _id: 'c', title: 'C', slug: 'c', publishDate: '2025-03-01', category: 'SEO', categorySlug: 'seo' },
  { _id: 'd', title: 'D', slug: 'd', publishDate: '2025-04-01', category: 'SEO', categorySlug: 'seo' },
  { _id: 'e', title: 'E', slug: 'e', publishDate: '2025-05-01', category: 'IA', categorySlug: 'ia' },
]

describe('neighbours', () => {
  test('by date: previous was published just before, next just after', () => {
    expect(neighbours({ _id: 'c', previous: undefined, next: undefined }, published)).toEqual({
      previous: { title: 'B', slug: 'b' },
      next: { title: 'D', slug: 'd' },
    })
  })
  test('the oldest has no previous, the newest no next', () => {
    expect(neighbours({ _id: 'a', previous: undefined, next: undefined }, published).previous).toBeNull()
    expect(neighbours({ _id: 'e', previous: undefined, next: undefined }, published).next).toBeNull()
  })
  test("the editor's choice wins on each side", () => {
    expect(neighbours({ _id: 'c', previous: { title: 'E', slug: 'e' }, next: undefined }, published)).toEqual({
      previous: { title: 'E', slug: 'e' },
      next: { title: 'D', slug: 'd' },
    })
  })
})

describe('relatedArticles', () => {
  const byDate = [...published].reverse()
  test("the editor's picks, in their order", () => {
    const related = [
      { _id: 'e', title: 'E', slug: 'e', publishDate: '2025-05-01', category: 'IA' },
      { _id: 'a', title: 'A', slug: 'a', publishDate: '2025-01-01', category: 'SEO' },
    ]
    expect(relatedArticles({ _id: 'c', related, category: { slug: 'seo' } }, byDate).map((item) => item._id)).toEqual(['e', 'a', 'd'])
  })
  test('none picked: the newest of the same category first, never the article itself', () => {
    expect(relatedArticles({ _id: 'c', related: [], category: { slug: 'seo' } }, byDate).map((item) => item._id)).toEqual(['d', 'a', 'e'])
  })
})

test('share links carry the URL and the title, encoded', () => {
  const links = shareLinks('https://exemplo.com.br/blog/geo', 'GEO & IA: guia')
  expect(links.map((link) => link.network)).toEqual(['x', 'facebook', 'linkedin', 'email'])
  expect(links[0]!.href).toBe('https://twitter.com/intent/tweet?url=https%3A%2F%2Fexemplo.com.br%2Fblog%2Fgeo&text=GEO%20%26%20IA%3A%20guia')
  expect(links[1]!.href).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexemplo.com.br%2Fblog%2Fgeo')
  expect(links[2]!.href).toBe('https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fexemplo.com.br%2Fblog%2Fgeo')
  expect(links[3]!.href).toMatch(/^mailto:\?subject=GEO%20%26%20IA%3A%20guia&body=.*https%3A%2F%2Fexemplo\.com\.br%2Fblog%2Fgeo$/)
})

describe('structured data', () => {
  test('Article names the headline, image, dates, author and publisher', () => {
    const data = articleJsonLd(
      {
        title: 'T',
        description: 'D',
        url: 'https://x.com.br/blog/t',
        imageUrl: 'https://x.com.br/images/blog-t.webp',
        publishDate: '2025-01-02',
        modifiedDate: null,
        authorName: 'Camila Rocha',
        authorRole: 'Head de automação',
        section: 'Ferramentas',
        keywords: ['a', 'b'],
        wordCount: 10,
      },
      { name: 'Alavanca Digital', url: 'https://x.com.br', logoUrl: 'https://x.com.br/favicon.svg' },
    )
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: 'T',
      image: ['https://x.com.br/images/blog-t.webp'],
      datePublished: '2025-01-02',
      dateModified: '2025-01-02',
      author: { '@type': 'Person', name: 'Camila Rocha' },
      publisher: { '@type': 'Organization', name: 'Alavanca Digital' },
    })
  })
  test('FAQPage and BreadcrumbList (positions from 1)', () => {
    expect(faqJsonLd([{ question: 'P?', answer: 'R.' }]).mainEntity).toEqual([
      { '@type': 'Question', name: 'P?', acceptedAnswer: { '@type': 'Answer', text: 'R.' } },
    ])
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: 'https://x/' },
        { name: 'Blog', url: 'https://x/blog' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x/' },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://x/blog' },
    ])
  })
})

test('RSS: one escaped item per article, RFC 822 dates', () => {
  const xml = buildRss({
    siteUrl: 'https://x.com.br',
    title: 'Blog <Alavanca>',
    description: 'D & E',
    items: [{ title: 'A & B', slug: 'a-b', description: '<b>', publishDate: '2025-10-23', category: 'SEO' }],
  })
  expect(xml).toContain('<title>Blog &lt;Alavanca&gt;</title>')
  expect(xml).toContain('<title>A &amp; B</title>')
  expect(xml).toContain('<link>https://x.com.br/blog/a-b</link>')
  expect(xml).toContain('<description>&lt;b&gt;</description>')
  expect(xml).toContain(`<pubDate>${rssDate('2025-10-23')}</pubDate>`)
  expect(rssDate('2025-10-23')).toBe('Thu, 23 Oct 2025 00:00:00 GMT')
})

test('the image host is preconnected only when images come from a remote host', async () => {
  const { imageHostPreconnect } = await import('~/blog/page-images')
  expect(imageHostPreconnect('/images/blog-geo-otimizacao-ia.webp')).toEqual([])
  expect(imageHostPreconnect(undefined)).toEqual([])
  expect(imageHostPreconnect('https://cdn.sanity.io/images/abc/production/x-1200x630.jpg')).toEqual([
    { tagName: 'link', rel: 'preconnect', href: 'https://cdn.sanity.io' },
  ])
})

test('the first images are preloaded as the page shows them, two at most, and a missing one is skipped', async () => {
  const { imagePreloads, COVER_IMAGE, FEATURED_IMAGE } = await import('~/blog/page-images')
  const { imageSchema } = await import('~/content/schemas')
  const image = (name: string) => imageSchema.parse({ ref: `image-${name}-1200x630-webp`, alt: name })
  const preloads = imagePreloads([
    [image('blog-geo-otimizacao-ia'), COVER_IMAGE],
    [null, FEATURED_IMAGE],
    [image('blog-7-automacoes'), FEATURED_IMAGE],
    [image('blog-funil-vendas-2-0'), FEATURED_IMAGE],
  ])
  expect(preloads).toHaveLength(2)
  expect(preloads[0]).toEqual({
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    href: '/images/blog-geo-otimizacao-ia.webp',
    imageSrcSet: '/images/blog-geo-otimizacao-ia-480w.webp 480w, /images/blog-geo-otimizacao-ia-800w.webp 800w, /images/blog-geo-otimizacao-ia.webp 1200w',
    imageSizes: COVER_IMAGE.sizes,
    fetchpriority: 'high',
  })
  expect(preloads[1]).toMatchObject({ href: '/images/blog-7-automacoes.webp', imageSizes: FEATURED_IMAGE.sizes })
})
