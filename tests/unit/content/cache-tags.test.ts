import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cacheTagHeaders, cacheTagsForPublish, cacheTagsForRoutes, queryDocumentTypes, routeQueries, SITE_TAG } from '~/content/cache-tags'
import * as queries from '~/content/queries'
import { readSeedDataset, type SeedDocument } from '~/content/seed-dataset.server'
import { evaluateGroq } from '~/content/source.server'

/**
 * The tags a page carries must name every document type its queries read, or
 * a publish leaves a CDN's copy stale. Held to the queries themselves: each
 * type's documents are changed (every string and number) and then removed
 * from the seed, and a query whose result moves must list that type; one
 * whose result never moves must not.
 */
const dataset = readSeedDataset()
const types = [...new Set(dataset.map((document) => document._type))]
const PARAMS: Partial<Record<keyof typeof queryDocumentTypes, Record<string, string>>> = {
  serviceBySlugQuery: { slug: 'automacao' },
  caseStudyByKeyQuery: { key: 'arquitetura-escritorio' },
  articleBySlugQuery: { slug: '7-automacoes' },
  legalPageBySlugQuery: { slug: 'politica-privacidade' },
}
const KEPT = new Set(['_id', '_type', '_ref', '_key', 'current'])

const changed = (value: unknown): unknown => {
  if (typeof value === 'string') return `${value}※`
  if (typeof value === 'number') return value + 1
  if (Array.isArray(value)) return value.map(changed)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, KEPT.has(key) ? item : changed(item)]))
  return value
}

async function typesReadBy(query: string, params: Record<string, string>): Promise<string[]> {
  const run = async (documents: SeedDocument[]) => JSON.stringify(await evaluateGroq(query, documents, params))
  const base = await run(dataset)
  expect(base, 'the query finds something in the seed').not.toBe('null')
  const read: string[] = []
  for (const type of types) {
    const edited = dataset.map((document) => (document._type === type ? (changed(document) as SeedDocument) : document))
    const without = dataset.filter((document) => document._type !== type)
    if ((await run(edited)) !== base || (await run(without)) !== base) read.push(type)
  }
  return read.sort()
}

describe('cache tags', () => {
  it.each(Object.keys(queryDocumentTypes) as Array<keyof typeof queryDocumentTypes>)('%s lists exactly the document types it reads', async (name) => {
    const read = await typesReadBy(queries[name], PARAMS[name] ?? {})
    expect([...queryDocumentTypes[name]].sort()).toEqual(read)
  })

  it('covers every query the content module runs', () => {
    const defined = Object.keys(queries).filter((name) => name.endsWith('Query'))
    expect(Object.keys(queryDocumentTypes).sort()).toEqual(defined.sort())
  })

  it('names only routes that exist, and every content route that answers with a shared-cache policy', () => {
    const routeIds = readdirSync('app/routes').map((file) => `routes/${file.replace(/\.tsx?$/, '')}`)
    for (const id of Object.keys(routeQueries)) expect(routeIds).toContain(id)
    const contentRoutes = [
      'routes/_index',
      'routes/sobre',
      'routes/blog.$slug',
      'routes/casos.$slug',
      'routes/contato',
      'routes/termos-uso',
      'routes/sitemap[.]xml',
    ]
    for (const id of contentRoutes) expect(Object.keys(routeQueries)).toContain(id)
  })

  it('tags a page with `site` and its queries’ types, once each', () => {
    expect(cacheTagsForRoutes(['root', 'routes/casos'])).toEqual([SITE_TAG, 'casesPage', 'caseStudy', 'testimonial'])
    expect(cacheTagsForRoutes(['root', 'routes/blog.rss[.]xml'])).toEqual([SITE_TAG, 'blogPage', 'article', 'category', 'author', 'siteSettings', 'service'])
    // The article's head names the brand from the settings (article-head.server.ts).
    expect(cacheTagsForRoutes(['root', 'routes/blog.$slug'])).toContain('siteSettings')
    expect(cacheTagHeaders(['site', 'homePage'])).toEqual({ 'Surrogate-Key': 'site homePage', 'Cache-Tag': 'site,homePage' })
  })

  it('purges a published document’s type, with `site` when every page shows it or its type is unknown', () => {
    expect(cacheTagsForPublish({ _id: 'artigo-1', _type: 'article' })).toEqual(['article'])
    expect(cacheTagsForPublish({ _id: 'siteSettings', _type: 'siteSettings' })).toEqual(['siteSettings', SITE_TAG])
    expect(cacheTagsForPublish({ _id: 'automacao', _type: 'service' })).toEqual(['service', SITE_TAG])
    expect(cacheTagsForPublish({})).toEqual([SITE_TAG])
    expect(cacheTagsForPublish({ _type: 'tipo com espaço' })).toEqual([SITE_TAG])
  })
})
