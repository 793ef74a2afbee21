import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { evaluate, parse } from 'groq-js'
import { createSchema, validateDocument, type SanityDocument, type Schema, type SchemaType } from 'sanity'
import { parseAssetRef } from '../../app/content/asset-ref'
import { ASSET_REF_MESSAGE, KEY_FORMAT, SANITY_API_VERSION } from '../../app/content/rules'
import { schemaTypes } from '../schemaTypes'

/**
 * The offline check of the seed dataset against the Studio's schema (the
 * Sanity CLI's own `documents validate` needs the network). It runs:
 * 1. Sanity's `validateDocument` on every document: the same rules an editor
 *    meets in the Studio (required fields, lengths, counts, alt text, unique
 *    slugs, custom rules);
 * 2. structural checks Sanity leaves to the Content Lake: unknown types and
 *    fields, values of the wrong JSON type, `_key` present, unique and in the
 *    contract's format, references that resolve to a document of an allowed
 *    type, image references that point to a file in public/images/ of the
 *    size the reference names, `_id` unique across files, Portable Text marks
 *    that exist.
 * Used by the seed test (tests/unit/content) and by `npm run content:import`,
 * which refuses to load a seed that fails it.
 */

export type SeedProblem = { file: string; id: string; path: string; message: string }
export type SeedInput = { file: string; documents: readonly { _id: string; _type: string; [field: string]: unknown }[] }

export type SeedCheckOptions = {
  /** Where image files live (the seed convention): default public/images. */
  imagesDir?: string
}

const SYSTEM_FIELDS = new Set(['_id', '_type', '_rev', '_createdAt', '_updatedAt', '_key', '_ref', '_weak', '_strengthenOnPublish', '_system'])

let compiled: Schema | undefined
/** The Studio's schema, compiled from code as `sanity.config.ts` does. */
export function studioSchema(): Schema {
  compiled ??= createSchema({ name: 'default', types: schemaTypes })
  return compiled
}

/** Errors the schema compiler reports (a broken field definition, a bad type name). */
export function schemaProblems(schema: Schema = studioSchema()): string[] {
  return (schema._validation ?? []).flatMap((group) =>
    group.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${group.path.map((segment) => segment.name ?? segment.kind).join('.')}: ${problem.message}`),
  )
}

function typeChain(type: SchemaType | undefined): string[] {
  const names: string[] = []
  let current: SchemaType | undefined = type
  while (current && names.length < 20) {
    names.push(current.name)
    current = current.type
  }
  return names
}

const isA = (type: SchemaType | undefined, name: string) => typeChain(type).includes(name)
const fieldsOf = (type: SchemaType) => (type as SchemaType & { fields?: { name: string; type: SchemaType }[] }).fields ?? []
const join = (where: string, name: string) => (where ? `${where}.${name}` : name)

function memberFor(item: unknown, candidates: readonly SchemaType[]): SchemaType | undefined {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const itemType = (item as { _type?: unknown })._type
    return candidates.find((candidate) => candidate.name === itemType || candidate.type?.name === itemType)
  }
  const jsonType = Array.isArray(item) ? 'array' : typeof item
  return candidates.find((candidate) => candidate.jsonType === jsonType)
}

/** Width and height of an SVG (width/height or viewBox) or PNG file, when they can be read. */
export function imageFileSize(file: string): { width: number; height: number } | null {
  const buffer = readFileSync(file)
  if (file.endsWith('.png') && buffer.length > 24 && buffer.toString('ascii', 12, 16) === 'IHDR') {
    return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) }
  }
  if (file.endsWith('.svg')) {
    const root = /<svg\b[^>]*>/.exec(buffer.toString('utf8'))?.[0] ?? ''
    const width = /\bwidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1]
    const height = /\bheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1]
    if (width && height) return { width: Number(width), height: Number(height) }
    const viewBox = /\bviewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(root)
    if (viewBox?.[1] && viewBox[2]) return { width: Number(viewBox[1]), height: Number(viewBox[2]) }
  }
  return null
}

/** The file an image asset reference names, if it exists. */
export function assetFile(ref: string, imagesDir: string): string | null {
  const parsed = parseAssetRef(ref)
  if (!parsed) return null
  const file = path.join(imagesDir, parsed.fileName)
  return existsSync(file) ? file : null
}

type Context = {
  file: string
  id: string
  byId: Map<string, { _type: string }>
  imagesDir: string
  report: (path: string, message: string) => void
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'lista' : value === null ? 'null' : typeof value
}

function checkReference(value: Record<string, unknown>, type: SchemaType, where: string, context: Context) {
  const ref = value._ref
  if (typeof ref !== 'string' || !ref) return context.report(where, 'referência sem _ref')
  const targets = ((type as SchemaType & { to?: SchemaType[] }).to ?? []).map((target) => target.name)
  if (targets.includes('sanity.imageAsset')) {
    const parsed = parseAssetRef(ref)
    if (!parsed) return context.report(where, `imagem "${ref}": ${ASSET_REF_MESSAGE}`)
    const { fileName, width, height } = parsed
    const file = path.join(context.imagesDir, fileName)
    if (!existsSync(file)) return context.report(where, `imagem "${ref}": arquivo public/images/${fileName} não existe`)
    const size = imageFileSize(file)
    if (size && (size.width !== width || size.height !== height)) {
      context.report(where, `imagem "${ref}": o arquivo mede ${size.width}x${size.height}, a referência diz ${width}x${height}`)
    }
    return
  }
  const target = context.byId.get(ref)
  if (!target) return context.report(where, `referência a "${ref}", que não existe no seed`)
  if (targets.length && !targets.includes(target._type)) {
    context.report(where, `referência a "${ref}" (${target._type}); aqui só cabe ${targets.join(' ou ')}`)
  }
}

function checkBlock(block: Record<string, unknown>, type: SchemaType, where: string, context: Context) {
  const markDefs = Array.isArray(block.markDefs) ? (block.markDefs as Record<string, unknown>[]) : []
  const markDefsType = fieldsOf(type).find((field) => field.name === 'markDefs')?.type as (SchemaType & { of?: SchemaType[] }) | undefined
  const annotationTypes = new Set((markDefsType?.of ?? []).map((member) => member.name))
  const blockType = type as SchemaType & { options?: unknown; marks?: { decorators?: { value: string }[] } }
  const decorators = new Set((blockType.marks?.decorators ?? [{ value: 'strong' }, { value: 'em' }]).map((decorator) => decorator.value))
  const defKeys = new Set<string>()
  markDefs.forEach((def, index) => {
    const key = def?._key
    if (typeof key !== 'string' || !key) context.report(`${where}.markDefs[${index}]`, 'anotação sem _key')
    else if (defKeys.has(key)) context.report(`${where}.markDefs[${index}]`, `_key "${key}" repetido`)
    else defKeys.add(key)
    if (annotationTypes.size && !annotationTypes.has(String(def?._type))) {
      context.report(`${where}.markDefs[${index}]`, `anotação de tipo "${String(def?._type)}" não existe no schema`)
    }
  })
  const children = block.children
  if (!Array.isArray(children) || children.length === 0) return context.report(where, 'bloco de texto sem children')
  const keys = new Set<string>()
  children.forEach((child: unknown, index) => {
    const at = `${where}.children[${index}]`
    if (!child || typeof child !== 'object') return context.report(at, 'trecho de texto inválido')
    const span = child as Record<string, unknown>
    if (typeof span._key !== 'string' || !span._key) context.report(at, 'trecho sem _key')
    else if (keys.has(span._key)) context.report(at, `_key "${span._key}" repetido`)
    else keys.add(span._key)
    if (span._type !== 'span') return
    if (typeof span.text !== 'string') context.report(at, 'trecho sem text')
    for (const mark of Array.isArray(span.marks) ? span.marks : []) {
      if (!decorators.has(String(mark)) && !defKeys.has(String(mark))) context.report(at, `marca "${String(mark)}" não é decorador nem anotação do bloco`)
    }
  })
}

/** Walks a value along its schema type: fields that exist, JSON types, keys, references. */
function walk(value: unknown, type: SchemaType, where: string, context: Context) {
  if (value === undefined || value === null) return
  if (type.jsonType === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) return context.report(where, `esperado um objeto, veio ${describe(value)}`)
    const record = value as Record<string, unknown>
    if (isA(type, 'reference')) return checkReference(record, type, where, context)
    if (isA(type, 'block')) return checkBlock(record, type, where, context)
    const fields = new Map(fieldsOf(type).map((field) => [field.name, field.type]))
    for (const [name, fieldValue] of Object.entries(record)) {
      if (SYSTEM_FIELDS.has(name)) continue
      const fieldType = fields.get(name)
      if (!fieldType) {
        context.report(join(where, name), `campo "${name}" não existe no tipo ${type.name}`)
        continue
      }
      walk(fieldValue, fieldType, join(where, name), context)
    }
    return
  }
  if (type.jsonType === 'array') {
    if (!Array.isArray(value)) return context.report(where, `esperada uma lista, veio ${describe(value)}`)
    const members = (type as SchemaType & { of?: SchemaType[] }).of ?? []
    const keys = new Set<string>()
    value.forEach((item: unknown, index) => {
      const at = `${where}[${index}]`
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        const { _key, _type } = item as { _key?: unknown; _type?: unknown }
        if (typeof _key !== 'string' || !_key) context.report(at, 'item sem _key')
        else if (keys.has(_key)) context.report(at, `_key "${_key}" repetido nesta lista`)
        else if (!KEY_FORMAT.test(_key)) context.report(at, `_key "${_key}" fora do formato do contrato (12 letras minúsculas ou dígitos)`)
        if (typeof _key === 'string') keys.add(_key)
        if (typeof _type !== 'string' || !_type) return context.report(at, 'item sem _type')
      }
      const member = memberFor(item, members)
      if (!member) {
        const kind = item && typeof item === 'object' && !Array.isArray(item) ? String((item as { _type?: unknown })._type) : describe(item)
        return context.report(at, `item do tipo "${kind}" não cabe nesta lista (aceita: ${members.map((m) => m.name).join(', ')})`)
      }
      walk(item, member, at, context)
    })
    return
  }
  const expected = type.jsonType
  if (typeof value !== expected) context.report(where, `esperado ${expected}, veio ${describe(value)}`)
}

/** A client that answers the validators' GROQ (slug uniqueness) from the seed itself. */
function seedClient(documents: SanityDocument[]) {
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) => (await evaluate(parse(query), { dataset: documents, params })).get(),
    withConfig: () => client,
    config: () => ({ dataset: 'seed', projectId: 'seed', apiVersion: SANITY_API_VERSION }),
  }
  return client
}

/** Portuguese for the messages of Sanity's built-in rules (the Studio shows its own translations). */
const MESSAGES: Record<string, (values: Record<string, unknown>) => string> = {
  'validation:generic.required': () => 'campo obrigatório',
  'validation:string.minimum-length': ({ minLength }) => `mínimo de ${String(minLength)} caracteres`,
  'validation:string.maximum-length': ({ maxLength }) => `máximo de ${String(maxLength)} caracteres`,
  'validation:array.exact-length': ({ wantedLength }) => `precisa de exatamente ${String(wantedLength)} itens`,
  'validation:array.minimum-length': ({ minLength }) => `precisa de pelo menos ${String(minLength)} itens`,
  'validation:array.maximum-length': ({ maxLength }) => `aceita no máximo ${String(maxLength)} itens`,
  'validation:number.minimum': ({ minNumber }) => `o mínimo é ${String(minNumber)}`,
  'validation:number.maximum': ({ maxNumber }) => `o máximo é ${String(maxNumber)}`,
  'validation:slug.not-unique': ({ slug }) => `o slug "${String(slug)}" já é usado por outro documento`,
  'validation:array.item-duplicate': () => 'item repetido na lista',
}

/** i18n stand-in: known messages in Portuguese, each followed by Sanity's key (searchable in its docs). */
const i18n = {
  t: (key: string, options: Record<string, unknown> = {}) => {
    const translate = MESSAGES[key]
    return translate ? `${translate(options)} (${key})` : `${key} ${JSON.stringify(options)}`
  },
  loadNamespaces: async () => undefined,
}

function pathToString(segments: readonly unknown[]): string {
  return segments
    .map((segment) =>
      typeof segment === 'string'
        ? `.${segment}`
        : typeof segment === 'number'
          ? `[${segment}]`
          : segment && typeof segment === 'object' && '_key' in segment
            ? `[_key=="${String((segment as { _key: unknown })._key)}"]`
            : `.${String(segment)}`,
    )
    .join('')
    .replace(/^\./, '')
}

/**
 * Checks seed files against the schema. Problems name the file, the document
 * and the path, in Portuguese; an empty list means the seed is publishable.
 */
export async function checkSeed(files: readonly SeedInput[], options: SeedCheckOptions = {}): Promise<SeedProblem[]> {
  const schema = studioSchema()
  const imagesDir = options.imagesDir ?? path.resolve('public/images')
  const problems: SeedProblem[] = []
  const all = files.flatMap(({ file, documents }) => documents.map((document) => ({ file, document })))

  const firstFile = new Map<string, string>()
  for (const { file, document } of all) {
    const previous = firstFile.get(document._id)
    if (previous) problems.push({ file, id: document._id, path: '_id', message: `_id repetido: também está em ${previous}` })
    else firstFile.set(document._id, file)
  }
  const byId = new Map(all.map(({ document }) => [document._id, document]))
  const documents = [...byId.values()] as SanityDocument[]
  const client = seedClient(documents)
  const workspace = { schema, getClient: () => client, i18n }

  // The validator schedules its work with requestIdleCallback through `window` (absent in Node).
  const globals = globalThis as { window?: unknown }
  const hadWindow = 'window' in globals
  if (!hadWindow) globals.window = globalThis
  try {
    for (const { file, document } of all) {
      const report = (where: string, message: string) => problems.push({ file, id: document._id, path: where, message })
      if (document._type.startsWith('sanity.')) {
        report('_type', 'documentos de sistema (sanity.*) não entram no seed: as imagens são arquivos de public/images/')
        continue
      }
      const type = schema.get(document._type)
      if (!type || type.jsonType !== 'object' || !isA(type, 'document')) {
        report('_type', `tipo "${document._type}" não existe no schema do Studio`)
        continue
      }
      walk(document, type, '', { file, id: document._id, byId, imagesDir, report })

      const markers = await validateDocument({
        document: document as SanityDocument,
        workspace: workspace as unknown as Parameters<typeof validateDocument>[0]['workspace'],
        // Image assets are files of public/images/ in the seed (checked in detail by the walk).
        getDocumentExists: async ({ id }) => byId.has(id) || assetFile(id, imagesDir) !== null,
        environment: 'cli',
      })
      for (const marker of markers) {
        // Unknown fields are reported by the walk above (with the type's name); skip Sanity's duplicate warning.
        if (marker.level === 'warning' && /does not exist on type/.test(marker.message)) continue
        if (marker.level === 'error' || marker.level === 'warning') report(pathToString(marker.path), marker.message)
      }
    }
  } finally {
    if (!hadWindow) delete globals.window
  }
  return problems
}

export function formatProblems(problems: readonly SeedProblem[]): string[] {
  return problems.map(({ file, id, path: where, message }) => `${file} · ${id}${where ? ` · ${where}` : ''}: ${message}`)
}
