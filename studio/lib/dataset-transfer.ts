/**
 * The pure half of `npm run content:import` and `npm run content:export`
 * (scripts/content-import.ts, scripts/content-export.ts): what to send, in
 * which transactions, and where each exported document goes. No network and
 * no file system here, so all of it is unit-tested (tests/unit/content).
 *
 * Images: the seed refers to `image-<name>-<w>x<h>-<ext>`, a file of
 * public/images/. The import uploads each file (Sanity keeps one asset per
 * distinct file, so a second import reuses it), records the seed reference as
 * the asset's `source`, and rewrites the references to the real asset ids.
 * The export maps them back through that `source` (or the file name).
 */

import { ASSET_REF, parseAssetRef, type ParsedAssetRef } from '../../app/content/asset-ref'

export type Doc = { _id: string; _type: string; [field: string]: unknown }

export const SEED_ASSET_SOURCE = 'alavanca-seed'
/** Fields the Content Lake manages; the seed leaves them out (they would churn every export). */
const SYSTEM_FIELDS = ['_rev', '_createdAt', '_updatedAt', '_seqNo', '_system'] as const

export type SeedImage = ParsedAssetRef & { ref: string }

export function parseSeedImageRef(ref: string): SeedImage | null {
  const parsed = parseAssetRef(ref)
  return parsed && { ref, ...parsed }
}

function visit(value: unknown, fn: (record: Record<string, unknown>, key: string | undefined) => void, key?: string) {
  if (Array.isArray(value)) value.forEach((item) => visit(item, fn))
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    fn(record, key)
    for (const [childKey, child] of Object.entries(record)) visit(child, fn, childKey)
  }
}

/** Every distinct image asset reference of the documents, sorted. */
export function collectImageRefs(documents: readonly Doc[]): string[] {
  const refs = new Set<string>()
  for (const document of documents) {
    visit(document, (record, key) => {
      if (key === 'asset' && typeof record._ref === 'string' && record._ref.startsWith('image-')) refs.add(record._ref)
    })
  }
  return [...refs].sort()
}

/** A deep copy with every `_ref` found in `mapping` replaced (seed image ref → asset id, or back). */
export function rewriteRefs<T>(value: T, mapping: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, mapping)) as T
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      copy[key] = key === '_ref' && typeof child === 'string' ? (mapping.get(child) ?? child) : rewriteRefs(child, mapping)
    }
    return copy as T
  }
  return value
}

export function withoutSystemFields(document: Doc): Doc {
  const copy: Doc = { ...document }
  for (const field of SYSTEM_FIELDS) delete copy[field]
  return copy
}

/**
 * The documents the import writes: published content of our own types.
 * Drafts belong to editors and `sanity.*` documents to the Content Lake; both
 * are left alone (an import never touches what it did not bring).
 */
export function importableDocuments(documents: readonly Doc[]): Doc[] {
  return documents
    .filter((document) => !document._id.startsWith('drafts.') && !document._id.startsWith('versions.'))
    .filter((document) => !document._type.startsWith('sanity.') && !document._type.startsWith('system.'))
    .map(withoutSystemFields)
}

export type BatchLimits = { maxDocuments: number; maxBytes: number }
/** Well under the Content Lake's request limits; one transaction is all-or-nothing. */
export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxDocuments: 50, maxBytes: 1_000_000 }

/** Splits documents into transactions by count and JSON size, keeping their order. */
export function batchDocuments(documents: readonly Doc[], limits: BatchLimits = DEFAULT_BATCH_LIMITS): Doc[][] {
  const batches: Doc[][] = []
  let current: Doc[] = []
  let bytes = 0
  for (const document of documents) {
    const size = Buffer.byteLength(JSON.stringify(document))
    if (size > limits.maxBytes) throw new Error(`O documento ${document._id} tem ${size} bytes, mais que o limite de uma transação (${limits.maxBytes}).`)
    if (current.length && (current.length >= limits.maxDocuments || bytes + size > limits.maxBytes)) {
      batches.push(current)
      current = []
      bytes = 0
    }
    current.push(document)
    bytes += size
  }
  if (current.length) batches.push(current)
  return batches
}

/** The createOrReplace mutations of one batch (the body of POST /data/mutate). */
export function createOrReplaceMutations(batch: readonly Doc[]): { createOrReplace: Doc }[] {
  return batch.map((document) => ({ createOrReplace: document }))
}

// ---------------------------------------------------------------------------
// Export

export type ExportedAsset = {
  _id: string
  _type: string
  originalFilename?: string
  extension?: string
  url?: string
  sha1hash?: string
  metadata?: { dimensions?: { width?: number; height?: number } }
  source?: { name?: string; id?: string }
}

function slugifyFileName(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\.[a-z0-9]+$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'imagem'
  )
}

/**
 * The seed reference of an exported asset: the one the import recorded as its
 * source, else one made from its file name and size (the export downloads the
 * file to public/images/ under that name).
 */
export function seedRefForAsset(asset: ExportedAsset): string {
  if (asset.source?.name === SEED_ASSET_SOURCE && asset.source.id && ASSET_REF.test(asset.source.id)) return asset.source.id
  const fromId = ASSET_REF.exec(asset._id)
  const width = asset.metadata?.dimensions?.width ?? Number(fromId?.[2] ?? 0)
  const height = asset.metadata?.dimensions?.height ?? Number(fromId?.[3] ?? 0)
  const extension = asset.extension ?? fromId?.[4] ?? 'jpg'
  const base = slugifyFileName(asset.originalFilename ?? fromId?.[1] ?? 'imagem')
  const hash = (asset.sha1hash ?? fromId?.[1] ?? '').slice(0, 8)
  // Files named by an editor may collide ("foto.jpg"): the hash keeps them apart.
  return `image-${hash ? `${base}-${hash}` : base}-${width}x${height}-${extension}`
}

/** Where a document type goes when it is new to the seed (existing documents keep their file). */
export const DEFAULT_FILE_BY_TYPE: Record<string, string> = {
  siteSettings: 'settings.ndjson',
  homePage: 'home.ndjson',
  aboutPage: 'about.ndjson',
  servicesPage: 'services.ndjson',
  service: 'services.ndjson',
  faqItem: 'services.ndjson',
  casesPage: 'cases.ndjson',
  caseStudy: 'cases.ndjson',
  legalPage: 'legal.ndjson',
  testimonial: 'testimonials.ndjson',
  author: 'blog.ndjson',
  category: 'blog.ndjson',
  article: 'articles.ndjson',
}

/**
 * Assigns exported documents to seed files: a document already in the seed
 * goes back to its file and place (small diffs, the writers' split kept); a
 * new one goes to its type's default file, after the existing ones, by _id.
 */
export function splitIntoFiles(documents: readonly Doc[], existing: ReadonlyMap<string, { file: string; index: number }>): Map<string, Doc[]> {
  const placed = documents.map((document) => {
    const known = existing.get(document._id)
    return {
      document,
      file: known?.file ?? DEFAULT_FILE_BY_TYPE[document._type] ?? `${document._type}.ndjson`,
      order: known ? known.index : Number.MAX_SAFE_INTEGER,
    }
  })
  placed.sort((a, b) => a.file.localeCompare(b.file) || a.order - b.order || a.document._id.localeCompare(b.document._id))
  const files = new Map<string, Doc[]>()
  for (const { document, file } of placed) files.set(file, [...(files.get(file) ?? []), document])
  return files
}
