/**
 * LGPD requests (ADR 032): everything the site holds for an e-mail
 * (its leads with their tracking, tool results, briefings and outbox rows
 * with payloads and attempts), exported as JSON, and deleted after a
 * confirmation. Each export and deletion is written to the audit log: who,
 * when, what (how many rows), never the data nor the e-mail.
 */
import { asc, inArray, sql, type SQL } from 'drizzle-orm'
import { isNewsletterEmail, LEAD_FIELD_LIMITS } from '~/leads/form-fields'
import type { Database } from '../../db/client'
import { agentBriefings, leads, presenceTestRuns, webhookDeliveries } from '../../db/schema'
import { recordAudit } from './audit.server'
import type { SignedInAdmin } from './auth.server'
import { leadRecords } from './lead-records.server'

export const normalizeRequestEmail = (email: string) => email.trim().toLowerCase()

/** Any address a form may have stored: the newsletter's rule ('@' and '.') is the loosest of them. */
export const isRequestEmail = (email: string) => email.length <= LEAD_FIELD_LIMITS.email && isNewsletterEmail(email)

/**
 * The leads sent with this e-mail (any case), the briefing's contact e-mail
 * included: one condition for the page, the export and the deletion.
 */
function heldFor(email: string): SQL {
  const address = normalizeRequestEmail(email)
  return sql`(lower(${leads.email}) = ${address} or ${leads.id} in (select ${agentBriefings.leadId} from ${agentBriefings} where lower(${agentBriefings.email}) = ${address}))`
}

async function leadIdsOf(db: Database, email: string): Promise<string[]> {
  const rows = await db.select({ id: leads.id }).from(leads).where(heldFor(email))
  return rows.map((row) => row.id)
}

/** Everything held for the e-mail, as the person would receive it. */
export async function personData(db: Database, email: string) {
  const ids = await leadIdsOf(db, email)
  return { email: normalizeRequestEmail(email), leads: await leadRecords(db, ids) }
}

export type PersonData = Awaited<ReturnType<typeof personData>>

/** Records an export of a person's data (how many leads; not the e-mail). */
export async function recordExport(db: Database, admin: SignedInAdmin, data: PersonData): Promise<void> {
  await recordAudit(db, admin.email, 'lgpd_export', { leads: data.leads.length })
}

/**
 * Deletes the person's leads and, with them (foreign keys, on delete
 * cascade), their tracking, results, briefings, outbox rows and attempts;
 * their stored test runs lose the link and their answers. One transaction,
 * one audit entry with the counts.
 */
export async function deletePersonData(db: Database, admin: SignedInAdmin, email: string): Promise<{ leads: number; deliveries: number }> {
  return db.transaction(async (tx) => {
    // The transaction reads like the database it belongs to.
    const ids = await leadIdsOf(tx as unknown as Database, email)
    if (ids.length === 0) return { leads: 0, deliveries: 0 }
    const [deliveries] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.leadId, ids))
    await tx.delete(presenceTestRuns).where(inArray(presenceTestRuns.leadId, ids))
    await tx.delete(leads).where(inArray(leads.id, ids))
    const counts = { leads: ids.length, deliveries: deliveries?.count ?? 0 }
    await recordAudit(tx, admin.email, 'lgpd_delete', counts)
    return counts
  })
}

/**
 * For the page: the person's leads in short (date, source, name), oldest
 * first like the export, read on their own (not from the whole export).
 */
export async function leadSummaries(db: Database, email: string) {
  const rows = await db
    .select({ id: leads.id, createdAt: leads.createdAt, source: leads.source, name: leads.name })
    .from(leads)
    .where(heldFor(email))
    .orderBy(asc(leads.createdAt))
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}
