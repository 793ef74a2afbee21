/**
 * The leads table's view, kept in the URL (url-view.ts): the filters, the
 * sort and the page.
 */
import { z } from 'zod'
import type { DeliveryStatus } from '../../db/schema'
import { FUNNEL_STAGE_WORDS, LEAD_STATUS_FILTER_WORDS } from './lead-status'
import { calendarDay, filterText, lenient, pageNumber, textWithin, viewFrom, viewQuery } from './url-view'

/** The webhook states a view can pick (the browser bundle cannot import the schema's list). */
export const DELIVERY_FILTERS = ['pending', 'delivered', 'failed', 'skipped'] as const satisfies readonly DeliveryStatus[]

export const LEAD_SORTS = ['recebido', 'nome', 'email', 'fonte'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]

export const leadFiltersSchema = z.object({
  fonte: lenient(filterText.regex(/^[a-z0-9_]+$/)),
  de: lenient(calendarDay),
  ate: lenient(calendarDay),
  entrega: lenient(z.enum(DELIVERY_FILTERS)),
  // The lead's status now; `etapa`: the stage of the funnel it reached, whatever its status now (the dashboard's funnel links here).
  // Both by their pt-BR words (`status=em_contato`, `etapa=qualificado`), not the stored values: admins keep and share these links (ADR 036).
  status: lenient(z.enum(LEAD_STATUS_FILTER_WORDS)),
  etapa: lenient(z.enum(FUNNEL_STAGE_WORDS)),
  utm_source: lenient(filterText),
  utm_campaign: lenient(filterText),
  // The visit's landing page as the dashboard shows it: its path, without the address's host or query.
  // Typed text like any filter (no control character: PostgreSQL refuses a NUL), and a path.
  entrada: lenient(textWithin(500).regex(/^\//)),
  busca: lenient(filterText),
  ordem: z.enum(LEAD_SORTS).catch('recebido'),
  direcao: z.enum(['asc', 'desc']).catch('desc'),
  pagina: pageNumber,
})

export type LeadFilters = z.output<typeof leadFiltersSchema>

/** The view in a URL's query (blank fields are no filter). */
export const leadFiltersFrom = (params: URLSearchParams): LeadFilters => viewFrom(leadFiltersSchema, params)

const DEFAULTS = { ordem: 'recebido', direcao: 'desc', pagina: 1 } as const

/** The query string of a view (defaults left out), for links: another page, another sort, the CSV. */
export const leadFiltersQuery = (filters: LeadFilters, changes: Partial<LeadFilters> = {}): string => viewQuery({ ...filters, ...changes }, DEFAULTS)
