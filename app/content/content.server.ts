import { data } from '@remix-run/node'
import type { z } from 'zod'
import { getEnv } from '~/utils/env.server'
import { CONTENT_UNAVAILABLE_MESSAGE } from './messages'
import * as queries from './queries'
import * as schemas from './schemas'
import { ContentUnavailableError, createSanitySource, createSeedSource, type ContentSource, type QueryParams } from './source.server'

/**
 * The content module: typed page content for loaders. Runs a query on the
 * configured source, parses it with zod, and keeps results for
 * CONTENT_CACHE_TTL_SECONDS (Sanity mode) until Sanity's publish webhook drops
 * them (POST /api/content/revalidate).
 */
let source: ContentSource | undefined
const cache = new Map<string, { expires: number; value: unknown }>()

export function getContentSource(): ContentSource {
  if (!source) {
    const env = getEnv()
    source = env.SANITY_PROJECT_ID
      ? createSanitySource({
          projectId: env.SANITY_PROJECT_ID,
          dataset: env.SANITY_DATASET,
          apiVersion: env.SANITY_API_VERSION,
          token: env.SANITY_READ_TOKEN,
        })
      : createSeedSource()
  }
  return source
}

/** Tests swap the source (a stubbed Sanity client, another seed folder). */
export function setContentSource(next: ContentSource | undefined) {
  source = next
  cache.clear()
}

/** Drops every cached result: the next request reads fresh content. */
export function clearContentCache() {
  cache.clear()
}


async function run<S extends z.ZodType>(query: string, params: QueryParams, schema: S): Promise<z.output<S> | null> {
  const contentSource = getContentSource()
  const ttl = contentSource.kind === 'sanity' ? getEnv().CONTENT_CACHE_TTL_SECONDS * 1000 : 0
  const key = `${query}\u0000${JSON.stringify(params)}`
  const hit = cache.get(key)
  let raw: unknown
  if (hit && hit.expires > Date.now()) {
    raw = hit.value
  } else {
    try {
      raw = await contentSource.fetch(query, params)
    } catch (error) {
      if (error instanceof ContentUnavailableError) {
        console.error(JSON.stringify({ level: 'error', msg: 'content unavailable', error: error.message }))
        throw data({ message: CONTENT_UNAVAILABLE_MESSAGE }, { status: 503, headers: { 'Retry-After': '60' } })
      }
      throw error
    }
    if (ttl > 0) cache.set(key, { expires: Date.now() + ttl, value: raw })
  }
  if (raw === null || raw === undefined) return null
  return schema.parse(raw)
}

/** Like `run`, but a missing document is a 404 (a page whose content does not exist). */
async function required<S extends z.ZodType>(query: string, params: QueryParams, schema: S): Promise<z.output<S>> {
  const result = await run(query, params, schema)
  if (result === null) throw data({ message: 'Página não encontrada' }, { status: 404 })
  return result
}

export const getSiteSettings = () => required(queries.siteSettingsQuery, {}, schemas.siteSettingsSchema)
export const getHomePage = () => required(queries.homePageQuery, {}, schemas.homePageSchema)
export const getAboutPage = () => required(queries.aboutPageQuery, {}, schemas.aboutPageSchema)
export const getServicesPage = () => required(queries.servicesPageQuery, {}, schemas.servicesPageSchema)
export const getServicePage = (slug: string) => required(queries.serviceBySlugQuery, { slug }, schemas.servicePageSchema)
export const getCasesPage = () => required(queries.casesPageQuery, {}, schemas.casesPageSchema)
export const getCaseStudy = (slug: string) => required(queries.caseBySlugQuery, { slug }, schemas.caseStudySchema)
export const getLegalPage = (slug: string) => required(queries.legalPageQuery, { slug }, schemas.legalPageSchema)
export const getFaqs = (topic: string) =>
  required(queries.faqByTopicQuery, { topic }, schemas.faqSchema.array())
export const getSitemapContent = () => required(queries.sitemapQuery, {}, schemas.sitemapContentSchema)
