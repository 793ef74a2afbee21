/**
 * A page's view kept in the URL (a GET form: it works without JavaScript,
 * and a view can be bookmarked or shared between admins), read with one
 * schema. A value that is not one of ours is dropped rather than refused, so
 * an edited URL still shows a page. The leads table (lead-filters.ts) and the
 * audit log (audit-log.ts) read their views this way.
 */
import { z } from 'zod'

/** A calendar day as the date input sends it (YYYY-MM-DD), one that exists (not 2026-13-45): a Brasília day to the queries. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const date = new Date(`${day}T12:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && date.getUTCFullYear() >= 1
  })
/** Control characters (NUL among them): no one types them, and PostgreSQL refuses a NUL in text. */
export const hasControlCharacters = (text: string) => [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)
/** Text in a filter, up to `maxLength` characters, without control characters. */
export const textWithin = (maxLength: number) =>
  z
    .string()
    .trim()
    .max(maxLength)
    .refine((text) => !hasControlCharacters(text))
/** Text typed in a filter. */
export const filterText = textWithin(200)
/** An optional filter that a wrong value leaves out. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)
/** The page number (`?pagina=`), 1 when absent or wrong. */
export const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1)

/** The view in a URL's query (blank fields are no filter). */
export function viewFrom<T extends z.ZodType>(schema: T, params: URLSearchParams): z.output<T> {
  return schema.parse(Object.fromEntries([...params].filter(([, value]) => value.trim() !== '')))
}

/** The query string of a view, its defaults left out, for links (another page, another sort, a download). */
export function viewQuery(view: Record<string, string | number | undefined>, defaults: Record<string, string | number>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(view)) {
    if (value === undefined || value === '' || defaults[name] === value) continue
    params.set(name, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}
