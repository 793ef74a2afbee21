/**
 * Cache tags (ADR 042): every answer a CDN may keep names the content it
 * shows, so a publish purges the pages that show the changed document and
 * nothing else. A tag is a document type ("article", "testimonial"), and
 * `site` stands for what every page shows (the root's settings and service
 * menu). Types, not ids: most pages list or reference other documents (an
 * article shows every published article's title), so a type is what a page
 * really depends on; a publish purges a handful of pages at most.
 *
 * The lists are held to the queries by a test that changes and removes each
 * type's documents in the seed and checks which results change
 * (tests/unit/content/cache-tags.test.ts).
 */
export const SITE_TAG = 'site'

/** The document types each query reads, references it follows included. */
export const queryDocumentTypes = {
  siteSettingsQuery: ['siteSettings', 'service'],
  homePageQuery: ['homePage', 'testimonial'],
  aboutPageQuery: ['aboutPage'],
  servicesPageQuery: ['servicesPage', 'service', 'testimonial'],
  serviceBySlugQuery: ['service', 'servicesPage', 'faqItem'],
  casesPageQuery: ['casesPage', 'caseStudy', 'testimonial'],
  caseStudyByKeyQuery: ['caseStudy'],
  contactPageQuery: ['contactPage', 'faqItem'],
  blogListingQuery: ['blogPage', 'article', 'category', 'author'],
  articleBySlugQuery: ['article', 'blogPage', 'category', 'author'],
  calculatorPageQuery: ['calculatorPage'],
  presenceTestPageQuery: ['presenceTestPage'],
  briefingPageQuery: ['briefingPage'],
  schedulingSettingsQuery: ['schedulingSettings'],
  legalPageBySlugQuery: ['legalPage'],
  sitemapQuery: ['article', 'caseStudy', 'legalPage', 'service'],
} as const satisfies Record<string, readonly string[]>

export type ContentQueryName = keyof typeof queryDocumentTypes

/** The types whose publish changes every page: what the root loader reads. */
const SITE_TYPES: readonly string[] = queryDocumentTypes.siteSettingsQuery

/**
 * The queries each shareable route's loader runs (Remix route ids). A page's
 * tags are `site` and the types of its routes' queries.
 */
export const routeQueries: Record<string, readonly ContentQueryName[]> = {
  'routes/_index': ['homePageQuery'],
  'routes/sobre': ['aboutPageQuery'],
  'routes/servicos._index': ['servicesPageQuery'],
  'routes/servicos.$slug': ['serviceBySlugQuery'],
  'routes/casos': ['casesPageQuery'],
  'routes/casos.$slug': ['caseStudyByKeyQuery'],
  'routes/contato': ['contactPageQuery'],
  'routes/blog._index': ['blogListingQuery'],
  'routes/blog.$slug': ['articleBySlugQuery', 'siteSettingsQuery'],
  'routes/blog.rss[.]xml': ['blogListingQuery', 'siteSettingsQuery'],
  'routes/sitemap[.]xml': ['sitemapQuery'],
  'routes/ferramentas.calculadora': ['calculatorPageQuery'],
  'routes/ferramentas.teste-presenca-digital': ['presenceTestPageQuery'],
  'routes/ferramentas.resultados-teste': ['presenceTestPageQuery'],
  'routes/criar-agente': ['briefingPageQuery'],
  'routes/politica-privacidade': ['legalPageBySlugQuery'],
  'routes/termos-uso': ['legalPageBySlugQuery'],
}

/** The tags of an answer rendered by these routes (root first, as Remix matches them): `site` and their types. */
export function cacheTagsForRoutes(routeIds: readonly string[]): string[] {
  const types = routeIds.flatMap((id) => (routeQueries[id] ?? []).flatMap((query) => queryDocumentTypes[query]))
  return [...new Set([SITE_TAG, ...types])]
}

/** The tags a publish of this document purges: its type, and `site` when every page shows it (or its type is unknown). */
export function cacheTagsForPublish(document: { _id?: unknown; _type?: unknown }): string[] {
  const type = typeof document._type === 'string' && /^[A-Za-z][\w-]{0,63}$/.test(document._type) ? document._type : null
  if (!type) return [SITE_TAG]
  return SITE_TYPES.includes(type) ? [type, SITE_TAG] : [type]
}

/** The headers CDNs read tags from: Fastly's `Surrogate-Key` (spaces) and Cloudflare's `Cache-Tag` (commas). */
export function cacheTagHeaders(tags: readonly string[]): Record<'Surrogate-Key' | 'Cache-Tag', string> {
  return { 'Surrogate-Key': tags.join(' '), 'Cache-Tag': tags.join(',') }
}
