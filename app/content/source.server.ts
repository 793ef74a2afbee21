import { createClient, type ClientConfig, type ClientPerspective, type ContentSourceMap, type SanityClient } from '@sanity/client'
import { evaluate, parse, type ExprNode } from 'groq-js'
import type { PerspectiveStack } from './perspective'
import { DEFAULT_SEED_DIR, overlayPerspective, readSeedDataset, readSeedDrafts, seedSignature, type SeedDocument } from './seed-dataset.server'

/**
 * Where content comes from. Two sources answer the same GROQ text:
 * - `createSeedSource`: groq-js over the seed dataset in studio/seed/*.ndjson
 *   (no account, no network: the default);
 * - `createSanitySource`: @sanity/client against a real project.
 */
export type QueryParams = Record<string, string | number | boolean | string[]>

/** A preview's answer: the result, and where each value came from when the source knows (Sanity's Content Source Map). */
export type PreviewResult = { result: unknown; sourceMap?: ContentSourceMap }

export interface ContentSource {
  readonly kind: 'seed' | 'sanity'
  /** Published content, as every visitor sees it. */
  fetch(query: string, params?: QueryParams): Promise<unknown>
  /** Content as a preview sees it (ADR 037): drafts and release versions over the published documents. */
  fetchPreview(query: string, params: QueryParams, perspective: PerspectiveStack): Promise<PreviewResult>
}

/**
 * The content could not be read: Sanity unreachable (DNS, refused, reset),
 * timed out, rate-limited or answering 5xx. Loaders turn it into a 503 page
 * (`contentUnavailableResponse` in ./content.server.ts); any other error is a
 * bug (a bad query, a 4xx) and stays a 500.
 */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError'
}

export { DEFAULT_SEED_DIR, readSeedDataset }

/** Parsed GROQ trees by query text: the site runs a dozen queries, parse each once. */
const parsedQueries = new Map<string, ExprNode>()
function parsed(query: string): ExprNode {
  let tree = parsedQueries.get(query)
  if (!tree) {
    tree = parse(query)
    parsedQueries.set(query, tree)
  }
  return tree
}

/** Runs one GROQ query over documents in memory, as the Content Lake would (published perspective). */
export async function evaluateGroq(query: string, dataset: readonly SeedDocument[], params: QueryParams = {}): Promise<unknown> {
  const result = await evaluate(parsed(query), { dataset: dataset as SeedDocument[], params })
  return result.get()
}

/**
 * groq-js over the seed. The files are read once and kept. With `watch`
 * (development) every query first checks whether a file changed (name, size
 * or mtime) and rereads the folder, so an edited seed file shows on the next
 * request without a restart; in production the seed cannot change under a
 * running server, so queries touch no disk at all.
 */
export function createSeedSource(dir: string = DEFAULT_SEED_DIR, { watch = false }: { watch?: boolean } = {}): ContentSource {
  let cache: { signature: string; dataset: SeedDocument[] } | undefined
  const published = () => {
    if (!cache || watch) {
      const signature = seedSignature(dir)
      if (cache?.signature !== signature) cache = { signature, dataset: readSeedDataset(dir) }
    }
    return cache.dataset
  }
  return {
    kind: 'seed',
    fetch: (query, params = {}) => evaluateGroq(query, published(), params),
    // The drafts folder is read on every preview query (an edit shows on the next one) and by nothing else.
    // groq-js writes no source map, so a preview over the seed has no edit overlays.
    fetchPreview: async (query, params, perspective) => ({
      result: await evaluateGroq(query, overlayPerspective(published(), readSeedDrafts(dir), perspective), params),
    }),
  }
}

export type SanitySourceConfig = {
  projectId: string
  dataset: string
  apiVersion: string
  token?: string
  /** Sanity's API CDN for published content (default true). */
  useCdn?: boolean
  /** Per request; a page waits at most about timeoutMs × (maxRetries + 1). */
  timeoutMs?: number
  maxRetries?: number
  /** Tests point the real client at a local stand-in of the Content Lake. */
  apiHost?: string
  retryDelay?: (attempt: number) => number
  /** Injected by tests instead of @sanity/client. */
  client?: Pick<SanityClient, 'fetch'>
}

export const SANITY_TIMEOUT_MS = 5_000
export const SANITY_MAX_RETRIES = 1

const NETWORK_ERROR_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
])

/** Network failures, timeouts, 429 and 5xx are "unavailable"; a 4xx or a parse error is a bug and stays loud. */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false
  const { code, statusCode, name, cause } = error as { code?: unknown; statusCode?: unknown; name?: unknown; cause?: unknown }
  if (typeof statusCode === 'number') return statusCode >= 500 || statusCode === 429
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true
  if (name === 'TimeoutError' || name === 'AbortError') return true
  return isUnavailable(cause, depth + 1)
}

export function sanityClientConfig(config: SanitySourceConfig): ClientConfig {
  const { projectId, dataset, apiVersion, token, useCdn = true, timeoutMs, maxRetries, apiHost, retryDelay } = config
  return {
    projectId,
    dataset,
    apiVersion,
    token,
    // The site shows published content only; drafts stay in the Studio.
    perspective: 'published',
    useCdn,
    timeout: timeoutMs ?? SANITY_TIMEOUT_MS,
    maxRetries: maxRetries ?? SANITY_MAX_RETRIES,
    ...(retryDelay ? { retryDelay } : {}),
    ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
  }
}

/** Sanity's perspective option for a stack: one name alone, or the list (releases first). */
const clientPerspective = (stack: PerspectiveStack): ClientPerspective => (stack.length === 1 ? stack[0] : [...stack]) as ClientPerspective

export function createSanitySource(config: SanitySourceConfig): ContentSource {
  const sanity = config.client ?? createClient(sanityClientConfig(config))
  const unavailable = (error: unknown) =>
    isUnavailable(error) ? new ContentUnavailableError(`Sanity indisponível: ${(error as Error).message}`, { cause: error }) : error
  return {
    kind: 'sanity',
    async fetch(query, params = {}) {
      try {
        return await sanity.fetch(query, params)
      } catch (error) {
        throw unavailable(error)
      }
    },
    // Drafts need a token and the live API (the CDN may serve a copy from before the last keystroke). The result comes
    // back clean with its Content Source Map: the content module parses it first and encodes the edit links after.
    async fetchPreview(query, params, perspective) {
      // The enable route refuses a preview without a token: reaching this is a server set up wrong.
      if (!config.token) throw new Error('A pré-visualização precisa de SANITY_READ_TOKEN.')
      try {
        const { result, resultSourceMap } = await sanity.fetch(query, params, {
          perspective: clientPerspective(perspective),
          useCdn: false,
          token: config.token,
          filterResponse: false,
          resultSourceMap: 'withKeyArraySelector',
          stega: false,
        })
        return { result, sourceMap: resultSourceMap }
      } catch (error) {
        throw unavailable(error)
      }
    },
  }
}
