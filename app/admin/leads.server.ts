/**
 * The leads table of the admin area (issue 13): newest first, a page at a
 * time, each lead with its lead webhook's state. Read on the server only;
 * what a visitor typed is handed to React as text (escaped when rendered).
 */
import { and, count, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { leads, webhookDeliveries, type DeliveryStatus } from '../../db/schema'

export const LEADS_PER_PAGE = 50

export type LeadRow = {
  id: string
  createdAt: string
  name: string
  email: string
  phone: string
  source: string
  delivery: DeliveryStatus | null
}

export type LeadPage = { rows: LeadRow[]; page: number; pages: number; total: number }

/** The page number in `?pagina=` (1 when absent or not a page). */
export function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('pagina'))
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}

export async function listLeads(db: Database, page: number): Promise<LeadPage> {
  const [totals] = await db.select({ total: count() }).from(leads)
  const total = totals?.total ?? 0
  const rows = await db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      source: leads.source,
      delivery: webhookDeliveries.status,
    })
    .from(leads)
    .leftJoin(webhookDeliveries, and(eq(webhookDeliveries.leadId, leads.id), eq(webhookDeliveries.target, 'lead_webhook')))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(LEADS_PER_PAGE)
    .offset((page - 1) * LEADS_PER_PAGE)
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page,
    pages: Math.max(1, Math.ceil(total / LEADS_PER_PAGE)),
    total,
  }
}
