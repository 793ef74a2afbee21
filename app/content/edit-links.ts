/**
 * In a preview (ADR 037) the strings of the content carry their edit links:
 * Sanity's stega, a run of invisible characters appended to a string that
 * tells the Presentation tool which document and field it came from. On the
 * page that is what makes a heading clickable; anywhere code reads the
 * string as data it must go. `withoutEditLinks` removes them.
 *
 * It is @sanity/client's `stegaClean` (which is @vercel/stega's pattern)
 * without the client: page heads are built in the browser too, and a
 * visitor's pages must not carry Sanity's code. tests/unit/edit-links.test.ts
 * holds it to `stegaClean` on strings the real encoder wrote, so a change of
 * encoding fails there.
 */

/** The code points @vercel/stega writes (its `l` table), four or more in a row. */
const STEGA_CODE_POINTS = [0x200b, 0x200c, 0x200d, 0x2062, 0x2063, 0x2060, 0xfeff, 0x2061, 0x1d173, 0x1d174, 0x1d175, 0x1d176, 0x1d177, 0x1d178, 0x1d179, 0x1d17a]
const STEGA_RUN = new RegExp(`[${STEGA_CODE_POINTS.map((point) => `\\u{${point.toString(16)}}`).join('')}]{4,}`, 'gu')

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
