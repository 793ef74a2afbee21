import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import { evaluate, parse } from 'groq-js'

/**
 * Where content comes from. Two sources answer the same GROQ:
 * - `createSeedSource`: groq-js over the seed dataset in studio/seed/*.ndjson
 *   (no account, no network: the default);
 * - `createSanitySource`: @sanity/client against a real project.
 */
export type QueryParams = Record<string, string | number | boolean>

export interface ContentSource {
  readonly kind: 'seed' | 'sanity'
  fetch(query: string, params?: QueryParams): Promise<unknown>
}

/** The content could not be read (Sanity unreachable, timed out or failing). Pages answer 503. */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError'
}

export const DEFAULT_SEED_DIR = path.resolve('studio/seed')

type SeedDocument = { _id: string; _type: string; [field: string]: unknown }

/** Reads every *.ndjson file of a folder into one list of documents. */
export function readSeedDataset(dir: string): SeedDocument[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ndjson'))
    .sort()
    .flatMap((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line, index) => {
          try {
            return JSON.parse(line) as SeedDocument
          } catch {
            throw new Error(`Seed inválido: ${file}, linha ${index + 1} não é JSON`)
          }
        }),
    )
}

/**
 * groq-js over the seed. The files are read again only when one of them
 * changes (mtime), so editing a seed file shows on the next request in dev.
 */
export function createSeedSource(dir: string = DEFAULT_SEED_DIR): ContentSource {
  let cache: { signature: string; dataset: SeedDocument[] } | undefined
  const signature = () =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.ndjson'))
      .map((file) => `${file}:${statSync(path.join(dir, file)).mtimeMs}`)
      .join('|')
  return {
    kind: 'seed',
    async fetch(query, params = {}) {
      const current = signature()
      if (cache?.signature !== current) cache = { signature: current, dataset: readSeedDataset(dir) }
      const result = await evaluate(parse(query), { dataset: cache.dataset, params })
      return result.get()
    },
  }
}

export type SanitySourceConfig = {
  projectId: string
  dataset: string
  apiVersion: string
  token?: string
  /** Injected by tests; production uses the global fetch through @sanity/client. */
  client?: Pick<SanityClient, 'fetch'>
}

/** Network failures and Sanity's 5xx become ContentUnavailableError; anything else is a bug and stays loud. */
export function isUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, statusCode, name } = error as { code?: string; statusCode?: number; name?: string }
  if (typeof statusCode === 'number') return statusCode >= 500 || statusCode === 429
  return (
    ['ENOTFOUND', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'].includes(code ?? '') ||
    name === 'TimeoutError' ||
    name === 'AbortError'
  )
}

export function createSanitySource({ projectId, dataset, apiVersion, token, client }: SanitySourceConfig): ContentSource {
  const sanity =
    client ??
    createClient({
      projectId,
      dataset,
      apiVersion,
      token,
      // Published content from the CDN; a token means private datasets, read from the API.
      useCdn: !token,
      perspective: 'published',
      timeout: 5_000,
      maxRetries: 1,
    })
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
