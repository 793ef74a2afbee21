/**
 * The spam folder's side of the lead path (ADR 039): a post a bot trap
 * caught, or one sent with an expired or missing timer, whose fields are a
 * valid lead is kept in `suspected_spam` (never delivered, no outbox row, no
 * conversion) so an admin can release it (admin/spam.server.ts); rows are
 * kept 30 days. Every write here is best effort: the visitor's answer never
 * depends on it.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { logJson } from '~/utils/log.server'
import { storableValue } from '~/utils/storable-text'
import type { Database } from '../../db/client'
import { suspectedSpam, type SpamReason } from '../../db/schema'
import type { LeadFormKey } from './lead-forms'
import type { SubmitLeadInput } from './lead-service.server'
import type { WorkerChore } from './outbox.server'

/** How long a suspected post is kept: long enough for a weekly look at the folder, then it goes. */
export const SPAM_RETENTION_DAYS = 30
export const SPAM_RETENTION_MS = SPAM_RETENTION_DAYS * 24 * 60 * 60 * 1000

/** A lead from the same form and e-mail this soon after an expired or missing timer's row is that person sending the re-shown form again. */
export const RESENT_FORM_WINDOW_MS = 60 * 60 * 1000

/** The reasons whose form came back to the visitor (who may send it again), as opposed to a bot's quiet success. */
const RESHOWN_REASONS: SpamReason[] = ['expired', 'missing']

/**
 * Keeps a suspected post: the lead service's whole input (made storable, as
 * the service does before writing), with the name and e-mail apart for the
 * folder's table. Returns the row's id, or null when it could not be stored
 * (logged).
 */
export async function storeSuspectedSpam(db: Database, rawInput: SubmitLeadInput, reason: SpamReason, now = new Date()): Promise<string | null> {
  const input = storableValue(rawInput)
  try {
    const [row] = await db
      .insert(suspectedSpam)
      .values({ form: input.form, reason, name: input.data.name ?? '', email: input.data.email, submission: input, receivedAt: now })
      .returning({ id: suspectedSpam.id })
    return row?.id ?? null
  } catch (error) {
    logJson({ level: 'warn', msg: 'suspected spam not stored', form: input.form, reason, error })
    return null
  }
}

/**
 * A lead was just stored: a row this form and e-mail left within the last
 * hour because its timer was expired or missing was the same person, whose
 * form came back and who sent it again. That row goes (one indexed delete).
 */
export async function forgetResentSpam(db: Database, { form, email }: { form: LeadFormKey; email: string }, now = new Date()): Promise<void> {
  try {
    await db
      .delete(suspectedSpam)
      .where(
        and(
          gte(suspectedSpam.receivedAt, new Date(now.getTime() - RESENT_FORM_WINDOW_MS)),
          eq(suspectedSpam.form, form),
          eq(suspectedSpam.email, email),
          inArray(suspectedSpam.reason, RESHOWN_REASONS),
        ),
      )
  } catch (error) {
    logJson({ level: 'warn', msg: 'resent form left its suspected spam row', form, error })
  }
}

/** Deletes the rows older than the retention; how many. */
export async function purgeExpiredSpam(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(suspectedSpam)
    .where(lt(suspectedSpam.receivedAt, new Date(now.getTime() - SPAM_RETENTION_MS)))
    .returning({ id: suspectedSpam.id })
  if (deleted.length > 0) logJson({ level: 'info', msg: 'suspected spam past its retention deleted', rows: deleted.length })
  return deleted.length
}

/** The retention as the background worker's chore (app/server/start.server.ts): once an hour is plenty for a 30-day limit. */
export const spamRetentionChore: WorkerChore = {
  name: 'suspected spam retention',
  everyMs: 60 * 60 * 1000,
  run: (deps) => purgeExpiredSpam(deps.db, deps.now?.()),
}
