import type { ContentSourceMap } from '@sanity/client'
import { stegaEncodeSourceMap, type FilterDefault } from '@sanity/client/stega'
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

export const editLinkFilter: FilterDefault = (props) => props.filterDefault(props) && !readsLikeCode(props.value)

/** The parsed content with its strings' edit links, when the source said where they came from. */
export function withEditLinks<T>(content: T, sourceMap: ContentSourceMap | undefined): T {
  if (!sourceMap) return content
  return stegaEncodeSourceMap(content, sourceMap, { enabled: true, studioUrl: STUDIO_BASE_PATH, filter: editLinkFilter })
}
