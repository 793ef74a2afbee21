/**
 * npm run content:import [-- --dry-run]
 *
 * Loads the seed dataset (studio/seed/*.ndjson) into the Sanity dataset named
 * by SANITY_PROJECT_ID / SANITY_DATASET, with SANITY_WRITE_TOKEN (a token with
 * the Editor role). Safe to repeat:
 * - the seed is checked against the Studio's schema first; a failing seed is
 *   not sent at all;
 * - each image of public/images/ that the seed refers to is uploaded (Sanity
 *   keeps one asset per distinct file, so a second run reuses it);
 * - documents are written with createOrReplace, in transactions of up to 50:
 *   the seed's version of each document replaces the dataset's, documents the
 *   seed does not have are never touched, nothing is ever deleted, and the
 *   editors' drafts stay as they are.
 * --dry-run checks the seed and prints the plan without any network access.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createClient } from '@sanity/client'
import { z } from 'zod'
import { readSeedDataset, readSeedFiles } from '../app/content/seed-dataset.server'
import { contentEnvShape } from '../app/utils/env/content.server'
import { scriptsEnvShape } from '../app/utils/env/scripts'
import { batchDocuments, collectImageRefs, importableDocuments, parseSeedImageRef, rewriteRefs, SEED_ASSET_SOURCE } from '../studio/lib/dataset-transfer'
import { checkSeed, formatProblems } from '../studio/lib/seed-check'

const seedDir = path.resolve('studio/seed')
const imagesDir = path.resolve('public/images')
const dryRun = process.argv.includes('--dry-run')

if (existsSync('.env')) process.loadEnvFile('.env')

// The same rules as the server's (app/utils/env/content.server.ts), plus the write token only this command reads.
const envSchema = z.object({
  SANITY_PROJECT_ID: contentEnvShape.SANITY_PROJECT_ID,
  SANITY_DATASET: contentEnvShape.SANITY_DATASET,
  SANITY_API_VERSION: contentEnvShape.SANITY_API_VERSION,
  SANITY_WRITE_TOKEN: scriptsEnvShape.SANITY_WRITE_TOKEN,
})

function fail(message: string): never {
  console.error(`\ncontent:import: ${message}\n`)
  process.exit(1)
}

const parsedEnv = envSchema.safeParse(process.env)
if (!parsedEnv.success) fail(`variável inválida: ${parsedEnv.error.issues.map((issue) => issue.path.join('.')).join(', ')}`)
const env = parsedEnv.data

// 1. Credentials (not needed for --dry-run): a project and a token that may write.
if (!dryRun && !env.SANITY_PROJECT_ID) {
  fail(
    'defina SANITY_PROJECT_ID (o ID do projeto em sanity.io/manage) e, se não for "production", SANITY_DATASET. ' +
      'Veja docs/content-source.md, "Conectar um projeto Sanity".',
  )
}
if (!dryRun && !env.SANITY_WRITE_TOKEN) {
  fail('defina SANITY_WRITE_TOKEN: um token com papel Editor, criado em sanity.io/manage → API → Tokens. Ele só é usado por este comando.')
}

// 2. The seed must pass the Studio's rules before anything is sent.
const problems = await checkSeed(readSeedFiles(seedDir), { imagesDir })
if (problems.length) {
  fail(`o seed tem ${problems.length} problema(s); nada foi enviado:\n  ${formatProblems(problems).join('\n  ')}`)
}

const documents = importableDocuments(readSeedDataset(seedDir))
const images = collectImageRefs(documents).map((ref) => {
  const image = parseSeedImageRef(ref)
  if (!image) fail(`referência de imagem fora do padrão: ${ref}`)
  const file = path.join(imagesDir, image.fileName)
  if (!existsSync(file)) fail(`a imagem ${ref} aponta para ${path.relative(process.cwd(), file)}, que não existe`)
  return { ...image, file }
})
const plan = batchDocuments(documents)
console.log(
  `Seed válido: ${documents.length} documentos em ${plan.length} transação(ões), ${images.length} imagem(ns) para enviar` +
    (env.SANITY_PROJECT_ID ? ` ao dataset "${env.SANITY_DATASET}" do projeto ${env.SANITY_PROJECT_ID}.` : '.'),
)
if (dryRun) {
  console.log('--dry-run: nada foi enviado.')
  process.exit(0)
}

const client = createClient({
  projectId: env.SANITY_PROJECT_ID ?? '',
  dataset: env.SANITY_DATASET,
  apiVersion: env.SANITY_API_VERSION,
  token: env.SANITY_WRITE_TOKEN,
  useCdn: false,
  timeout: 60_000,
  maxRetries: 3,
})

try {
  // 3. Images: upload, then point the documents at the real asset ids.
  const assetIds = new Map<string, string>()
  for (const image of images) {
    const asset = await client.assets.upload('image', readFileSync(image.file), {
      filename: image.fileName,
      source: { name: SEED_ASSET_SOURCE, id: image.ref },
    })
    assetIds.set(image.ref, asset._id)
    console.log(`  imagem ${image.fileName} → ${asset._id}`)
  }

  // 4. Documents: createOrReplace, one transaction per batch (each all-or-nothing).
  const batches = batchDocuments(documents.map((document) => rewriteRefs(document, assetIds)))
  let written = 0
  for (const [index, batch] of batches.entries()) {
    const transaction = client.transaction()
    for (const document of batch) transaction.createOrReplace(document)
    await transaction.commit({ visibility: 'async' })
    written += batch.length
    console.log(`  transação ${index + 1}/${batches.length}: ${batch.length} documentos`)
  }
  console.log(`Pronto: ${written} documentos e ${assetIds.size} imagens no dataset "${env.SANITY_DATASET}". Nada foi apagado.`)
} catch (error) {
  const { statusCode, message } = error as { statusCode?: number; message?: string }
  if (statusCode === 401 || statusCode === 403) {
    fail(`o Sanity recusou o token (${statusCode}). Confira SANITY_WRITE_TOKEN: ele precisa do papel Editor neste projeto.`)
  }
  fail(`falhou ao falar com o Sanity: ${message ?? String(error)}. O que já foi enviado fica; rodar de novo é seguro.`)
}
