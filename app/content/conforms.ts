import type { z } from 'zod'

/**
 * The compile-time link between a zod parser of ./schemas.ts and the query
 * result TypeGen derived from the Studio schema (./sanity.types.ts).
 *
 * `Mismatch<Parsed, Generated>` is `never` when the parser reads exactly what
 * the query returns: the same keys at every level (a query's `_type` may be
 * left out), arrays where the query has arrays, and leaf values the query can
 * produce (a zod enum inside the schema's options, a number where it has a
 * number). Otherwise it names the offending path, which `conforms` puts in the
 * compiler's error. Portable Text is passed through as it is (loose objects).
 */
type Present<T> = Exclude<T, null | undefined>
type Leaf = string | number | boolean | bigint | symbol

/** Keys the content edge derives on the server from what the query returns (an image's resized CDN base URL: image-url.ts). */
type DerivedKey = 'cdnBase'

type ObjectMismatch<P, G, Path extends string> =
  | (Exclude<keyof P, keyof G | DerivedKey> extends infer K extends string ? (K extends string ? `${Path}.${K}: the query does not return it` : never) : never)
  | (Exclude<keyof G, keyof P | '_type'> extends infer K extends string ? (K extends string ? `${Path}.${K}: the parser drops it` : never) : never)
  | { [K in keyof P & keyof G & string]: Mismatch<P[K], G[K], `${Path}.${K}`> }[keyof P & keyof G & string]

export type Mismatch<Parsed, Generated, Path extends string = '$'> = [Present<Parsed>] extends [never]
  ? never
  : [Present<Generated>] extends [never]
    ? `${Path}: the query returns only null (a field the schema lacks)`
    : Present<Parsed> extends readonly (infer P)[]
      ? Present<Generated> extends readonly (infer G)[]
        ? Mismatch<P, G, `${Path}[]`>
        : `${Path}: an array in the parser, not in the query`
      : Present<Parsed> extends Leaf
        ? [Present<Parsed>] extends [Present<Generated>]
          ? never
          : `${Path}: the parser's value is not one the query returns`
        : string extends keyof Present<Parsed>
          ? never
          : ObjectMismatch<Present<Parsed>, Present<Generated>, Path>

/**
 * `conforms<HomePageQueryResult>()(z.object({...}))` returns the schema
 * unchanged, and fails to compile while the schema and the generated query
 * result differ (the error names the path).
 */
export const conforms =
  <Generated>() =>
  <S extends z.ZodType>(schema: S & ([Mismatch<z.output<S>, Generated>] extends [never] ? unknown : { mismatch: Mismatch<z.output<S>, Generated> })): S =>
    schema
