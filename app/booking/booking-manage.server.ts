/**
 * The person's own session, from the link in its e-mails (issue 44, item 5):
 * /agendar/sessao?t=<token>. The token is the booking's id signed for this
 * purpose (invitation.server.ts); it is trusted until the meeting ends, and
 * is worth nothing after it. Without HTTP:
 *
 * - what the page shows: the session (when, with whom, how) and whether it is
 *   still on; or, for a tampered, unknown or past link, why not (4xx);
 * - a post: 'cancelar' cancels the session (cancelBooking: the slot is free
 *   at once, the reminders skipped, the cancellation sent); 'remarcar'
 *   changes nothing yet and takes the person to /agendar?trocar=1, where the
 *   new time replaces the session in one transaction (bookSlot's
 *   `replacing`): until then, and if the new time is refused, the session
 *   stays. Either way the answer sets the person's booking cookie, so
 *   /agendar knows them without typing. A second cancel is told it was
 *   already cancelled; 'remarcar' on a cancelled session books anew.
 */
import { eq } from 'drizzle-orm'
import type { SchedulingSettings } from '~/content/schemas'
import { bookingVisitorCookie, firstNameOf } from '~/leads/booking-visitor.server'
import { readFormBody } from '~/utils/form-body.server'
import { readSignedValue } from '~/utils/signed-value.server'
import { isUuid } from '~/utils/uuid'
import type { Database } from '../../db/client'
import { bookings, leads } from '../../db/schema'
import { bookingEffects, type BookingPost } from './booking-effects.server'
import { bookedSession, RESCHEDULE_PARAM, type BookedSession } from './booking-page.server'
import { cancelBooking, type Booking } from './bookings.server'
import { BOOKING_TOKEN_PURPOSE } from './invitation.server'
import { MANAGE_FIELDS, MANAGE_INTENTS } from './manage-fields'

export const manageMessages = {
  noLink: 'Para ver, remarcar ou cancelar a sua sessão, abra o link do e-mail de confirmação.',
  invalid: 'Este link não é válido. Use o link do e-mail da sua sessão, inteiro.',
  notFound: 'Não encontramos essa sessão. Se precisar, agende outra.',
  passed: 'Este link venceu: a sessão já passou.',
  alreadyCancelled: 'Esta sessão já estava cancelada.',
  unknownIntent: 'Escolha cancelar a sessão ou escolher outro horário.',
} as const

/** An upper bound on a token's age, whatever its booking says: the horizon and a margin. */
const TOKEN_MAX_AGE_MS = 120 * 86_400_000

export type ManagedSession = { token: string; firstName: string; session: BookedSession; status: Booking['status'] }

export type ManageRefusal = { ok: false; status: 400 | 404 | 405 | 410 | 413 | 415; message: string; headers?: Record<string, string> }

/** The booking a token names, with its lead's name, or why it names none usable now. */
async function bookingOfToken(db: Database, token: string | null, now: Date): Promise<{ ok: true; booking: Booking; name: string } | ManageRefusal> {
  const read = readSignedValue(BOOKING_TOKEN_PURPOSE, token, { maxAgeMs: TOKEN_MAX_AGE_MS, now: now.getTime() })
  if (!read.ok)
    return read.reason === 'expired' ? { ok: false, status: 410, message: manageMessages.passed } : { ok: false, status: 400, message: manageMessages.invalid }
  if (!isUuid(read.value)) return { ok: false, status: 400, message: manageMessages.invalid }
  const [row] = await db
    .select({ booking: bookings, name: leads.name })
    .from(bookings)
    .innerJoin(leads, eq(leads.id, bookings.leadId))
    .where(eq(bookings.id, read.value))
  if (!row) return { ok: false, status: 404, message: manageMessages.notFound }
  if (row.booking.endsAt.getTime() <= now.getTime()) return { ok: false, status: 410, message: manageMessages.passed }
  return { ok: true, booking: row.booking, name: row.name }
}

/** /agendar/sessao opened without a link's token: a page that says where the link is, not a refusal. */
export type NoLink = { ok: false; noLink: true; message: string }

/** What /agendar/sessao shows for this token now. */
export async function loadManagedSession({
  db,
  token,
  settings,
  now,
}: {
  db: Database
  token: string | null
  settings: SchedulingSettings
  now: Date
}): Promise<({ ok: true } & ManagedSession) | ManageRefusal | NoLink> {
  // The address without a link's token: where the e-mails' links lead, said plainly (not an error).
  if (!token) return { ok: false, noLink: true, message: manageMessages.noLink }
  const found = await bookingOfToken(db, token, now)
  if (!found.ok) return found
  return { ok: true, token: token!, firstName: firstNameOf(found.name), session: bookedSession(settings, found.booking), status: found.booking.status }
}

export type ManagePostResult =
  | { ok: true; intent: 'cancelar' | 'remarcar'; token: string; headers: Record<string, string>; location: string }
  | (ManageRefusal & { session?: undefined })
  | { ok: false; status: 409; message: string; token: string }

/** A post from /agendar/sessao: cancel, or cancel and pick another time. */
export async function changeFromPost({ db, request, settings, now, outside }: BookingPost): Promise<ManagePostResult> {
  const body = await readFormBody(request, { fields: new Set(Object.values(MANAGE_FIELDS)) })
  if (!body.ok) return { ok: false, ...body.refusal }
  const token = body.formData.get(MANAGE_FIELDS.token)
  const found = await bookingOfToken(db, typeof token === 'string' ? token : null, now)
  if (!found.ok) return found
  const intent = body.formData.get(MANAGE_FIELDS.intent)
  if (intent !== MANAGE_INTENTS.cancel && intent !== MANAGE_INTENTS.reschedule) return { ok: false, status: 400, message: manageMessages.unknownIntent }
  const headers = { 'Set-Cookie': await bookingVisitorCookie(request, { leadId: found.booking.leadId, name: found.name }, now.getTime()) }
  if (intent === MANAGE_INTENTS.reschedule) {
    const location = found.booking.status === 'booked' ? `/agendar?${RESCHEDULE_PARAM}=1` : '/agendar'
    return { ok: true, intent, token: token as string, headers, location }
  }
  const result = await cancelBooking(db, found.booking.id, bookingEffects(outside, settings, now).cancelled)
  if ('notFound' in result) return { ok: false, status: 404, message: manageMessages.notFound }
  if ('already' in result && result.already.status !== 'cancelled') return { ok: false, status: 410, message: manageMessages.passed }
  if ('already' in result) return { ok: false, status: 409, message: manageMessages.alreadyCancelled, token: token as string }
  return { ok: true, intent, token: token as string, headers, location: `/agendar/sessao?${new URLSearchParams({ [MANAGE_FIELDS.token]: token as string })}` }
}
