import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { candidateIds, publishedIdOf, type PerspectiveStack } from './perspective'

/**
 * The seed dataset: studio/seed/*.ndjson, the format `sanity dataset export`
 * writes (one JSON document per line). Every file of the folder is read; the
 * split into files only keeps diffs readable. Shared by the content source,
 * the seed checks (tests) and the import/export scripts.
 */
export const DEFAULT_SEED_DIR = path.resolve('studio/seed')
/**
 * Drafts and release versions of seed documents (`drafts.<id>`,
 * `versions.<release>.<id>`): read only by a preview over the seed (ADR 037),
 * never by the published site.
 */
export const SEED_DRAFTS_SUBDIR = 'drafts'

export type SeedDocument = { _id: string; _type: string; [field: string]: unknown }

export type SeedFile = { file: string; documents: SeedDocument[] }

export class SeedFormatError extends Error {
  override name = 'SeedFormatError'
}

export function seedFileNames(dir: string = DEFAULT_SEED_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ndjson'))
    .sort()
}

/** Parses one ndjson text; `file` only names the source in error messages. */
export function parseNdjson(text: string, file = '(ndjson)'): SeedDocument[] {
  const documents: SeedDocument[] = []
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new SeedFormatError(`Seed inválido: ${file}, linha ${index + 1} não é JSON`)
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw new SeedFormatError(`Seed inválido: ${file}, linha ${index + 1} não é um documento`)
    }
    const record = value as Record<string, unknown>
    if (typeof record._id !== 'string' || !record._id || typeof record._type !== 'string' || !record._type) {
      throw new SeedFormatError(`Seed inválido: ${file}, linha ${index + 1} sem _id ou _type`)
    }
    documents.push(record as SeedDocument)
  })
  return documents
}

/** Every seed file with its documents, in file-name order. */
export function readSeedFiles(dir: string = DEFAULT_SEED_DIR): SeedFile[] {
  return seedFileNames(dir).map((file) => ({
    file,
    documents: parseNdjson(readFileSync(path.join(dir, file), 'utf8'), file),
  }))
}

/**
 * The dataset the site reads: published documents only (drafts are the
 * Studio's), one per _id. If two files hold the same _id the later file wins,
 * as `content:import` (createOrReplace) would; the seed check reports it.
 */
export function readSeedDataset(dir: string = DEFAULT_SEED_DIR): SeedDocument[] {
  const byId = new Map<string, SeedDocument>()
  for (const { documents } of readSeedFiles(dir)) {
    for (const document of documents) {
      if (document._id.startsWith('drafts.') || document._id.startsWith('versions.')) continue
      byId.set(document._id, document)
    }
  }
  return [...byId.values()]
}

/**
 * The drafts and release versions in `<dir>/drafts/*.ndjson` (none when the
 * folder is absent). Any other id there is a mistake in the seed.
 */
export function readSeedDrafts(dir: string = DEFAULT_SEED_DIR): SeedDocument[] {
  const draftsDir = path.join(dir, SEED_DRAFTS_SUBDIR)
  if (!existsSync(draftsDir)) return []
  return readSeedFiles(draftsDir).flatMap(({ file, documents }) =>
    documents.map((document) => {
      if (!document._id.startsWith('drafts.') && !document._id.startsWith('versions.')) {
        throw new SeedFormatError(`Seed inválido: ${SEED_DRAFTS_SUBDIR}/${file} tem ${document._id}, que não é rascunho nem versão`)
      }
      return document
    }),
  )
}

/**
 * The dataset as a perspective stack sees it, as the Content Lake answers a
 * query with `perspective: [...]`: for each document, the first of its
 * versions the stack names (a release's, then the draft), else the published
 * one, under the published `_id` with the source's id in `_originalId`.
 * Documents that exist only as a draft or version appear too. groq-js has no
 * perspectives, so this runs before it evaluates.
 */
export function overlayPerspective(published: readonly SeedDocument[], versions: readonly SeedDocument[], stack: PerspectiveStack): SeedDocument[] {
  const byId = new Map<string, SeedDocument>([...published, ...versions].map((document) => [document._id, document]))
  const publishedIds = new Set([...published.map(({ _id }) => _id), ...versions.map(({ _id }) => publishedIdOf(_id))])
  const dataset: SeedDocument[] = []
  for (const id of publishedIds) {
    const source = candidateIds(id, stack)
      .map((candidate) => byId.get(candidate))
      .find((document) => document !== undefined)
    if (source) dataset.push(source._id === id ? source : { ...source, _id: id, _originalId: source._id })
  }
  return dataset
}

/** Changes whenever a seed file is added, removed or edited (dev shows edits without a restart). */
export function seedSignature(dir: string = DEFAULT_SEED_DIR): string {
  return seedFileNames(dir)
    .map((file) => {
      const stats = statSync(path.join(dir, file))
      return `${file}:${stats.size}:${stats.mtimeMs}`
    })
    .join('|')
}

export function toNdjson(documents: readonly object[]): string {
  return documents.map((document) => JSON.stringify(document)).join('\n') + (documents.length ? '\n' : '')
}
