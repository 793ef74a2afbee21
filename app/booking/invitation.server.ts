/**
 * The strategy session's e-mails (issue 44, item 5), through the delivery
 * layer (ADR 054): target `booking_email`, one outbox row per message,
 * written in the booking's own transaction, so a booking is never stored
 * without its messages nor a message sent for a booking that was not.
 *
 * - Booked: the invitation to the person (an `.ics` with METHOD:REQUEST, the
 *   booking's stable UID, Brasília's time zone and the meeting link, plus a
 *   signed link to cancel or pick another time), the same invitation to the
 *   sales team with the lead, and reminders 24 h and 1 h before: rows whose
 *   `next_attempt_at` is that moment, so any instance's worker sends them
 *   once, when due.
 * - Cancelled: the rows not yet sent are skipped (a cancelled session gets
 *   no reminder), and a METHOD:CANCEL for the same UID goes to whoever got
 *   the invitation.
 *
 * Each row's `event` names the message and the booking ('invitation:<id>'),
 * so the outbox's unique (lead, target, event) keeps each one once.
 * The target is configured with the sales e-mail (SMTP_URL, SALES_ALERT_TO,
 * SALES_ALERT_FROM): the invitation comes from SALES_ALERT_FROM, its
 * organizer.
 */
import { TZDate } from '@date-fns/tz'
import { eq } from 'drizzle-orm'
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { z } from 'zod'
import type { SchedulingSettings } from '~/content/schemas'
import { rowMessageId, sendSmtp } from '~/delivery/smtp.server'
import type { AnyDeliveryTarget } from '~/delivery/target'
import { firstNameOf } from '~/leads/booking-visitor.server'
import { salesAlertSettingsFromEnv, type SalesAlertSettings } from '~/leads/sales-alert.server'
import { BRASILIA_TIME_ZONE, brasiliaDay, brasiliaTime, brasiliaUtcOffset, formatWeekdayDate } from '~/utils/dates'
import type { Env } from '~/utils/env.server'
import { signValue } from '~/utils/signed-value.server'
import type { Transaction } from '../../db/client'
import { leads, leadTracking } from '../../db/schema'
import { bookingMailCopy, type SessionFacts } from './booking-mail-copy'
import { bookingEvent, insertBookingRows, skipUnsentRows } from './booking-rows.server'
import type { Booking } from './bookings.server'

export const BOOKING_EMAIL_TARGET = 'booking_email'

/** The purpose the management link's token is signed for (booking-manage.server.ts reads it). */
export const BOOKING_TOKEN_PURPOSE = 'booking-manage'

/** Who sends and who gets the team's copy: the sales e-mail's settings. */
export type BookingMailSettings = SalesAlertSettings

export const bookingMailSettingsFromEnv = (env: Pick<Env, 'SMTP_URL' | 'SALES_ALERT_TO' | 'SALES_ALERT_FROM' | 'SITE_URL'>): BookingMailSettings | null =>
  salesAlertSettingsFromEnv(env)

/** A `booking_email` row's payload: the message, written once, with its iCalendar part when it has one. */
export const bookingEmailPayload = z.object({
  to: z.array(z.string()).min(1),
  subject: z.string(),
  text: z.string(),
  calendar: z.object({ method: z.enum(['REQUEST', 'CANCEL']), ics: z.string() }).nullable(),
})
export type BookingEmail = z.infer<typeof bookingEmailPayload>

/** The messages of one booking, by `event` prefix (the booking's id follows a colon). */
const EVENTS = {
  invitation: 'invitation',
  teamInvitation: 'invitation-team',
  reminderDay: 'reminder-24h',
  reminderHour: 'reminder-1h',
  cancellation: 'cancellation',
  teamCancellation: 'cancellation-team',
} as const
const eventOf = (kind: keyof typeof EVENTS, booking: Pick<Booking, 'id'>) => bookingEvent(EVENTS[kind], booking)

const HOUR = 3_600_000

/** The link in every message to the person: their session, to cancel it or pick another time (a signed token). */
export const manageUrl = (siteUrl: string, booking: Pick<Booking, 'id'>, now: Date) =>
  `${siteUrl}/agendar/sessao?t=${signValue(BOOKING_TOKEN_PURPOSE, booking.id, now.getTime())}`

/** The booking's UID in every calendar: stable across the invitation, its copies and its cancellation. */
export const bookingUid = (siteUrl: string, booking: Pick<Booking, 'id'>) => `sessao-${booking.id}@${new URL(siteUrl).hostname}`

type Specialist = SchedulingSettings['specialists'][number]
type LeadContact = { name: string; email: string; phone: string; company: string | null }

function sessionFacts(booking: Booking, specialist: Specialist | undefined, lead: LeadContact): SessionFacts {
  return {
    day: formatWeekdayDate(brasiliaDay(booking.startsAt)),
    start: brasiliaTime(booking.startsAt),
    end: brasiliaTime(booking.endsAt),
    specialist: specialist?.name ?? bookingMailCopy.agency,
    meetingUrl: specialist?.meetingMode === 'videoCall' ? (specialist.meetingUrl ?? null) : null,
    phone: lead.phone,
  }
}

/** The address in a `Name <address>` (or the address alone). */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim()

/**
 * The iCalendar object of a booking (RFC 5545/5546), made by ical-generator: one VEVENT with the booking's
 * UID, its moments in Brasília's zone (TZID, with a VTIMEZONE of the zone's offset at the meeting, read from
 * the time-zone database: Brazil has kept one offset all year since 2019), the organizer (the sales
 * address), the person as attendee, and the meeting link. A cancellation is the same UID with a higher
 * SEQUENCE and STATUS:CANCELLED.
 */
export function bookingCalendar(
  booking: Booking,
  {
    method,
    session,
    lead,
    siteUrl,
    from,
    manage,
    now,
  }: {
    /** REQUEST or CANCEL for an e-mail (RFC 5546); null for the object stored in a calendar (RFC 4791 forbids METHOD there). */
    method: 'REQUEST' | 'CANCEL' | null
    session: SessionFacts
    lead: LeadContact
    siteUrl: string
    /** The organizer: the sales e-mail's sender, when there is one. */
    from: string | null
    manage: string
    now: Date
  },
): string {
  const offset = brasiliaUtcOffset(booking.startsAt)
  const calendar = ical({
    prodId: { company: bookingMailCopy.agency, product: 'Sessao Estrategica', language: 'PT-BR' },
    ...(method ? { method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL } : {}),
    timezone: {
      name: BRASILIA_TIME_ZONE,
      generator: (zone) =>
        [
          'BEGIN:VTIMEZONE',
          `TZID:${zone}`,
          'BEGIN:STANDARD',
          'DTSTART:19700101T000000',
          `TZOFFSETFROM:${offset}`,
          `TZOFFSETTO:${offset}`,
          `TZNAME:${offset.slice(0, 3)}`,
          'END:STANDARD',
          'END:VTIMEZONE',
        ].join('\r\n'),
    },
  })
  calendar.createEvent({
    id: bookingUid(siteUrl, booking),
    sequence: method === 'CANCEL' ? 1 : 0,
    stamp: now,
    start: new TZDate(booking.startsAt, BRASILIA_TIME_ZONE),
    end: new TZDate(booking.endsAt, BRASILIA_TIME_ZONE),
    timezone: BRASILIA_TIME_ZONE,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: bookingMailCopy.summary,
    description: bookingMailCopy.eventDescription(session, manage),
    location: session.meetingUrl ?? bookingMailCopy.whatsappLocation,
    url: session.meetingUrl,
    ...(from ? { organizer: { name: bookingMailCopy.agency, email: addressOf(from) } } : {}),
    attendees: [{ name: lead.name, email: lead.email, rsvp: method === 'REQUEST', role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION }],
  })
  return calendar.toString()
}

type MailContext = { settings: BookingMailSettings; scheduling: Pick<SchedulingSettings, 'specialists'>; now: Date }

/** Where the booking's lead came from: its form's source and its campaign (what the CRMs are told). */
export type LeadOrigin = { source: string; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null }

/** The booking's lead, its origin, and the session's when and how, as every message, the calendar's event and the CRMs name them. */
export type BookedSession = { lead: LeadContact; origin: LeadOrigin; session: SessionFacts }

/** One read of the booking's lead for everything a booking or a cancellation writes. */
export async function sessionOf(tx: Transaction, booking: Booking, specialists: SchedulingSettings['specialists']): Promise<BookedSession> {
  const [row] = await tx
    .select({
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      company: leads.company,
      source: leads.source,
      utmSource: leadTracking.utmSource,
      utmMedium: leadTracking.utmMedium,
      utmCampaign: leadTracking.utmCampaign,
    })
    .from(leads)
    .leftJoin(leadTracking, eq(leadTracking.leadId, leads.id))
    .where(eq(leads.id, booking.leadId))
    .limit(1)
  if (!row) throw new Error('the booking names no lead')
  const { name, email, phone, company, ...origin } = row
  const lead = { name, email, phone, company }
  return {
    lead,
    origin,
    session: sessionFacts(
      booking,
      specialists.find((item) => item.key === booking.specialist),
      lead,
    ),
  }
}

/** The team's copy goes to the sales addresses and to the session's specialist, when their entry has an e-mail. */
function teamOf(settings: BookingMailSettings, booking: Booking, scheduling: Pick<SchedulingSettings, 'specialists'>): string[] {
  const email = scheduling.specialists.find((item) => item.key === booking.specialist)?.email
  return [...new Set([...settings.to, ...(email ? [email] : [])])]
}

const insertRows = (tx: Transaction, booking: Booking, now: Date, rows: Array<{ event: string; payload: BookingEmail; due: Date }>) =>
  insertBookingRows(tx, booking, BOOKING_EMAIL_TARGET, rows, now)

/** In the booking's transaction (bookSlot's `alsoWrite`): the invitation to the person and the team, and the reminders to come. */
export async function writeInvitation(
  tx: Transaction,
  booking: Booking,
  { lead, session }: BookedSession,
  { settings, scheduling, now }: MailContext,
): Promise<void> {
  const manage = manageUrl(settings.siteUrl, booking, now)
  const ics = bookingCalendar(booking, { method: 'REQUEST', session, lead, siteUrl: settings.siteUrl, from: settings.from, manage, now })
  const firstName = firstNameOf(lead.name)
  const teamText = bookingMailCopy.team.text(bookingMailCopy.team.booked, session, lead, `${settings.siteUrl}/admin/leads/${booking.leadId}`)
  const reminders = [24, 1]
    .map((hours) => ({ hours, due: new Date(booking.startsAt.getTime() - hours * HOUR) }))
    .filter(({ due }) => due.getTime() > now.getTime())
  await insertRows(tx, booking, now, [
    {
      event: eventOf('invitation', booking),
      payload: {
        to: [lead.email],
        subject: bookingMailCopy.invitation.subject(session),
        text: bookingMailCopy.invitation.text(firstName, session, manage),
        calendar: { method: 'REQUEST', ics },
      },
      due: now,
    },
    {
      event: eventOf('teamInvitation', booking),
      payload: {
        to: teamOf(settings, booking, scheduling),
        subject: bookingMailCopy.team.bookedSubject(lead.name, session),
        text: teamText,
        calendar: { method: 'REQUEST', ics },
      },
      due: now,
    },
    ...reminders.map(({ hours, due }) => ({
      event: eventOf(hours >= 24 ? 'reminderDay' : 'reminderHour', booking),
      payload: {
        to: [lead.email],
        subject: bookingMailCopy.reminder.subject(session, hours),
        text: bookingMailCopy.reminder.text(firstName, session, manage),
        calendar: null,
      },
      due,
    })),
  ])
}

/**
 * In the cancellation's transaction (cancelBooking's `alsoWrite`): the booking's messages not yet sent are
 * skipped (no reminder for a cancelled session); the person and the team get the cancellation, unless their
 * invitation itself was still unsent (then it is skipped, and nothing needs undoing in their calendar).
 */
export async function writeCancellation(tx: Transaction, booking: Booking, { settings, scheduling, now }: MailContext): Promise<void> {
  const unsent = await skipUnsentRows(
    tx,
    [BOOKING_EMAIL_TARGET],
    (['invitation', 'teamInvitation', 'reminderDay', 'reminderHour'] as const).map((kind) => eventOf(kind, booking)),
  )
  const { lead, session } = await sessionOf(tx, booking, scheduling.specialists)
  const ics = bookingCalendar(booking, {
    method: 'CANCEL',
    session,
    lead,
    siteUrl: settings.siteUrl,
    from: settings.from,
    manage: `${settings.siteUrl}/agendar`,
    now,
  })
  const rows: Array<{ event: string; payload: BookingEmail; due: Date }> = []
  if (!unsent.has(eventOf('invitation', booking)))
    rows.push({
      event: eventOf('cancellation', booking),
      payload: {
        to: [lead.email],
        subject: bookingMailCopy.cancellation.subject(session),
        text: bookingMailCopy.cancellation.text(firstNameOf(lead.name), session, `${settings.siteUrl}/agendar`),
        calendar: { method: 'CANCEL', ics },
      },
      due: now,
    })
  if (!unsent.has(eventOf('teamInvitation', booking)))
    rows.push({
      event: eventOf('teamCancellation', booking),
      payload: {
        to: teamOf(settings, booking, scheduling),
        subject: bookingMailCopy.team.cancelledSubject(lead.name, session),
        text: bookingMailCopy.team.text(bookingMailCopy.team.cancelled, session, lead, `${settings.siteUrl}/admin/leads/${booking.leadId}`),
        calendar: { method: 'CANCEL', ics },
      },
      due: now,
    })
  await insertRows(tx, booking, now, rows)
}

/** One attempt of a `booking_email` row: the text, and the invitation as the calendar part clients read (text/calendar; method=…). */
export const sendBookingEmail = (settings: BookingMailSettings, message: BookingEmail, row: { messageId: string }, timeoutMs: number, signal?: AbortSignal) =>
  sendSmtp(
    settings.smtpUrl,
    {
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: rowMessageId(row, settings.siteUrl),
      ...(message.calendar ? { icalEvent: { method: message.calendar.method, filename: 'sessao-estrategica.ics', content: message.calendar.ics } } : {}),
    },
    timeoutMs,
    signal,
  )

/** The delivery target of the session's e-mails: configured with the sales e-mail. */
export function bookingEmailHandlers(settings: BookingMailSettings | null): Record<string, AnyDeliveryTarget> {
  const target: AnyDeliveryTarget = {
    name: BOOKING_EMAIL_TARGET,
    label: 'E-mails da sessão estratégica',
    payload: bookingEmailPayload,
    configured: settings !== null,
    variables: ['SMTP_URL', 'SALES_ALERT_TO', 'SALES_ALERT_FROM'],
    answerCode: 'smtp',
    send: (message: BookingEmail, row, { timeoutMs, signal }) =>
      settings ? sendBookingEmail(settings, message, row, timeoutMs, signal) : Promise.resolve({ kind: 'retry', status: null, error: 'SMTP_URL is not set' }),
  }
  return { [BOOKING_EMAIL_TARGET]: target }
}
