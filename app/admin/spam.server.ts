/**
 * The spam folder (ADR 039): the posts the bot traps caught, or that came
 * with an expired or missing timer, whose fields were a valid lead
 * (leads/suspected-spam.server.ts keeps them), newest first; and 'Não é
 * spam', which stores the post as the lead it would have been (the lead
 * service: lead, tracking, results, outbox row), deletes it from the folder
 * and writes the audit log. A release claims its row first, so two admins
 * pressing the button at once store one lead.
 */
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm'
import { submitLead, type LeadPipeline, type SubmitLeadInput } from '~/leads/lead-service.server'
import { logJson } from '~/utils/log.server'
import { pageWindow } from '~/utils/pager'
import { isUuid } from '~/utils/uuid'
import type { Database } from '../../db/client'
import { suspectedSpam, type SpamReason } from '../../db/schema'
import { recordAudit } from './audit.server'
import type { SignedInAdmin } from './auth.server'
import { releaseMessages } from './spam-copy'

export const SPAM_PER_PAGE = 50

/** A release that has not finished in this time died with its process: another may claim the row. */
export const RELEASE_CLAIM_MS = 5 * 60_000

export type SpamRow = { id: string; form: string; reason: SpamReason; name: string; email: string; receivedAt: string }
export type SpamPage = { rows: SpamRow[]; page: number; pages: number; total: number }

/** One page of the folder, newest first (the page number is clamped to the pages there are). */
export async function listSuspectedSpam(db: Database, { page: wanted }: { page: number }): Promise<SpamPage> {
  const [counted] = await db.select({ total: count() }).from(suspectedSpam)
  const total = counted?.total ?? 0
  const { page, pages, offset } = pageWindow(total, wanted, SPAM_PER_PAGE)
  const rows = await db
    .select({
      id: suspectedSpam.id,
      form: suspectedSpam.form,
      reason: suspectedSpam.reason,
      name: suspectedSpam.name,
      email: suspectedSpam.email,
      receivedAt: suspectedSpam.receivedAt,
    })
    .from(suspectedSpam)
    .orderBy(desc(suspectedSpam.receivedAt), desc(suspectedSpam.id))
    .limit(SPAM_PER_PAGE)
    .offset(offset)
  return { rows: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })), page, pages, total }
}

export type ReleaseResult = { ok: true; leadId: string } | { ok: false; status: 404 | 409 | 503; message: string }

/**
 * 'Não é spam': claims the row (`releasing_at` set where it is empty, or
 * older than RELEASE_CLAIM_MS), hands what was posted to the lead service
 * with the time it arrived as the consent's, then deletes the row and writes
 * `spam_release` in the audit log (the lead, the form, the reason: no
 * personal data). If the lead service fails, the claim is cleared and the
 * row stays. A row without a submission key gets one of its own, so even a
 * release repeated after a crash finds the lead it already stored.
 */
export async function releaseSpam(db: Database, pipeline: LeadPipeline, id: string, admin: SignedInAdmin, now = new Date()): Promise<ReleaseResult> {
  if (!isUuid(id)) return { ok: false, status: 404, message: releaseMessages.unknown }
  const [row] = await db
    .update(suspectedSpam)
    .set({ releasingAt: now })
    .where(and(eq(suspectedSpam.id, id), or(isNull(suspectedSpam.releasingAt), lt(suspectedSpam.releasingAt, new Date(now.getTime() - RELEASE_CLAIM_MS)))))
    .returning()
  if (!row) {
    const [held] = await db.select({ id: suspectedSpam.id }).from(suspectedSpam).where(eq(suspectedSpam.id, id))
    return held ? { ok: false, status: 409, message: releaseMessages.underway } : { ok: false, status: 404, message: releaseMessages.unknown }
  }

  const submission = row.submission as SubmitLeadInput
  let leadId: string
  try {
    const stored = await submitLead(
      { ...submission, submissionKey: submission.submissionKey ?? `suspected-spam:${row.id}`, consentAt: row.receivedAt },
      pipeline,
    )
    leadId = stored.leadId
  } catch (error) {
    logJson({ level: 'error', msg: 'suspected spam not released', form: row.form, error })
    await db
      .update(suspectedSpam)
      .set({ releasingAt: null })
      .where(eq(suspectedSpam.id, row.id))
      .catch((clearError: unknown) => logJson({ level: 'warn', msg: 'release claim not cleared', error: clearError }))
    return { ok: false, status: 503, message: releaseMessages.failed }
  }

  try {
    await db.transaction(async (tx) => {
      await tx.delete(suspectedSpam).where(eq(suspectedSpam.id, row.id))
      await recordAudit(tx, admin.email, 'spam_release', { leadId, form: row.form, reason: row.reason }, now)
    })
  } catch (error) {
    // The lead is stored and queued: the admin is told so. The row stays claimed; a later release finds the same lead (its submission key).
    logJson({ level: 'error', msg: 'released spam row not deleted', leadId, error })
  }
  return { ok: true, leadId }
}
