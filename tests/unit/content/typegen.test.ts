// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { contentTypes, evaluateQuery, generateContentTypes, GENERATED_TYPES_FILE, unknownFields } from '../../../scripts/lib/content-typegen'

describe('the content types generated from the Studio schema', () => {
  test('app/content/sanity.types.ts is what TypeGen writes today (run `npm run content:typegen` after changing the schema or a query)', async () => {
    expect(readFileSync(GENERATED_TYPES_FILE, 'utf8')).toBe(await generateContentTypes())
  })

  test('every field a query reads exists in the Studio schema', () => {
    expect(unknownFields(contentTypes().queryTypes)).toEqual([])
  })

  test('a query that reads a field the schema lacks is found', () => {
    const { queryTypes } = contentTypes()
    const probe = queryTypes.find((entry) => entry.name === 'legalPageBySlugQuery')!
    expect(probe).toBeDefined()
    const node = evaluateQuery(probe.query.replace('intro,', 'intro, subtitle,'))
    expect(unknownFields([{ ...probe, node }])).toEqual(['legalPageBySlugQuery.subtitle'])
  })
})
