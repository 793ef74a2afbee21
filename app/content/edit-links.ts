/**
 * In a preview (ADR 037) the strings of the content carry their edit links:
 * Sanity's stega, a run of invisible characters appended to a string that
 * tells the Presentation tool which document and field it came from. On the
 * page that is what makes a heading clickable; anywhere code reads the
 * string as data it must go. `withoutEditLinks` removes them.
 *
 * It is @sanity/client's `stegaClean` (which is @vercel/stega's pattern)
 * without the client: page heads are built in the browser too, and a
 * visitor's pages must not carry Sanity's code. tests/unit/content/edit-links.test.ts
 * holds it to `stegaClean` on strings the real encoder wrote, so a change of
 * encoding fails there.
 */

/** The code points @vercel/stega writes (its `l` table: U+200B–200D, U+2060–2063, U+FEFF, U+1D173–1D17A), four or more in a row. */
const STEGA_RUN = /[\u200b-\u200d\u2060-\u2063\ufeff\u{1d173}-\u{1d17a}]{4,}/gu

/** Whether a string carries an edit link. */
export const hasEditLinks = (text: string) => text.search(STEGA_RUN) !== -1

/** The value with every edit link taken out of its strings, at any depth (plain data: strings, arrays, objects). */
export function withoutEditLinks<T>(value: T): T {
  if (typeof value === 'string') return value.replace(STEGA_RUN, '') as T
  if (Array.isArray(value)) return value.map(withoutEditLinks) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutEditLinks(item)])) as T
  }
  return value
}

/**
 * Where an object of a preview's content is edited (images, a list of
 * testimonials, a case's figures: what has no text to carry an edit link):
 * stega.server.ts puts a `data-sanity` value under this key, in a preview
 * only. `editTarget(value)` spreads it onto the element that shows the value:
 *
 *   <img {...editTarget(image)} … />   // nothing at all for a visitor
 */
export const EDIT_TARGET_KEY = '_editTarget'

export function editTarget(value: object | null | undefined): { 'data-sanity'?: string } {
  const target = value ? (value as Record<string, unknown>)[EDIT_TARGET_KEY] : undefined
  return typeof target === 'string' ? { 'data-sanity': target } : {}
}
