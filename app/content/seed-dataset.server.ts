import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * The seed dataset: studio/seed/*.ndjson, the format `sanity dataset export`
 * writes (one JSON document per line). Every file of the folder is read; the
 * split into files only keeps diffs readable. Shared by the content source,
 * the seed checks (tests) and the import/export scripts.
 */
export const DEFAULT_SEED_DIR = path.resolve('studio/seed')

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
