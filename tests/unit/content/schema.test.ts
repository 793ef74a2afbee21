// @vitest-environment node
import type { SchemaType } from 'sanity'
import { describe, expect, test } from 'vitest'
import { schemaProblems, studioSchema } from '../../../studio/lib/seed-check'
import { schemaTypes, SINGLETON_TYPES } from '../../../studio/schemaTypes'

/**
 * The Studio's schema, built from code (`createSchema`, as the Studio does).
 * The Sanity CLI's own `schema validate` needs the network; this does not.
 * Its fields are not listed here again: the query result types are generated
 * from it (typegen.test.ts) and the site's parsers must match them (tsc).
 */
const fieldNames = (type: SchemaType | undefined) =>
  ((type as (SchemaType & { fields?: { name: string }[] }) | undefined)?.fields ?? []).map((field) => field.name)

describe('the Studio schema', () => {
  const schema = studioSchema()

  test('compiles from code without errors', () => {
    expect(schemaProblems(schema)).toEqual([])
  })

  test('the singletons are the page documents and the settings, and each is a document type', () => {
    expect([...SINGLETON_TYPES].sort()).toEqual([
      'aboutPage',
      'blogPage',
      'briefingPage',
      'calculatorPage',
      'casesPage',
      'contactPage',
      'homePage',
      'presenceTestPage',
      'schedulingSettings',
      'servicesPage',
      'siteSettings',
    ])
    for (const name of SINGLETON_TYPES) expect(schema.get(name)?.type?.name).toBe('document')
  })

  test('every image field asks for alternative text', () => {
    const missing: string[] = []
    const seen = new Set<SchemaType>()
    const visit = (type: SchemaType | undefined, where: string) => {
      if (!type || seen.has(type)) return
      seen.add(type)
      const chain: string[] = []
      for (let current: SchemaType | undefined = type; current; current = current.type) chain.push(current.name)
      if (chain.includes('image') && !fieldNames(type).includes('alt')) missing.push(where)
      for (const field of (type as SchemaType & { fields?: { name: string; type: SchemaType }[] }).fields ?? []) visit(field.type, `${where}.${field.name}`)
      for (const member of (type as SchemaType & { of?: SchemaType[] }).of ?? []) visit(member, `${where}[]`)
    }
    for (const { name } of schemaTypes) visit(schema.get(name), name)
    expect(seen.size).toBeGreaterThan(50)
    expect(missing).toEqual([])
  })
})
