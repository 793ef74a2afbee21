/**
 * The LGPD page's loader and action below HTTP (/admin/lgpd): the person's
 * leads in short for an e-mail in the query, the confirmation step
 * (`?confirmar=1`), and the deletion, which needs the e-mail typed again.
 */
import { readFormBody } from '~/utils/form-body.server'
import type { Database } from '../../db/client'
import type { SignedInAdmin } from './auth.server'
import { deletePersonData, isRequestEmail, leadSummaries, normalizeRequestEmail, spamCount, type DeletedCounts } from './lgpd.server'

export const LGPD_FIELDS = { email: 'email', confirmation: 'confirmacao' } as const

export const lgpdMessages = {
  invalidEmail: 'Informe um e-mail válido.',
  mismatch: 'Para excluir, digite o mesmo e-mail no campo de confirmação.',
} as const

export async function lgpdView(db: Database, params: URLSearchParams) {
  const deletedLeads = params.get('excluidos')
  const deleted = deletedLeads === null ? null : { leads: Number(deletedLeads) || 0, spam: Number(params.get('spam')) || 0 }
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
