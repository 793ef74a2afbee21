/**
 * The leads table of the admin area (ADR 032): the view in the URL
 * (lead-filters.ts) as one SQL condition, shared by the page, its counts per
 * source and the CSV export, so all three show exactly the same leads. Read
 * on the server only; what a visitor typed reaches React as text (escaped
 * when rendered) and the CSV with formulas neutralised.
 */
import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { brasiliaDayEnd, brasiliaDayStart } from '~/utils/dates'
import { pageWindow } from '~/utils/pager'
import type { Database } from '../../db/client'
import { leads, leadTracking, outbox, type DeliveryStatus } from '../../db/schema'
import { recordAudit } from './audit.server'
import type { SignedInAdmin } from './auth.server'
import type { LeadFilters } from './lead-filters'
import { funnelStageOf, leadStatusOf, STAGE_FIELDS, type LeadStatus, type LostReason } from './lead-status'

export const LEADS_PER_PAGE = 50
/** Most rows one CSV export holds (a filter narrows a larger view). */
export const MAX_EXPORT_ROWS = 50_000

export type LeadRow = {
  id: string
  createdAt: string
  name: string
  email: string
  phone: string
  company: string | null
  source: string
  message: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  pageUrl: string | null
  delivery: DeliveryStatus | null
  status: LeadStatus
  lostReason: LostReason | null
}

export type LeadPage = { rows: LeadRow[]; page: number; pages: number; total: number; bySource: Array<{ source: string; leads: number }> }

/** `%` and `_` typed in the search are letters, not wildcards. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

const leadWebhook = and(eq(outbox.leadId, leads.id), eq(outbox.target, 'lead_webhook'))

/**
 * The landing page of a lead's visit (lead_tracking.page_location) as a
 * path, without the host, query or fragment, so one page is one entry
 * whatever campaign brought the visit; null when none was kept. The
 * dashboard groups by it and the `entrada` filter matches it. One fold, in
 * one place: the database's `lead_landing_page()` (migration 0010), which
 * the roll-up's triggers call too (an SQL function PostgreSQL inlines).
 */
export function landingPagePathOf(pageLocation: SQL | typeof leadTracking.pageLocation): SQL<string | null> {
  return sql`lead_landing_page(${pageLocation})`
}

export function leadConditions(filters: LeadFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    filters.fonte ? eq(leads.source, filters.fonte) : undefined,
    filters.de ? gte(leads.createdAt, brasiliaDayStart(filters.de)) : undefined,
    filters.ate ? lt(leads.createdAt, brasiliaDayEnd(filters.ate)) : undefined,
    filters.entrega ? eq(outbox.status, filters.entrega) : undefined,
    // The filters' values are the statuses' pt-BR words (lead-filters.ts).
    filters.status ? eq(leads.status, leadStatusOf(filters.status)!) : undefined,
    filters.etapa ? isNotNull(leads[STAGE_FIELDS[funnelStageOf(filters.etapa)!]]) : undefined,
    filters.utm_source ? sql`lower(${leadTracking.utmSource}) = lower(${filters.utm_source})` : undefined,
    filters.utm_campaign ? sql`lower(${leadTracking.utmCampaign}) = lower(${filters.utm_campaign})` : undefined,
    filters.entrada ? sql`${landingPagePathOf(leadTracking.pageLocation)} = ${filters.entrada}` : undefined,
    filters.busca
      ? or(...[leads.name, leads.email, leads.phone, leads.company, leads.message].map((column) => ilike(column, contains(filters.busca!))))
      : undefined,
  ]
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined))
}

const SORT_COLUMNS = { recebido: leads.createdAt, nome: leads.name, email: leads.email, fonte: leads.source } as const

function matchingLeads(db: Database, filters: LeadFilters) {
  const direction = filters.direcao === 'asc' ? asc : desc
  return db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      company: leads.company,
      source: leads.source,
      message: leads.message,
      utmSource: leadTracking.utmSource,
      utmMedium: leadTracking.utmMedium,
      utmCampaign: leadTracking.utmCampaign,
      pageUrl: leadTracking.pageUrl,
      delivery: outbox.status,
      status: leads.status,
      lostReason: leads.lostReason,
    })
    .from(leads)
    .leftJoin(leadTracking, eq(leadTracking.leadId, leads.id))
    .leftJoin(outbox, leadWebhook)
    .where(leadConditions(filters))
    .orderBy(direction(SORT_COLUMNS[filters.ordem]), direction(leads.id))
}

const asRow = (row: Omit<LeadRow, 'createdAt'> & { createdAt: Date }): LeadRow => ({ ...row, createdAt: row.createdAt.toISOString() })

/** One page of the view, its total, and how many of its leads came from each source. */
export async function listLeads(db: Database, filters: LeadFilters): Promise<LeadPage> {
  const bySource = await db
    .select({ source: leads.source, leads: count() })
    .from(leads)
    .leftJoin(leadTracking, eq(leadTracking.leadId, leads.id))
    .leftJoin(outbox, leadWebhook)
    .where(leadConditions(filters))
    .groupBy(leads.source)
    .orderBy(desc(count()), asc(leads.source))
  const total = bySource.reduce((sum, row) => sum + row.leads, 0)
  const { page, pages, offset } = pageWindow(total, filters.pagina, LEADS_PER_PAGE)
  const rows = await matchingLeads(db, filters).limit(LEADS_PER_PAGE).offset(offset)
  return { rows: rows.map(asRow), page, pages, total, bySource }
}

/** Every lead of the view (up to MAX_EXPORT_ROWS), for the CSV. */
export async function exportLeads(db: Database, filters: LeadFilters): Promise<LeadRow[]> {
  return (await matchingLeads(db, filters).limit(MAX_EXPORT_ROWS)).map(asRow)
}

/**
 * What an export's audit entry keeps of its view: how many rows, and the
 * filters, the search only as `busca: true` (its text may be a person's name
 * or e-mail). The sort and the page change nothing of what left.
 */
export function leadsExportDetails(filters: LeadFilters, rows: number): { rows: number; filters: Record<string, string | true> } {
  const { fonte, de, ate, entrega, status, etapa, utm_source, utm_campaign, busca } = filters
  const kept = Object.entries({ fonte, de, ate, entrega, status, etapa, utm_source, utm_campaign, busca: busca ? true : undefined }).filter(
    (entry): entry is [string, string | true] => entry[1] !== undefined,
  )
  return { rows, filters: Object.fromEntries(kept) }
}

/** The CSV's rows for an admin, the export written to the audit log. */
export async function exportLeadsFor(db: Database, admin: SignedInAdmin, filters: LeadFilters): Promise<LeadRow[]> {
  const rows = await exportLeads(db, filters)
  await recordAudit(db, admin.email, 'leads_export', leadsExportDetails(filters, rows.length))
  return rows
}

/** The sources leads have come from, for the filter's choices. */
export async function leadSources(db: Database): Promise<string[]> {
  return (await db.selectDistinct({ source: leads.source }).from(leads).orderBy(asc(leads.source))).map((row) => row.source)
}
