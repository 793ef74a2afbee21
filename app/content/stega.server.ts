import type { ContentSourceMap } from '@sanity/client'
import { resolveEditInfo, type ContentSourceMapParsedPath } from '@sanity/client/csm'
import { stegaEncodeSourceMap, type FilterDefault } from '@sanity/client/stega'
import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute'
import { EDIT_TARGET_KEY } from './edit-links'
import { STUDIO_BASE_PATH } from './studio-path'

/**
 * Edit links in a preview's content (ADR 037). A preview reads the content
 * clean, with Sanity's Content Source Map beside it; the content module
 * parses it with its zod schema first and only then encodes each string's
 * origin into it (`stegaEncodeSourceMap`): the schemas never see an edit
 * link, so an enum, a URL or a slug checks as it does for visitors.
 *
 * Which strings get one: what Sanity's default filter allows (not URLs,
 * dates, ids, slugs, SEO fields, anything under a `*type*` key), and of
 * those none that reads like code rather than prose: an identifier (an enum
 * value such as `fullscreen`, a key, a slug), an e-mail address, a phone or
 * a number kept as text. Code compares or links with those; people read the rest.
 */

/** An enum value, a key, a slug: lowercase letters and digits, joined by `-` or `_`. */
const IDENTIFIER = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/
const EMAIL = /^[^\s@]+@[^\s@]+$/
/** Digits with the punctuation of phone numbers, money-free: `+55 11 99999-0000`, `(11) 3000-0000`, `5511999990000`. */
const PHONE_OR_NUMBER = /^\+?[\d\s().-]+$/

export const readsLikeCode = (value: string) => IDENTIFIER.test(value) || EMAIL.test(value) || PHONE_OR_NUMBER.test(value)

const editLinkFilter: FilterDefault = (props) => props.filterDefault(props) && !readsLikeCode(props.value)

/**
 * The parsed content with its strings' edit links and its objects' edit
 * targets, when the source said where they came from.
 */
export function withEditLinks<T>(content: T, sourceMap: ContentSourceMap | undefined): T {
  if (!sourceMap) return content
  return withEditTargets(stegaEncodeSourceMap(content, sourceMap, { enabled: true, studioUrl: STUDIO_BASE_PATH, filter: editLinkFilter }), sourceMap)
}

type PathSegment = ContentSourceMapParsedPath[number]
const sameSegment = (a: PathSegment, b: unknown) => (typeof a === 'object' ? typeof b === 'object' && b !== null && '_key' in b && b._key === a._key : a === b)

const segmentOf = (item: unknown, index: number): PathSegment =>
  item && typeof item === 'object' && typeof (item as { _key?: unknown })._key === 'string' ? { _key: (item as { _key: string })._key, _index: index } : index

/** The paths of the strings under a value, nearest first, lazily (the first that answers is enough). */
function* stringPaths(value: unknown, path: ContentSourceMapParsedPath): Generator<ContentSourceMapParsedPath> {
  if (typeof value === 'string') yield path
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* stringPaths(item, [...path, segmentOf(item, index)])
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) if (key !== EDIT_TARGET_KEY) yield* stringPaths(item, [...path, key])
}

/**
 * Where the object at `path` lives in its document: found from one of its
 * strings whose path under the object is the same in the document (`alt` of
 * an image, not its `ref`, which a projection renamed), minus that tail.
 */
function objectSource(value: Record<string, unknown>, path: ContentSourceMapParsedPath, sourceMap: ContentSourceMap) {
  for (const leaf of stringPaths(value, path)) {
    const info = resolveEditInfo({ studioUrl: STUDIO_BASE_PATH, resultSourceMap: sourceMap, resultPath: leaf })
    if (!info || !Array.isArray(info.path)) continue
    const tail = leaf.slice(path.length)
    const sourcePath = info.path
    const matches = tail.every((segment, index) => sameSegment(segment, sourcePath[sourcePath.length - tail.length + index]))
    // An object at the root of its document (a referenced testimonial) is the document itself: nothing to point at.
    if (matches && sourcePath.length > tail.length) return { id: info.id, type: info.type, path: sourcePath.slice(0, sourcePath.length - tail.length) }
  }
  return undefined
}

/** Every object of the content, with a `data-sanity` value under EDIT_TARGET_KEY where its place in a document is known. */
function withEditTargets<T>(content: T, sourceMap: ContentSourceMap): T {
  const walk = (value: unknown, path: ContentSourceMapParsedPath): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, segmentOf(item, index)]))
    if (!value || typeof value !== 'object') return value
    const record = value as Record<string, unknown>
    const walked = Object.fromEntries(Object.entries(record).map(([key, item]) => [key, walk(item, [...path, key])]))
    // Text (Portable Text's blocks and spans) is clickable through its edit links already.
    const isText = record._type === 'block' || record._type === 'span'
    const source = path.length && !isText ? objectSource(record, path, sourceMap) : undefined
    if (!source || !source.id || !source.type) return walked
    return { ...walked, [EDIT_TARGET_KEY]: createDataAttribute({ id: source.id, type: source.type, path: source.path, baseUrl: STUDIO_BASE_PATH }).toString() }
  }
  return walk(content, []) as T
}
