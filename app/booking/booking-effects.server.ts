/**
 * What a booking and a cancellation also write, in their own transaction
 * (bookSlot's and cancelBooking's `alsoWrite`), and what the slots read from
 * outside: the session's e-mails (invitation.server.ts, with the sales
 * e-mail's settings), the specialist's calendar (calendar.server.ts, with
 * CALDAV_URL) and the CRMs (booking-crm.server.ts, with their own settings). Each part only when configured; the rows are sent by the
 * outbox, so a slow mail server or calendar never holds the person's answer.
 */
import type { SchedulingSettings } from '~/content/schemas'
import { oncePerEnv } from '~/utils/env.server'
import type { Database, Transaction } from '../../db/client'
import { bookingCrmsFromEnv, skipBookingCrmRows, writeBookingCrmRows, type BookingCrm } from './booking-crm.server'
import type { Booking } from './bookings.server'
import { calendarBusyTimes, calendarSettingsFromEnv, writeCalendarEvent, writeCalendarRemoval, type CalendarSettings } from './calendar.server'
import {
  bookingCalendar,
  bookingMailSettingsFromEnv,
  bookingUid,
  manageUrl,
  sessionOf,
  writeCancellation,
  writeInvitation,
  type BookingMailSettings,
} from './invitation.server'
import type { BusyTime } from './slots'

/** The outside services of the session, from the environment: each null (or none) when not configured. */
export type BookingOutside = { siteUrl: string; mail: BookingMailSettings | null; calendar: CalendarSettings | null; crms: readonly BookingCrm[] }

/** The outside services for these settings, made once per parsed environment. */
export const bookingOutsideFromEnv = oncePerEnv((env): BookingOutside => ({
  siteUrl: env.SITE_URL,
  mail: bookingMailSettingsFromEnv(env),
  calendar: calendarSettingsFromEnv(env),
  crms: bookingCrmsFromEnv(env),
}))

/** Nothing outside: the site's own bookings only (tests, and a site with no e-mail, calendar or CRM). */
export const NO_OUTSIDE = (siteUrl: string): BookingOutside => ({ siteUrl, mail: null, calendar: null, crms: [] })

/** What a post to a booking page works with: the database, the request, the scheduling settings now, the time, and the outside services. */
export type BookingPost = {
  db: Database
  request: Request
  settings: SchedulingSettings
  now: Date
  /** The e-mails and the calendar: their rows are written with the change; the calendar's busy times hide slots. */
  outside: BookingOutside
}

export type BookingEffects = {
  booked: (tx: Transaction, booking: Booking) => Promise<void>
  cancelled: (tx: Transaction, booking: Booking) => Promise<void>
}

/** The writers of a booking's and a cancellation's rows, for the settings now. */
export function bookingEffects(outside: BookingOutside, scheduling: Pick<SchedulingSettings, 'specialists'>, now: Date): BookingEffects {
  const { mail, calendar, crms, siteUrl } = outside
  return {
    async booked(tx, booking) {
      if (!mail && !calendar && crms.length === 0) return
      const booked = await sessionOf(tx, booking, scheduling.specialists)
      if (mail) await writeInvitation(tx, booking, booked, { settings: mail, scheduling, now })
      if (crms.length > 0) await writeBookingCrmRows(tx, booking, booked, { crms, siteUrl, now })
      if (!calendar) return
      const { lead, session } = booked
      const ics = bookingCalendar(booking, { method: null, session, lead, siteUrl, from: mail?.from ?? null, manage: manageUrl(siteUrl, booking, now), now })
      await writeCalendarEvent(tx, booking, { settings: calendar, specialists: scheduling.specialists, uid: bookingUid(siteUrl, booking), ics, now })
    },
    async cancelled(tx, booking) {
      if (mail) await writeCancellation(tx, booking, { settings: mail, scheduling, now })
      await skipBookingCrmRows(tx, booking)
      if (calendar) await writeCalendarRemoval(tx, booking, now)
    },
  }
}

/** The specialists' busy times between `from` and `to` from their calendars (none without CALDAV_URL), within the read's deadline. */
export const outsideBusyTimes = (outside: BookingOutside, scheduling: Pick<SchedulingSettings, 'specialists'>, from: Date, to: Date): Promise<BusyTime[]> =>
  calendarBusyTimes(outside.calendar, scheduling.specialists, { from, to, siteUrl: outside.siteUrl })
