/**
 * Text PostgreSQL can store. A `text` or `jsonb` value may hold neither
 * U+0000 (error 22021 for text, 22P05 for jsonb) nor half of a surrogate pair
 * (it cannot be encoded as UTF-8). Both arrive easily: `%00` in a link or a
 * form, a lone `%ED%A0%80`, a cookie or a User-Agent sent by a script. One
 * sanitiser, at the boundary: the form reader cleans every posted value, the
 * origin tracker every cookie and header it keeps, and the lead service every
 * column once more before writing, so nothing a visitor sends can make a
 * lead fail to store.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this removes.
const NUL = /\u0000/g

/** The same text without NUL characters, and with U+FFFD for each unpaired surrogate. */
export function storableText(value: string): string {
  return value.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD')
}

/**
 * Every string inside `value` (objects, arrays, nested) made storable; other
 * values are kept as they are. Object keys are cleaned too (jsonb columns).
 */
export function storableValue<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => storableValue(item)) as T
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableValue(item)])) as T
  }
  return value
}

/**
 * One-line text (a name, a company, an e-mail): what goes into a subject, a
 * "Nome: …" line of the sales e-mail and a CRM's name field. Line and
 * paragraph breaks (CR, LF, NEL, U+2028, U+2029), tabs and runs of spaces
 * are what a paste brings: they become one space. What no keyboard types and
 * only forges (the other C0 and C1 controls, DEL, and the bidirectional
 * controls that reorder what a reader sees: LRM, RLM, ALM, embeddings,
 * overrides, isolates) is refused by the form's schema, not hidden.
 */
const BREAKS_AND_SPACES = /[\s\u0085]+/g
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds.
const HIDDEN_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** The text on one line: breaks, tabs and runs of spaces as one space, trimmed. */
export const oneLine = (value: string) => value.replace(BREAKS_AND_SPACES, ' ').trim()

/** Whether the text holds a control or bidirectional character (after oneLine, none that a paste explains). */
export const hasHiddenControls = (value: string) => HIDDEN_CONTROLS.test(value)
