/**
 * Who may book the free strategy session without typing again (issue 44):
 * a stored lead's answer sets a signed, httpOnly cookie with the lead's id
 * and the person's first name, never the e-mail or phone. /agendar reads it
 * (a private page: never from a shared cache) to greet the person and attach
 * the booking to their lead. The value carries its own end (a day after the
 * lead, checked here, whatever the browser keeps). A trapped bot gets one
 * too, like every part of a person's answer, with a lead id that names no
 * lead: /agendar then asks for the contact as it does for a new visitor.
 */
import { z } from 'zod'
import { BOOKING_VISITOR_MAX_AGE_SECONDS, readSiteCookie, serializeSiteCookie } from '~/utils/cookies.server'

/** The first name the greeting uses, at most this long. */
const MAX_FIRST_NAME_LENGTH = 40

const visitorSchema = z.object({ leadId: z.uuid(), firstName: z.string().max(MAX_FIRST_NAME_LENGTH) })
const cookieValue = visitorSchema.extend({ until: z.number().int() })

export type BookingVisitor = z.infer<typeof visitorSchema>

/** The person's first name as the greeting uses it: the name's first word, cut short. */
export const firstNameOf = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0]!.slice(0, MAX_FIRST_NAME_LENGTH)

/** The Set-Cookie that lets a lead's sender book for a day from `now`. */
export const bookingVisitorCookie = (request: Request, lead: { leadId: string; name: string | null | undefined }, now: number = Date.now()) =>
  serializeSiteCookie(request, 'bookingVisitor', {
    leadId: lead.leadId,
    firstName: firstNameOf(lead.name),
    until: now + BOOKING_VISITOR_MAX_AGE_SECONDS * 1000,
  })

/** The visitor who may book without typing again, or null (none, past its end, tampered, not ours). */
export async function readBookingVisitor(request: Request, now: number = Date.now()): Promise<BookingVisitor | null> {
  const parsed = cookieValue.safeParse(await readSiteCookie(request, 'bookingVisitor'))
  if (!parsed.success || parsed.data.until <= now) return null
  const { until: _until, ...visitor } = parsed.data
  return visitor
}
