import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { conforms, type Mismatch } from '~/content/conforms'

/**
 * `conforms` is checked by the compiler: `npm run typecheck` covers this file,
 * and each `@ts-expect-error` below fails the typecheck if the mismatch it
 * marks stops being an error.
 */
type Generated = { _type: 'thing'; title: string; tag: 'a' | 'b' | null; items: Array<{ _key: string; value: number }> | null }

describe('conforms (a zod parser against the generated query type)', () => {
  test('a parser that reads exactly the query compiles and is returned as it is', () => {
    const schema = z.object({ title: z.string(), tag: z.enum(['a']).optional(), items: z.array(z.object({ _key: z.string(), value: z.number() })) })
    expect(conforms<Generated>()(schema)).toBe(schema)
  })

  test('drift in either direction, a wrong leaf or a wrong array is a compile error that names the path', () => {
    const check = conforms<Generated>()
    const items = z.array(z.object({ _key: z.string(), value: z.number() }))
    // @ts-expect-error the parser reads a key the query does not return
    check(z.object({ title: z.string(), tag: z.enum(['a']), items, extra: z.string() }))
    // @ts-expect-error the query returns `items` and the parser drops it
    check(z.object({ title: z.string(), tag: z.enum(['a']) }))
    // @ts-expect-error the parser's enum allows a value the schema does not
    check(z.object({ title: z.string(), tag: z.enum(['a', 'c']), items }))
    // @ts-expect-error a number where the query has a string
    check(z.object({ title: z.number(), tag: z.enum(['a']), items }))
    // @ts-expect-error a list where the query has one object
    check(z.object({ title: z.string(), tag: z.enum(['a']), items: z.object({ _key: z.string(), value: z.number() }) }))

    const nested: Mismatch<{ items: { _key: string; value: string }[] }, { items: { _key: string; value: number }[] }> =
      "$.items[].value: the parser's value is not one the query returns"
    const unknownField: Mismatch<{ subtitle: string }, { subtitle: null }> = '$.subtitle: the query returns only null (a field the schema lacks)'
    expect([nested, unknownField]).toHaveLength(2)
  })
})
