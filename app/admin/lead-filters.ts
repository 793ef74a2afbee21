/**
 * The leads table's view, kept in the URL (a GET form: it works without
 * JavaScript, and a view can be bookmarked or shared between admins): the
 * filters, the sort and the page. Read with one schema; a value that is not
 * one of ours is dropped rather than refused, so an edited URL still shows
 * a table.
 */
import { z } from 'zod'
import type { DeliveryStatus } from '../../db/schema'

/** The webhook states a view can pick (the browser bundle cannot import the schema's list). */
export const DELIVERY_FILTERS = ['pending', 'delivered', 'failed', 'skipped'] as const satisfies readonly DeliveryStatus[]

export const LEAD_SORTS = ['recebido', 'nome', 'email', 'fonte'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const text = z.string().trim().max(200)
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

export const leadFiltersSchema = z.object({
  fonte: lenient(text.regex(/^[a-z0-9_]+$/)),
  de: lenient(day),
  ate: lenient(day),
  entrega: lenient(z.enum(DELIVERY_FILTERS)),
  utm_source: lenient(text),
  utm_campaign: lenient(text),
  busca: lenient(text),
  ordem: z.enum(LEAD_SORTS).catch('recebido'),
  direcao: z.enum(['asc', 'desc']).catch('desc'),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
})

export type LeadFilters = z.output<typeof leadFiltersSchema>

/** The view in a URL's query (blank fields are no filter). */
export function leadFiltersFrom(params: URLSearchParams): LeadFilters {
  const entries = Object.fromEntries([...params].filter(([, value]) => value.trim() !== ''))
  return leadFiltersSchema.parse(entries)
}

/** The query string of a view (defaults left out), for links: another page, another sort, the CSV. */
export function leadFiltersQuery(filters: LeadFilters, changes: Partial<LeadFilters> = {}): string {
  const view = { ...filters, ...changes }
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(view)) {
    if (value === undefined || value === '') continue
    if ((name === 'ordem' && value === 'recebido') || (name === 'direcao' && value === 'desc') || (name === 'pagina' && value === 1)) continue
    params.set(name, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}
