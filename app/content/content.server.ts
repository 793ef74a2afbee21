import type { z } from 'zod'
import { getEnv, type Env } from '~/utils/env.server'
import { cacheControl } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'
import { fallbackSiteSettings } from './built-in-site-settings'
import { CONTENT_UNAVAILABLE_MESSAGE, NOT_FOUND_MESSAGE } from './messages'
import type { Preview } from './preview.server'
import * as queries from './queries'
import * as schemas from './schemas'
import type { SiteSettings } from './site-settings'
import { ContentUnavailableError, createSanitySource, createSeedSource, type ContentSource, type QueryParams } from './source.server'
import { withEditLinks } from './stega.server'

export { ContentUnavailableError, type ContentSource, type QueryParams }

/**
 * The content module: typed page content for loaders.
 *
 * `loadQuery(query, params, schema)` runs one GROQ query on the configured
 * source (Sanity when SANITY_PROJECT_ID is set, else the seed), parses the
 * result with zod and returns it typed, or null when the document does not
 * exist. It throws `ContentUnavailableError` when Sanity cannot answer;
 * `contentUnavailableResponse()` turns that into the 503 a loader throws. The
 * `get…` functions below do both for each page.
 *
 * Results are kept in memory for CONTENT_CACHE_TTL_SECONDS (the seed's in
 * production only); Sanity's
 * publish webhook (POST /api/content/revalidate) marks them stale at once.
 * A stale result is still served for up to a day if Sanity is down, so a
 * short outage does not take cached pages offline.
 */
let source: ContentSource | undefined

export function createConfiguredSource(
  env: Pick<Env, 'SANITY_PROJECT_ID' | 'SANITY_DATASET' | 'SANITY_API_VERSION' | 'SANITY_READ_TOKEN' | 'SANITY_USE_CDN' | 'SANITY_API_HOST'> & {
    NODE_ENV?: Env['NODE_ENV']
  },
): ContentSource {
  return env.SANITY_PROJECT_ID
    ? createSanitySource({
        projectId: env.SANITY_PROJECT_ID,
        dataset: env.SANITY_DATASET,
        apiVersion: env.SANITY_API_VERSION,
        token: env.SANITY_READ_TOKEN,
        useCdn: env.SANITY_USE_CDN,
        apiHost: env.SANITY_API_HOST,
      })
    : createSeedSource(undefined, { watch: env.NODE_ENV === 'development' })
}

export function getContentSource(): ContentSource {
  source ??= createConfiguredSource(getEnv())
  return source
}

/** Tests swap the source (a stubbed Sanity, another seed folder); undefined goes back to the configured one. */
export function setContentSource(next: ContentSource | undefined) {
  source = next
  cache.clear()
}

// ---------------------------------------------------------------------------
// In-process cache

type CacheEntry = { fetchedAt: number; stale: boolean; value: unknown }
const cache = new Map<string, CacheEntry>()
const inFlight = new Map<string, Promise<unknown>>()
/** Slugs come from URLs: bound the cache so random paths cannot grow it without end. */
export const CACHE_MAX_ENTRIES = 500
/** How long a stale result may still answer while Sanity is unreachable. */
export const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000

let ttlOverrideMs: number | undefined
/** Tests set the TTL directly; undefined reads CONTENT_CACHE_TTL_SECONDS again. */
export function setContentCacheTtl(ms: number | undefined) {
  ttlOverrideMs = ms
}

function cacheTtlMs(contentSource: ContentSource): number {
  if (ttlOverrideMs !== undefined) return ttlOverrideMs
  const env = getEnv()
  // The seed is re-read on every edit while developing: nothing to keep. In production it never
  // changes, but groq-js still walks the whole dataset for each query (the blog listing's reading
  // times cost a third of its render: docs/bench-pages.md), so its results are kept like Sanity's.
  if (contentSource.kind === 'seed' && env.NODE_ENV !== 'production') return 0
  return env.CONTENT_CACHE_TTL_SECONDS * 1000
}

/** Bumped by every publish: a fetch that began before it must not be kept as fresh. */
let generation = 0

/** Marks every cached result stale: the next request fetches fresh content (a publish, publish.server.ts). */
export function clearContentCache(): number {
  generation++
  for (const entry of cache.values()) entry.stale = true
  return cache.size
}

function remember(key: string, value: unknown, since: number) {
  if (since !== generation) return
  cache.delete(key)
  cache.set(key, { fetchedAt: Date.now(), stale: false, value })
  while (cache.size > CACHE_MAX_ENTRIES) {
    const oldest = cache.keys().next().value
    if (oldest === undefined) break
    cache.delete(oldest)
  }
}

async function fetchRaw(query: string, params: QueryParams): Promise<unknown> {
  const contentSource = getContentSource()
  const ttl = cacheTtlMs(contentSource)
  if (ttl <= 0) return contentSource.fetch(query, params)

  const key = `${query}\u0000${JSON.stringify(params)}`
  const hit = cache.get(key)
  if (hit && !hit.stale && Date.now() - hit.fetchedAt < ttl) return hit.value

  // Concurrent requests for the same content share one fetch.
  const since = generation
  let pending = inFlight.get(key)
  if (!pending) {
    pending = contentSource.fetch(query, params).finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  try {
    const value = await pending
    remember(key, value, since)
    return value
  } catch (error) {
    if (error instanceof ContentUnavailableError && hit && Date.now() - hit.fetchedAt < STALE_IF_ERROR_MS) {
      logJson({ level: 'warn', msg: 'content unavailable, serving stale copy', error: error.message })
      return hit.value
    }
    throw error
  }
}

// ---------------------------------------------------------------------------
// Queries

/**
 * Runs a GROQ query and parses its result: typed content, or null when the
 * query found nothing. Throws ContentUnavailableError (Sanity unreachable) and
 * zod's error (content that does not match the schema: a bug, a 500).
 *
 * With a `preview` (an editor's, ADR 037) it reads drafts through the
 * preview's perspective, past every cache, and the strings it returns carry
 * their edit links (stega) when the source says where they came from.
 */
export async function loadQuery<S extends z.ZodType>(query: string, params: QueryParams, schema: S, preview?: Preview | null): Promise<z.output<S> | null> {
  if (preview) {
    const { result, sourceMap } = await getContentSource().fetchPreview(query, params, preview.perspective)
    if (result === null || result === undefined) return null
    return withEditLinks(schema.parse(result), sourceMap)
  }
  const raw = await fetchRaw(query, params)
  if (raw === null || raw === undefined) return null
  return parseOnce(schema, raw)
}

/**
 * Every result parsed once: a cache hit returns what its first request parsed, until a publish or the TTL fetches
 * a new result (a new object, so a new entry; the old one goes with its result). Parsing is most of a page's render
 * on a page-cache miss (the blog listing: every article's reading text, docs/bench-pages.md). The content is frozen,
 * so no request can change what the next one reads: a loader that tried would throw, in every test that renders it.
 */
const parsedResults = new WeakMap<object, WeakMap<z.ZodType, unknown>>()

function parseOnce<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  if (typeof raw !== 'object' || raw === null) return schema.parse(raw)
  let bySchema = parsedResults.get(raw)
  if (!bySchema) parsedResults.set(raw, (bySchema = new WeakMap()))
  if (bySchema.has(schema)) return bySchema.get(schema) as z.output<S>
  const parsed = deepFreeze(schema.parse(raw))
  bySchema.set(schema, parsed)
  return parsed
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  for (const child of Object.values(value)) deepFreeze(child)
  return Object.freeze(value)
}

/** The 503 a loader throws when content is unavailable: a Portuguese message, retry in a minute, never cached. */
export function contentUnavailableResponse(): Response {
  return new Response(JSON.stringify({ message: CONTENT_UNAVAILABLE_MESSAGE }), {
    status: 503,
    statusText: 'Service Unavailable',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Retry-After': '60',
      'Cache-Control': cacheControl.noStore,
    },
  })
}

/** For a loader's catch: ContentUnavailableError becomes the 503 response, anything else is rethrown. */
export function rethrowContentError(error: unknown): never {
  if (error instanceof ContentUnavailableError) {
    logJson({ level: 'error', msg: 'content unavailable', error: error.message })
    throw contentUnavailableResponse()
  }
  throw error
}

/** The 404 a loader throws for a path that names nothing. */
export function notFound(): Response {
  return new Response(JSON.stringify({ message: NOT_FOUND_MESSAGE }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}

/** A page's content: a missing document is a 404, unavailable content a 503. */
async function pageContent<S extends z.ZodType>(query: string, params: QueryParams, schema: S, preview: Preview | null = null): Promise<z.output<S>> {
  let result: z.output<S> | null
  try {
    result = await loadQuery(query, params, schema, preview)
  } catch (error) {
    rethrowContentError(error)
  }
  if (result === null) throw notFound()
  return result
}

// Each takes the request's preview (`context.preview` in a loader): null for every visitor, the editor's perspective in a preview.
export const getSiteSettings = (preview?: Preview | null) => pageContent(queries.siteSettingsQuery, {}, schemas.siteSettingsSchema, preview)
export const getHomePage = (preview?: Preview | null) => pageContent(queries.homePageQuery, {}, schemas.homePageSchema, preview)
export const getAboutPage = (preview?: Preview | null) => pageContent(queries.aboutPageQuery, {}, schemas.aboutPageSchema, preview)
export const getServicesPage = (preview?: Preview | null) => pageContent(queries.servicesPageQuery, {}, schemas.servicesPageSchema, preview)
export const getServicePage = (slug: string, preview?: Preview | null) => pageContent(queries.serviceBySlugQuery, { slug }, schemas.servicePageSchema, preview)
export const getCasesPage = (preview?: Preview | null) => pageContent(queries.casesPageQuery, {}, schemas.casesPageSchema, preview)
/** A clickable case by its key (/casos/:key). */
export const getCaseStudy = (key: string, preview?: Preview | null) => pageContent(queries.caseStudyByKeyQuery, { key }, schemas.caseStudySchema, preview)
export const getLegalPage = (slug: string, preview?: Preview | null) => pageContent(queries.legalPageBySlugQuery, { slug }, schemas.legalPageSchema, preview)
export const getBlogListing = (preview?: Preview | null) => pageContent(queries.blogListingQuery, {}, schemas.blogListingSchema, preview)
/** An article by its slug (/blog/:slug), published or in development. */
export const getArticle = (slug: string, preview?: Preview | null) => pageContent(queries.articleBySlugQuery, { slug }, schemas.articlePageSchema, preview)
export const getCalculatorPage = (preview?: Preview | null) => pageContent(queries.calculatorPageQuery, {}, schemas.calculatorPageSchema, preview)
export const getPresenceTestPage = (preview?: Preview | null) => pageContent(queries.presenceTestPageQuery, {}, schemas.presenceTestPageSchema, preview)
export const getBriefingPage = (preview?: Preview | null) => pageContent(queries.briefingPageQuery, {}, schemas.briefingPageSchema, preview)
export const getContactPage = (preview?: Preview | null) => pageContent(queries.contactPageQuery, {}, schemas.contactPageSchema, preview)
/**
 * The free strategy session's availability (ADR 055). Cached and refreshed as every page's content is (a publish
 * marks it stale at once); a missing document is a 404, unavailable content a 503, so an action never answers 500.
 */
export const getSchedulingSettings = (preview?: Preview | null) => pageContent(queries.schedulingSettingsQuery, {}, schemas.schedulingSettingsSchema, preview)
/** The sitemap lists what is published: never a preview. */
export const getSitemapContent = () => pageContent(queries.sitemapQuery, {}, schemas.sitemapContentSchema)

let warnedUnusableNumber = false

/** The settings with a WhatsApp number: one the editors typed that cannot be a number (the Studio refuses it) gives way to the built-in copy's, so every WhatsApp link still opens. */
function withWhatsappNumber(settings: z.output<typeof schemas.siteSettingsSchema>): SiteSettings {
  const { number } = settings.whatsapp
  // Once per process: the settings are read on every request.
  if (number === null && !warnedUnusableNumber) {
    warnedUnusableNumber = true
    logJson({ level: 'warn', msg: 'siteSettings WhatsApp number unusable, using the built-in number' })
  }
  return { ...settings, whatsapp: { ...settings.whatsapp, number: number ?? fallbackSiteSettings.whatsapp.number } }
}

/**
 * The agency's identity for the header, footer and default metadata. Never
 * fails a page: if the content is unavailable, the document is missing, or
 * it does not parse (a content mistake: logged as an error), it answers the
 * copy in ./built-in-site-settings.ts, so even a 503 page shows who we are,
 * and the root loader never fails (the browser relies on it: use-site-settings.ts).
 */
export async function loadSiteSettings(preview: Preview | null = null): Promise<SiteSettings> {
  try {
    const settings = await loadQuery(queries.siteSettingsQuery, {}, schemas.siteSettingsSchema, preview)
    if (settings) return withWhatsappNumber(settings)
    logJson({ level: 'warn', msg: 'siteSettings document missing, using the built-in copy' })
  } catch (error) {
    const unavailable = error instanceof ContentUnavailableError
    logJson({
      level: unavailable ? 'warn' : 'error',
      msg: unavailable ? 'content unavailable, using the built-in site settings' : 'siteSettings unreadable, using the built-in copy',
      error: error instanceof Error ? error.message : String(error),
    })
  }
  return fallbackSiteSettings
}
