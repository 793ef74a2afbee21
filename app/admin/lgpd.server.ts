/**
 * LGPD requests (ADR 032): everything the site holds for an e-mail
 * (its leads with their tracking, tool results, briefings and outbox rows
 * with payloads and attempts, and what waits in the spam folder under that
 * e-mail for up to 30 days), exported as JSON, and deleted after a
 * confirmation. Each export and deletion is written to the audit log: who,
 * when, what (how many rows), never the data nor the e-mail.
 */
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { emailKey } from '~/leads/email-key.server'
import { isNewsletterEmail, LEAD_FIELD_LIMITS } from '~/leads/form-fields'
import { hasHiddenControls } from '~/utils/storable-text'
import type { Database } from '../../db/client'
import { agentBriefings, leads, pipedrivePersonLocks, presenceTestRuns, rateLimitHits, suspectedSpam, outbox } from '../../db/schema'
import { recordAudit } from './audit.server'
import type { SignedInAdmin } from './auth.server'
import { leadRecords } from './lead-records.server'

export const normalizeRequestEmail = (email: string) => email.trim().toLowerCase()

/** Any address a form may have stored: the newsletter's rule ('@' and '.') is the loosest of them. */
export const isRequestEmail = (email: string) => email.length <= LEAD_FIELD_LIMITS.email && isNewsletterEmail(email) && !hasHiddenControls(email)

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

/** The spam folder's rows sent with this e-mail (any case). */
const spamHeldFor = (email: string): SQL => sql`lower(${suspectedSpam.email}) = ${normalizeRequestEmail(email)}`

/**
 * The rate limits' rows keyed by this e-mail (any case): the admin sign-in's
 * counts on it, keyed by its SHA-256 (app/leads/email-key.server.ts), never by
 * the e-mail. A limiter's key is its parts joined by '|', so the digest is one whole part.
 */
const limitsHeldFor = (email: string): SQL => sql`${emailKey(email)} = any(string_to_array(${rateLimitHits.key}, '|'))`

/** Everything held for the e-mail, as the person would receive it. */
export async function personData(db: Database, email: string) {
  const ids = await leadIdsOf(db, email)
  const spam = await db
    .select({
      id: suspectedSpam.id,
      form: suspectedSpam.form,
      reason: suspectedSpam.reason,
      receivedAt: suspectedSpam.receivedAt,
      submission: suspectedSpam.submission,
    })
    .from(suspectedSpam)
    .where(spamHeldFor(email))
    .orderBy(asc(suspectedSpam.receivedAt))
  return { email: normalizeRequestEmail(email), leads: await leadRecords(db, ids), suspectedSpam: spam }
}

export type PersonData = Awaited<ReturnType<typeof personData>>

/** Records an export of a person's data (how many leads; not the e-mail). */
export async function recordExport(db: Database, admin: SignedInAdmin, data: PersonData): Promise<void> {
  await recordAudit(db, admin.email, 'lgpd_export', { leads: data.leads.length, spam: data.suspectedSpam.length })
}

/**
 * Deletes the person's leads and, with them (foreign keys, on delete
 * cascade), their tracking, results, briefings, outbox rows and attempts;
 * their stored test runs lose the link and their answers; and the spam
 * folder's rows with the e-mail; and the rate limits' rows and Pipedrive's
 * lock keyed by it. One transaction, one audit entry with the counts.
 */
export async function deletePersonData(db: Database, admin: SignedInAdmin, email: string): Promise<DeletedCounts> {
  return db.transaction(async (tx) => {
    // The transaction reads like the database it belongs to.
    const ids = await leadIdsOf(tx as unknown as Database, email)
    const spam = await tx.delete(suspectedSpam).where(spamHeldFor(email)).returning({ id: suspectedSpam.id })
    // Not counted: a limit's rows are no one's data to report, only the e-mail must go.
    await tx.delete(rateLimitHits).where(limitsHeldFor(email))
    await tx.delete(pipedrivePersonLocks).where(eq(pipedrivePersonLocks.emailSha256, emailKey(email)))
    if (ids.length === 0 && spam.length === 0) return { leads: 0, deliveries: 0, spam: 0 }
    const [deliveries] = ids.length ? await tx.select({ count: count() }).from(outbox).where(inArray(outbox.leadId, ids)) : [{ count: 0 }]
    if (ids.length) {
      await tx.delete(presenceTestRuns).where(inArray(presenceTestRuns.leadId, ids))
      await tx.delete(leads).where(inArray(leads.id, ids))
    }
    const counts = { leads: ids.length, deliveries: deliveries?.count ?? 0, spam: spam.length }
    await recordAudit(tx, admin.email, 'lgpd_delete', counts)
    return counts
  })
}

export type DeletedCounts = { leads: number; deliveries: number; spam: number }

/** For the page: how many of the spam folder's rows carry the e-mail. */
export async function spamCount(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(suspectedSpam).where(spamHeldFor(email))
  return row?.count ?? 0
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
