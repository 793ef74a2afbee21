/**
 * The booking page, /agendar (issue 44, item 3), without HTTP: what the page
 * shows a visitor now, and what a post of a slot does.
 *
 * - The visitor is known from their own signed cookie (booking-visitor.server.ts)
 *   when it names a stored lead: the page greets them and books for that lead.
 *   A lead with a coming booking sees it instead of the slots.
 * - The days of the horizon are links (`?dia=`), each slot a radio button
 *   whose value names the specialist and the moment (`slotValue`): the same
 *   with JavaScript on and off.
 * - A post is checked against the bookings read now (`checkSlot`), then
 *   stored by `bookSlot`, where the database's exclusion constraint has the
 *   last word: a slot someone took first answers 409 with
 *   "Esse horário acabou de ser reservado" and the times still free.
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import { z } from 'zod'
import type { SchedulingSettings } from '~/content/schemas'
import { readBookingVisitor, type BookingVisitor } from '~/leads/booking-visitor.server'
import { LEAD_FIELD_LIMITS, leadMessages } from '~/leads/form-fields'
import { bookingLeadSchema } from '~/leads/form-schemas'
import { handleLeadAction, prepareLeadForm, type Confirmation } from '~/leads/lead-action.server'
import { leadFormKeyOf, leadForms, type LeadFormConfig, type LeadFormFields, type LeadFormKey } from '~/leads/lead-forms'
import type { LeadPipeline } from '~/leads/lead-service.server'
import { parseSlotValue, slotValue } from '~/leads/slot-value'
import { handoffCookie, handoffOf } from '~/leads/whatsapp-handoff.server'
import { addCalendarDays, brasiliaDay, brasiliaDayStart, brasiliaTime, formatWeekdayDate } from '~/utils/dates'
import { readFormBody } from '~/utils/form-body.server'
import type { Database } from '../../db/client'
import { bookings, leads } from '../../db/schema'
import { bookingCopy } from './booking-copy'
import { bookingEffects, outsideBusyTimes, type BookingOutside, type BookingPost } from './booking-effects.server'
import { bookedTimes, bookSlot, type Booking } from './bookings.server'
import { availableDays, checkSlot, SLOT_TAKEN_MESSAGE, slotRefusalMessage, slotRefusalOf, type AvailableDay, type SlotRefusal } from './slots'

/**
 * The form's fields: the slot picked, and `trocar=1` when it replaces the person's coming session (a
 * reschedule). The day shown stays in the address (`?dia=`), which the form posts to.
 */
export const BOOKING_FIELDS = { slot: 'horario', replace: 'trocar' } as const

/** `/agendar?trocar=1`: a person with a coming session picks its new time (the link of its e-mails leads here). */
export const RESCHEDULE_PARAM = BOOKING_FIELDS.replace

export const bookingMessages = {
  noSlot: leadMessages.slot,
  unknownSlot: leadMessages.unknownSlot,
  unknownVisitor: 'Para agendar, envie antes o formulário de contato: assim sabemos com quem vamos conversar.',
} as const

/** Where /agendar says why the time picked with a new visitor's contact was not booked (`?aviso=taken`): their lead is stored, the page knows them. */
export const BOOKING_NOTICE_FIELD = 'aviso'

export { slotValue }

const slotField = z
  .string({ error: bookingMessages.noSlot })
  .min(1, bookingMessages.noSlot)
  .max(LEAD_FIELD_LIMITS.slot, bookingMessages.unknownSlot)
  .transform((value, context) => parseSlotValue(value) ?? (context.addIssue({ code: 'custom', message: bookingMessages.unknownSlot }), z.NEVER))

const weekdayShort = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' })

const shortDayLabel = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`)
  return { weekday: weekdayShort.format(date).replace('.', ''), date: `${date.getUTCDate()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}` }
}

export type BookingDayLink = { day: string; weekday: string; date: string; label: string; free: number; blockedLabel: string | null }
export type SlotOption = { value: string; time: string; label: string }
export type SpecialistSlots = { key: string; name: string; meeting: string; slots: SlotOption[] }
export type BookedSession = { day: string; time: string; label: string; specialist: string; meeting: string }

export type BookingPageView = {
  /** The person, and the form of their lead as the WhatsApp link's tap names it. */
  visitor: { firstName: string; form: Pick<LeadFormConfig, 'analyticsName' | 'location'> } | null
  /** For a visitor without a lead: the hidden fields of /agendar's own lead form, which asks their contact with the time. */
  leadForm: LeadFormFields | null
  /** Why the time picked with the contact was not booked (the lead was stored): the slot's refusal. */
  notice: string | null
  /** The person is picking a new time for their coming session (`booked`), which stays until the new one is booked. */
  rescheduling: boolean
  meetingMinutes: number
  booked: BookedSession | null
  days: BookingDayLink[]
  /** The day shown: the one asked for when it is in the horizon, else the first with a free slot. */
  day: { day: string; label: string; specialists: SpecialistSlots[] } | null
}

const meetingOf = (specialist: SchedulingSettings['specialists'][number]) => bookingCopy.meetingMode[specialist.meetingMode]

const analyticsOf = ({ analyticsName, location }: LeadFormConfig) => ({ analyticsName, location })

/** A visitor /agendar knows: their cookie's lead, its name and its form. */
export type KnownVisitor = BookingVisitor & { name: string; form: LeadFormKey | undefined }

/** The visitor's cookie, when it names a lead that is still stored (not a trapped bot's, not one erased since). */
export async function knownVisitor({ db, request, now }: Pick<BookingPost, 'db' | 'request' | 'now'>): Promise<KnownVisitor | null> {
  const visitor = await readBookingVisitor(request, now.getTime())
  if (!visitor) return null
  const [lead] = await db.select({ name: leads.name, source: leads.source }).from(leads).where(eq(leads.id, visitor.leadId))
  return lead ? { ...visitor, name: lead.name, form: leadFormKeyOf(lead.source) } : null
}

/** The lead's next booking still to come, if any. */
async function comingBooking(db: Database, leadId: string, now: Date) {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.leadId, leadId), eq(bookings.status, 'booked'), gt(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(1)
  return booking ?? null
}

export function bookedSession(settings: SchedulingSettings, booking: { specialist: string; startsAt: Date }): BookedSession {
  const specialist = settings.specialists.find((item) => item.key === booking.specialist)
  const day = brasiliaDay(booking.startsAt)
  const time = brasiliaTime(booking.startsAt)
  return {
    day,
    time,
    label: `${formatWeekdayDate(day)}, às ${time} (horário de Brasília)`,
    specialist: specialist?.name ?? bookingCopy.anySpecialist,
    meeting: specialist ? meetingOf(specialist) : '',
  }
}

/** The free slots now, from the settings and the bookings that hold time in the horizon. */
async function freeDays(db: Database, settings: SchedulingSettings, now: Date, outside: BookingOutside): Promise<AvailableDay[]> {
  const to = brasiliaDayStart(addCalendarDays(brasiliaDay(now), settings.horizonDays + 1))
  const [bookings, busy] = await Promise.all([bookedTimes(db, now, to), outsideBusyTimes(outside, settings, now, to)])
  return availableDays({ rules: settings, now, bookings, busy })
}

function pageView(
  settings: SchedulingSettings,
  days: AvailableDay[],
  asked: string | null,
): Omit<BookingPageView, 'visitor' | 'booked' | 'leadForm' | 'notice' | 'rescheduling'> {
  const blockedLabels = new Map(settings.blockedDates.map((item) => [item.date, item.label ?? bookingCopy.blockedDay]))
  const links: BookingDayLink[] = days.map(({ day, blocked, specialists }) => ({
    day,
    ...shortDayLabel(day),
    label: formatWeekdayDate(day),
    free: specialists.reduce((sum, item) => sum + item.slots.length, 0),
    blockedLabel: blocked ? (blockedLabels.get(day) ?? bookingCopy.blockedDay) : null,
  }))
  const shown = days.find((item) => item.day === asked) ?? days.find((item) => item.specialists.some((specialist) => specialist.slots.length > 0))
  return {
    meetingMinutes: settings.meetingMinutes,
    days: links,
    day: shown
      ? {
          day: shown.day,
          label: formatWeekdayDate(shown.day),
          specialists: shown.specialists.map(({ specialist: key, slots }) => {
            const specialist = settings.specialists.find((item) => item.key === key)!
            return {
              key,
              name: specialist.name,
              meeting: meetingOf(specialist),
              slots: slots.map((slot) => ({
                value: slotValue(slot),
                time: slot.time,
                label: `${formatWeekdayDate(slot.day)}, das ${slot.time} às ${brasiliaTime(slot.end)}, com ${specialist.name}`,
              })),
            }
          }),
        }
      : null,
  }
}

/** A calendar day from the query (`?dia=2026-12-01`), or null. */
export function askedDay(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null
}

/** What /agendar shows this visitor now. */
export async function loadBookingPage({
  db,
  request,
  settings,
  now,
  day,
  outside,
}: {
  db: Database
  request: Request
  settings: SchedulingSettings
  now: Date
  day: string | null
  /** The calendar, whose busy times hide slots (none without one). */
  outside: BookingOutside
}): Promise<BookingPageView> {
  const visitor = await knownVisitor({ db, request, now })
  const booking = visitor && (await comingBooking(db, visitor.leadId, now))
  const search = new URL(request.url).searchParams
  const notice = visitor ? slotRefusalOf(search.get(BOOKING_NOTICE_FIELD)) : null
  const rescheduling = booking !== null && search.get(RESCHEDULE_PARAM) === '1'
  return {
    visitor: visitor && { firstName: visitor.firstName, form: analyticsOf(leadForms[visitor.form ?? 'contact']) },
    leadForm: visitor ? null : (await prepareLeadForm(request, 'booking', { now: now.getTime() })).leadForm,
    notice: notice && (!booking || rescheduling) ? slotRefusalMessage(notice, settings) : null,
    booked: booking ? bookedSession(settings, booking) : null,
    rescheduling,
    ...pageView(settings, booking && !rescheduling ? [] : await freeDays(db, settings, now, outside), day),
  }
}

export type BookingPostResult =
  | { ok: true; bookingId: string | null; headers?: Record<string, string> }
  | { ok: false; status: 400 | 403 | 409 | 405 | 413 | 415; message: string; field: boolean; headers?: Record<string, string> }

/** A slot picked, checked now against the bookings and the calendars, then booked for the lead (the database has the last word). */
async function bookPicked(
  { db, settings, now, outside }: BookingPost,
  leadId: string,
  picked: { specialist: string; start: Date },
  /** The person's coming session this time replaces (a reschedule): its own time does not count as taken. */
  replacing: Booking | null = null,
): Promise<{ ok: true; booking: Booking } | { ok: false; reason: SlotRefusal; message: string }> {
  const until = new Date(picked.start.getTime() + 86_400_000)
  const [booked, busy] = await Promise.all([bookedTimes(db, now, until), outsideBusyTimes(outside, settings, now, until)])
  const others = replacing
    ? booked.filter((item) => !(item.specialist === replacing.specialist && item.start.getTime() === replacing.startsAt.getTime()))
    : booked
  const check = checkSlot({ rules: settings, now, bookings: others, busy, ...picked })
  if (!check.ok) return check
  const effects = bookingEffects(outside, settings, now)
  const result = await bookSlot(
    db,
    {
      leadId,
      specialist: check.slot.specialist,
      start: check.slot.start,
      end: check.slot.end,
      bufferMinutes: settings.bufferMinutes,
      ...(replacing ? { replacing: replacing.id } : {}),
    },
    effects.booked,
    effects.cancelled,
  )
  return 'taken' in result ? { ok: false, reason: 'taken', message: SLOT_TAKEN_MESSAGE } : { ok: true, booking: result.booking }
}

/** The WhatsApp handoff names the session from now on. */
const bookedHandoff = (start: Date) => ({ booked: start.toISOString() })

/**
 * A post of a slot by a visitor /agendar knows: read within the form's bounds, the visitor known, the
 * slot checked now, then booked. `bookingId` null: the visitor already had a coming booking, which the
 * page shows; with `trocar=1` the new time replaces it (a refused one leaves it as it was).
 */
export async function bookFromPost(post: BookingPost, known?: KnownVisitor): Promise<BookingPostResult> {
  const { db, request, now } = post
  const body = await readFormBody(request, { fields: new Set(Object.values(BOOKING_FIELDS)) })
  if (!body.ok) return { ok: false, ...body.refusal, field: false }
  const visitor = known ?? (await knownVisitor(post))
  if (!visitor) return { ok: false, status: 403, message: bookingMessages.unknownVisitor, field: false }
  // A second booking shows the first; `trocar=1` replaces it with the time picked, in one transaction.
  const coming = await comingBooking(db, visitor.leadId, now)
  if (coming && body.formData.get(BOOKING_FIELDS.replace) !== '1') return { ok: true, bookingId: null }
  const picked = slotField.safeParse(body.formData.get(BOOKING_FIELDS.slot) ?? undefined)
  if (!picked.success) return { ok: false, status: 400, message: picked.error.issues[0]!.message, field: true }
  const form = visitor.form ?? 'contact'
  const result = await bookPicked(post, visitor.leadId, picked.data, coming)
  if (!result.ok) return { ok: false, status: result.reason === 'taken' ? 409 : 400, message: result.message, field: true }
  // The handoff's cookie set anew: an hour, one tap.
  const handoff = { ...handoffOf(form, { name: visitor.name }), ...bookedHandoff(result.booking.startsAt) }
  return { ok: true, bookingId: result.booking.id, headers: { 'Set-Cookie': await handoffCookie(request, handoff, now.getTime()) } }
}

/**
 * /agendar's own lead form, for a visitor without a lead: the contact goes through the lead path of
 * every form (rate limit, bounded read, bot traps, zod, the pipeline and its targets), then, for a stored
 * lead, the time picked is booked. A time refused by then (taken meanwhile, past) leaves the lead stored
 * and the visitor known: the page says why, with the times left (`?aviso=`). A trapped post books
 * nothing and gets the same answer as a booked person.
 */
export async function bookAsNewLead(post: BookingPost & { context: { clientIp: string }; pipeline?: LeadPipeline }) {
  return handleLeadAction({
    request: post.request,
    context: post.context,
    form: 'booking',
    schema: bookingLeadSchema,
    contact: ({ horario: _slot, ...contact }) => contact,
    pipeline: post.pipeline,
    confirmation: async (lead): Promise<Confirmation> => {
      // The schema checked the value's shape; a trapped post's fields may be anything.
      const picked = slotField.safeParse(lead.value?.horario)
      if (!picked.success) return '/agendar'
      if (!lead.stored) return { location: '/agendar', handoff: bookedHandoff(picked.data.start) }
      const result = await bookPicked(post, lead.leadId, picked.data)
      if (result.ok) return { location: '/agendar', handoff: bookedHandoff(result.booking.startsAt) }
      return `/agendar?${new URLSearchParams({ dia: brasiliaDay(picked.data.start), [BOOKING_NOTICE_FIELD]: result.reason })}`
    },
  })
}
