// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { evaluate, parse } from 'groq-js'
import { createSchema, validateDocument, type SanityDocument } from 'sanity'
import { beforeAll, describe, expect, test } from 'vitest'
import { schemaTypes } from '../../../studio/schemaTypes'

/**
 * Every seed document must pass the Studio's own validation rules (Sanity's
 * `validateDocument`, run offline): what an editor could not publish, the seed
 * may not contain either. References must resolve inside the seed.
 */
const seedDir = path.resolve('studio/seed')
const documents: SanityDocument[] = readdirSync(seedDir)
  .filter((file) => file.endsWith('.ndjson'))
  .flatMap((file) =>
    readFileSync(path.join(seedDir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as SanityDocument),
  )
const ids = new Set(documents.map((document) => document._id))

// The validator schedules work with requestIdleCallback through `window`; Node has neither.
beforeAll(() => {
  Object.assign(globalThis, { window: globalThis })
})

const schema = createSchema({ name: 'seed-check', types: schemaTypes })

/** A client that answers the validators' GROQ (slug uniqueness) from the seed itself. */
const seedClient = {
  fetch: async (query: string, params: Record<string, unknown> = {}) =>
    (await evaluate(parse(query), { dataset: documents, params })).get(),
  withConfig() {
    return seedClient
  },
}

const workspace = {
  schema,
  getClient: () => seedClient,
  i18n: {
    t: (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`,
    loadNamespaces: async () => undefined,
  },
}

describe('the seed dataset', () => {
  test('the schema compiles without problems', () => {
    const problems = (schema._validation ?? []).flatMap((group) =>
      group.problems.filter((problem) => problem.severity === 'error').map((problem) => `${group.path.map((p) => p.name).join('.')}: ${problem.message}`),
    )
    expect(problems).toEqual([])
  })

  test('holds every document type the pages need', () => {
    const count = (type: string) => documents.filter((document) => document._type === type).length
    expect(count('siteSettings')).toBe(1)
    expect(count('homePage')).toBe(1)
    expect(count('aboutPage')).toBe(1)
    expect(count('servicesPage')).toBe(1)
    expect(count('casesPage')).toBe(1)
    expect(count('service')).toBe(9)
    expect(count('caseStudy')).toBe(12)
    expect(count('legalPage')).toBe(2)
    expect(count('testimonial')).toBe(15)
  })

  test('every _id is unique and every reference resolves', () => {
    expect(ids.size).toBe(documents.length)
    const dangling: string[] = []
    const visit = (value: unknown, owner: string) => {
      if (Array.isArray(value)) value.forEach((item) => visit(item, owner))
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>
        if (record._type === 'reference' && typeof record._ref === 'string' && !ids.has(record._ref)) {
          dangling.push(`${owner} → ${record._ref}`)
        }
        Object.values(record).forEach((item) => visit(item, owner))
      }
    }
    documents.forEach((document) => visit(document, document._id))
    expect(dangling).toEqual([])
  })

  test('every array item has a _key unique within its array', () => {
    const problems: string[] = []
    const visit = (value: unknown, where: string) => {
      if (Array.isArray(value)) {
        const keys = value.filter((item) => item && typeof item === 'object').map((item) => (item as { _key?: string })._key)
        if (keys.some((key) => !key)) problems.push(`${where}: item without _key`)
        if (new Set(keys).size !== keys.length) problems.push(`${where}: repeated _key`)
        value.forEach((item, index) => visit(item, `${where}[${index}]`))
      } else if (value && typeof value === 'object') {
        Object.entries(value).forEach(([field, item]) => visit(item, `${where}.${field}`))
      }
    }
    documents.forEach((document) => visit(document, document._id))
    expect(problems).toEqual([])
  })

  // System documents (image assets) are Sanity's own, not our schema's.
  const ourDocuments = documents.filter((document) => !document._type.startsWith('sanity.'))

  test.each(ourDocuments.map((document) => [document._id, document] as const))(
    '%s passes the Studio validation rules',
    async (_id, document) => {
      const markers = await validateDocument({
        document,
        workspace: workspace as unknown as Parameters<typeof validateDocument>[0]['workspace'],
        getDocumentExists: async ({ id }) => ids.has(id),
        environment: 'cli',
      })
      const errors = markers.filter((marker) => marker.level === 'error').map((marker) => `${marker.path.join('.')}: ${marker.message}`)
      expect(errors).toEqual([])
    },
    20_000,
  )
})
