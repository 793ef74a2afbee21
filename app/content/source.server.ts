import { createClient, type ClientConfig, type SanityClient } from '@sanity/client'
import { evaluate, parse, type ExprNode } from 'groq-js'
import { DEFAULT_SEED_DIR, readSeedDataset, seedSignature, type SeedDocument } from './seed-dataset.server'

/**
 * Where content comes from. Two sources answer the same GROQ text:
 * - `createSeedSource`: groq-js over the seed dataset in studio/seed/*.ndjson
 *   (no account, no network: the default);
 * - `createSanitySource`: @sanity/client against a real project.
 */
export type QueryParams = Record<string, string | number | boolean | string[]>

export interface ContentSource {
  readonly kind: 'seed' | 'sanity'
  fetch(query: string, params?: QueryParams): Promise<unknown>
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
  return {
    kind: 'seed',
    async fetch(query, params = {}) {
      if (!cache || watch) {
        const signature = seedSignature(dir)
        if (cache?.signature !== signature) cache = { signature, dataset: readSeedDataset(dir) }
      }
      return evaluateGroq(query, cache.dataset, params)
    },
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

export function createSanitySource(config: SanitySourceConfig): ContentSource {
  const sanity = config.client ?? createClient(sanityClientConfig(config))
  return {
    kind: 'sanity',
    async fetch(query, params = {}) {
      try {
        return await sanity.fetch(query, params)
      } catch (error) {
        if (isUnavailable(error)) {
          throw new ContentUnavailableError(`Sanity indisponível: ${(error as Error).message}`, { cause: error })
        }
        throw error
      }
    },
  }
}
