/**
 * The LGPD page's loader and action below HTTP (/admin/lgpd): the person's
 * leads in short for an e-mail in the query, the confirmation step
 * (`?confirmar=1`), and the deletion, which needs the e-mail typed again.
 */
import { z } from 'zod'
import { serializeSiteCookie, takeFlash } from '~/utils/cookies.server'
import { readFormBody } from '~/utils/form-body.server'
import type { Database } from '../../db/client'
import type { SignedInAdmin } from './auth.server'
import { deletePersonData, isRequestEmail, leadSummaries, normalizeRequestEmail, spamCount, type DeletedCounts } from './lgpd.server'

export const LGPD_FIELDS = { email: 'email', confirmation: 'confirmacao' } as const

export const lgpdMessages = {
  invalidEmail: 'Informe um e-mail válido.',
  mismatch: 'Para excluir, digite o mesmo e-mail no campo de confirmação.',
} as const

/** What a deletion removed, as the page says it after the redirect. */
export type DeletionNotice = { leads: number; spam: number }

/**
 * The deletion's counts travel to the next page as the server's own
 * one-time message, set with the redirect, never in the URL: a link cannot
 * make the page claim a deletion that did not happen.
 */
export const deletionFlash = (request: Request, deleted: DeletedCounts) =>
  serializeSiteCookie(request, 'adminFlash', { lgpdDeleted: { leads: deleted.leads, spam: deleted.spam } })

const deletionValue = z.object({ lgpdDeleted: z.object({ leads: z.number().int().min(0), spam: z.number().int().min(0) }) })

/** What the last deletion removed, once (null when none just happened), and the Set-Cookie that spends the message. */
export async function takeDeletionNotice(request: Request): Promise<{ deleted: DeletionNotice | null; setCookie: string | null }> {
  const flash = await takeFlash(request, deletionValue)
  return { deleted: flash.value?.lgpdDeleted ?? null, setCookie: flash.setCookie }
}

export async function lgpdView(db: Database, params: URLSearchParams, deleted: DeletionNotice | null = null) {
  const email = normalizeRequestEmail(params.get('email') ?? '')
  if (!email) return { email: '', invalid: false, leads: null, spam: 0, confirming: false, deleted }
  if (!isRequestEmail(email)) return { email, invalid: true, leads: null, spam: 0, confirming: false, deleted: null }
  const [leads, spam] = await Promise.all([leadSummaries(db, email), spamCount(db, email)])
  return { email, invalid: false, leads, spam, confirming: params.get('confirmar') === '1' && leads.length + spam > 0, deleted: null }
}

export type LgpdView = Awaited<ReturnType<typeof lgpdView>>

export async function handleLgpdDeletion(
  db: Database,
  admin: SignedInAdmin,
  request: Request,
): Promise<{ ok: true; deleted: DeletedCounts } | { ok: false; status: number; message: string }> {
  const body = await readFormBody(request, { fields: new Set(Object.values(LGPD_FIELDS)) })
  if (!body.ok) return { ok: false, status: body.refusal.status, message: body.refusal.message }
  const email = normalizeRequestEmail(String(body.formData.get(LGPD_FIELDS.email) ?? ''))
  const confirmation = normalizeRequestEmail(String(body.formData.get(LGPD_FIELDS.confirmation) ?? ''))
  if (!isRequestEmail(email)) return { ok: false, status: 400, message: lgpdMessages.invalidEmail }
  if (confirmation !== email) return { ok: false, status: 400, message: lgpdMessages.mismatch }
  return { ok: true, deleted: await deletePersonData(db, admin, email) }
}
