/**
 * npm run content:export [-- --out <folder>] [-- --dry-run]
 *
 * Writes the published documents of the Sanity dataset (SANITY_PROJECT_ID /
 * SANITY_DATASET; SANITY_READ_TOKEN or SANITY_WRITE_TOKEN for a private
 * dataset) back to the seed files, in the format `sanity dataset export`
 * writes (one JSON document per line):
 * - a document already in the seed returns to its file and position, so the
 *   split into files (about.ndjson, cases.ndjson...) and the diffs stay small;
 *   a new document goes to its type's file (studio/lib/dataset-transfer.ts);
 * - image assets become seed references again (`image-<name>-<w>x<h>-<ext>`)
 *   and any image missing from public/images/ is downloaded there;
 * - fields the Content Lake manages (_rev, _createdAt, _updatedAt) are left out.
 * Seed files are rewritten only where a document was exported; no file is deleted.
 * Default folder: studio/seed. --dry-run prints the plan and writes nothing.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createClient } from '@sanity/client'
import { z } from 'zod'
import { readSeedFiles, toNdjson, type SeedDocument } from '../app/content/seed-dataset.server'
import { contentEnvShape } from '../app/utils/env/content.server'
import { scriptsEnvShape } from '../app/utils/env/scripts'
import {
  importableDocuments,
  parseSeedImageRef,
  rewriteRefs,
  seedRefForAsset,
  splitIntoFiles,
  type Doc,
  type ExportedAsset,
} from '../studio/lib/dataset-transfer'

const args = process.argv.slice(2)
const dryRun = args.includes('--dry-run')
const outIndex = args.indexOf('--out')
const outDir = path.resolve(outIndex >= 0 && args[outIndex + 1] ? String(args[outIndex + 1]) : 'studio/seed')
const imagesDir = path.resolve('public/images')

if (existsSync('.env')) process.loadEnvFile('.env')

// The same rules as the server's (app/utils/env/content.server.ts), plus the write token only the import reads.
const env = z
  .object({
    SANITY_PROJECT_ID: contentEnvShape.SANITY_PROJECT_ID,
    SANITY_DATASET: contentEnvShape.SANITY_DATASET,
    SANITY_API_VERSION: contentEnvShape.SANITY_API_VERSION,
    SANITY_READ_TOKEN: contentEnvShape.SANITY_READ_TOKEN,
    SANITY_WRITE_TOKEN: scriptsEnvShape.SANITY_WRITE_TOKEN,
  })
  .parse(process.env)

function fail(message: string): never {
  console.error(`\ncontent:export: ${message}\n`)
  process.exit(1)
}

if (!env.SANITY_PROJECT_ID) {
  fail('defina SANITY_PROJECT_ID (e SANITY_DATASET, se não for "production"): o export lê um dataset do Sanity. Veja docs/content-source.md.')
}

const client = createClient({
  projectId: env.SANITY_PROJECT_ID,
  dataset: env.SANITY_DATASET,
  apiVersion: env.SANITY_API_VERSION,
  token: env.SANITY_READ_TOKEN ?? env.SANITY_WRITE_TOKEN,
  perspective: 'published',
  useCdn: false,
  timeout: 60_000,
  maxRetries: 3,
})

let all: Doc[]
try {
  all = await client.fetch<Doc[]>('*[!(_id in path("_.**"))] | order(_id asc)')
} catch (error) {
  fail(`não foi possível ler o dataset: ${(error as Error).message}`)
}

// Image assets → seed references (and files in public/images/).
const assets = all.filter((document) => document._type === 'sanity.imageAsset') as unknown as ExportedAsset[]
const refByAsset = new Map(assets.map((asset) => [asset._id, seedRefForAsset(asset)]))
const downloads = assets.flatMap((asset) => {
  const ref = refByAsset.get(asset._id) ?? ''
  const image = parseSeedImageRef(ref)
  if (!image || !asset.url) return []
  const file = path.join(imagesDir, image.fileName)
  return existsSync(file) ? [] : [{ url: asset.url, file }]
})

const documents = importableDocuments(all).map((document) => rewriteRefs(document, refByAsset))
const existing = new Map<string, { file: string; index: number }>()
if (existsSync(outDir)) {
  for (const { file, documents: inFile } of readSeedFiles(outDir)) {
    inFile.forEach((document: SeedDocument, index) => existing.set(document._id, { file, index }))
  }
}
const files = splitIntoFiles(documents, existing)

console.log(`Dataset "${env.SANITY_DATASET}": ${documents.length} documentos, ${assets.length} imagens.`)
for (const [file, inFile] of files) console.log(`  ${path.relative(process.cwd(), path.join(outDir, file))}: ${inFile.length} documentos`)
for (const { file } of downloads) console.log(`  baixar ${path.relative(process.cwd(), file)}`)
if (dryRun) {
  console.log('--dry-run: nada foi escrito.')
  process.exit(0)
}

mkdirSync(outDir, { recursive: true })
for (const [file, inFile] of files) writeFileSync(path.join(outDir, file), toNdjson(inFile))
for (const { url, file } of downloads) {
  const response = await fetch(url)
  if (!response.ok) fail(`não foi possível baixar ${url} (${response.status})`)
  writeFileSync(file, Buffer.from(await response.arrayBuffer()))
}
console.log('Pronto. Rode `npx vitest run tests/unit/content` para conferir o seed exportado.')
