/**
 * Text cleaning for everything pushed to the data layer: the characters
 * < > " ' are removed, the text is trimmed and cut to 1000 characters.
 *
 *   cleanText(42)                         // '42': non-strings become strings
 *   cleanData({ a: ' <b>x</b> ', n: 3 })  // { a: 'bx/b', n: 3 }
 */

export const MAX_ANALYTICS_TEXT = 1000

const UNSAFE = /[<>"']/g

/** One value as clean text: non-strings become strings first. */
export function cleanText(value: unknown): string {
  return String(value ?? '')
    .replace(UNSAFE, '')
    .trim()
    .slice(0, MAX_ANALYTICS_TEXT)
}

/**
 * Every string in an event, however deep: in nested objects and in arrays.
 * Numbers, booleans and null keep their type (a conversion value stays a
 * number for the tag manager); only strings are text to clean.
 */
export function cleanData<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => cleanData(item)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanData(item)])) as T
  }
  return value
}
