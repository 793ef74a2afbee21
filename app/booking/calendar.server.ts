/**
 * The agency's real calendar (issue 44, item 2; ADR 055), over CalDAV
 * (RFC 4791) with tsdav, when CALDAV_URL, CALDAV_USERNAME and
 * CALDAV_PASSWORD are set and a specialist's Studio entry names their
 * calendar (`calendarUrl`, on that server):
 *
 * - Busy times: a calendar-query REPORT with a time-range over the horizon,
 *   recurrences expanded by the server. Every event that holds time hides
 *   the slots it overlaps (a transparent or cancelled one does not), except
 *   the site's own sessions, which the bookings table already holds (so a
 *   cancelled session whose event is still being removed frees its slot at
 *   once). Read within a deadline: a calendar that does not answer in time
 *   leaves the site's own bookings as the only busy times (logged), and the
 *   page is never held by it.
 * - Each booking is written there as an event (a PUT of one `.ics` at
 *   `<calendar>/<uid>.ics`, `If-None-Match: *`), and removed when cancelled
 *   (a DELETE with the `If-Match` of the ETag the PUT got): outbox rows of
 *   target `booking_calendar`, written in the booking's transaction, so any
 *   instance sends them once, retried on the common schedule.
 */
import { and, eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { createCalendarObject, deleteCalendarObject, fetchCalendarObjects } from 'tsdav'
import { z } from 'zod'
import type { SchedulingSettings } from '~/content/schemas'
import { finalWhenWrong, parseRetryAfter, type AttemptOutcome } from '~/delivery/http.server'
import type { AnyDeliveryTarget } from '~/delivery/target'
import type { Env } from '~/utils/env.server'
import { logJson } from '~/utils/log.server'
import type { Transaction } from '../../db/client'
import { outbox } from '../../db/schema'
import { bookingEvent, insertBookingRows, skipUnsentRows } from './booking-rows.server'
import type { Booking } from './bookings.server'
import type { BusyTime } from './slots'

export const BOOKING_CALENDAR_TARGET = 'booking_calendar'

export type CalendarSettings = { url: string; username: string; password: string }

export function calendarSettingsFromEnv(env: Pick<Env, 'CALDAV_URL' | 'CALDAV_USERNAME' | 'CALDAV_PASSWORD'>): CalendarSettings | null {
  if (!env.CALDAV_URL || !env.CALDAV_USERNAME || !env.CALDAV_PASSWORD) return null
  return { url: env.CALDAV_URL, username: env.CALDAV_USERNAME, password: env.CALDAV_PASSWORD }
}

/** How long /agendar waits for the calendars' busy times before it offers the slots without them. */
export const BUSY_READ_TIMEOUT_MS = 2_500

const authorization = (settings: CalendarSettings) => ({
  authorization: `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`,
})

/** A calendar collection's address with its closing slash, as CalDAV names collections. */
const collection = (url: string) => (url.endsWith('/') ? url : `${url}/`)

/** Whether a specialist's calendar is on the configured server (a calendar elsewhere is never sent the account). */
const onServer = (settings: CalendarSettings, calendarUrl: string) => new URL(calendarUrl).origin === new URL(settings.url).origin

type Specialists = Pick<SchedulingSettings, 'specialists'>['specialists']

/** The specialists with a calendar on the server: their key and calendar address. */
function calendarsOf(settings: CalendarSettings | null, specialists: Specialists): Array<{ specialist: string; url: string }> {
  if (!settings) return []
  return specialists.flatMap((specialist) =>
    specialist.calendarUrl && onServer(settings, specialist.calendarUrl) ? [{ specialist: specialist.key, url: collection(specialist.calendarUrl) }] : [],
  )
}

/** Whether an occurrence holds time: not transparent (free), not cancelled. */
function holdsTime(event: ICAL.Event): boolean {
  const transp = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase()
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase()
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED'
}

/** Occurrences a recurring event may have in the horizon, at most (a guard against a rule that never ends inside it). */
const MAX_OCCURRENCES = 1_000

/**
 * The times the events of one calendar object hold between `from` and `to`: every VEVENT that holds time
 * (not transparent, not cancelled), a recurring one expanded here with its exceptions (a server may or may
 * not expand them: Radicale 3.1 does not), except the site's own sessions (UID `sessao-…@<site host>`).
 */
export function eventTimes(ics: string, { from, to, ownUidSuffix }: { from: Date; to: Date; ownUidSuffix: string }): Array<{ start: Date; end: Date }> {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  // ical.js reads a TZID through its one registry: this object's zones are registered while it is read (all of it
  // synchronous, so no other read runs between), then the registry is put back as it was, so no calendar's zone
  // outlives its own reading.
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => ({ zone, tzid: String(zone.getFirstPropertyValue('tzid') ?? '') }))
  const before = zones.map(({ tzid }) => ({ tzid, kept: ICAL.TimezoneService.has(tzid) ? ICAL.TimezoneService.get(tzid) : null }))
  for (const { zone } of zones) ICAL.TimezoneService.register(zone)
  try {
    return expandedTimes(calendar, { from, to, ownUidSuffix })
  } finally {
    for (const { tzid, kept } of before.reverse()) {
      if (kept) ICAL.TimezoneService.register(kept, tzid)
      else ICAL.TimezoneService.remove(tzid)
    }
  }
}

function expandedTimes(
  calendar: ICAL.Component,
  { from, to, ownUidSuffix }: { from: Date; to: Date; ownUidSuffix: string },
): Array<{ start: Date; end: Date }> {
  const vevents = calendar.getAllSubcomponents('vevent')
  const masters = new Set(vevents.filter((vevent) => !vevent.hasProperty('recurrence-id')).map((vevent) => String(vevent.getFirstPropertyValue('uid'))))
  const times: Array<{ start: Date; end: Date }> = []
  const add = (event: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null) => {
    const span = { start: start.toJSDate(), end: (end ?? start).toJSDate() }
    if (holdsTime(event) && span.start < to && span.end > from) times.push(span)
  }
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '')
    if (uid.startsWith('sessao-') && uid.endsWith(ownUidSuffix)) continue
    const isException = vevent.hasProperty('recurrence-id')
    // An exception is read with its master; one without a master (a server that expanded the series) stands alone.
    if (isException && masters.has(uid)) continue
    const event = new ICAL.Event(vevent, {
      exceptions: isException
        ? []
        : vevents.filter((other) => other !== vevent && other.hasProperty('recurrence-id') && String(other.getFirstPropertyValue('uid')) === uid),
    })
    if (!event.startDate) continue
    if (!event.isRecurring()) {
      add(event, event.startDate, event.endDate)
      continue
    }
    const occurrences = event.iterator()
    for (let count = 0, next = occurrences.next(); next && count < MAX_OCCURRENCES; count++, next = occurrences.next()) {
      const occurrence = event.getOccurrenceDetails(next)
      if (occurrence.startDate.toJSDate() >= to) break
      add(occurrence.item, occurrence.startDate, occurrence.endDate)
    }
  }
  return times
}

/**
 * The specialists' busy times between `from` and `to` from their calendars: none without a calendar, and
 * none from a calendar that fails or does not answer within `timeoutMs` (logged, never its address's
 * credentials). The calendars are read at once, each bounded by the same deadline.
 */
export async function calendarBusyTimes(
  settings: CalendarSettings | null,
  specialists: Specialists,
  { from, to, siteUrl, timeoutMs = BUSY_READ_TIMEOUT_MS }: { from: Date; to: Date; siteUrl: string; timeoutMs?: number },
): Promise<BusyTime[]> {
  const calendars = calendarsOf(settings, specialists)
  if (!settings || calendars.length === 0) return []
  const signal = AbortSignal.timeout(timeoutMs)
  const ownUidSuffix = `@${new URL(siteUrl).hostname}`
  const read = await Promise.allSettled(
    calendars.map(async ({ specialist, url }) => {
      const objects = await fetchCalendarObjects({
        calendar: { url },
        timeRange: { start: from.toISOString(), end: to.toISOString() },
        expand: true,
        headers: authorization(settings),
        fetchOptions: { signal },
      })
      return objects
        .flatMap((object) => (object.data ? eventTimes(String(object.data), { from, to, ownUidSuffix }) : []))
        .map((time) => ({ specialist, ...time }))
    }),
  )
  return read.flatMap((result, index) => {
    if (result.status === 'fulfilled') return result.value
    const reason = result.reason as { name?: string; message?: string }
    logJson({
      level: 'warn',
      msg: 'calendar busy times unread',
      specialist: calendars[index]!.specialist,
      error: `${reason?.name ?? 'Error'}: ${reason?.message ?? ''}`.slice(0, 200),
    })
    return []
  })
}

/** A `booking_calendar` row: put the session's event in a calendar, or delete it (with the ETag its put got, when known). */
export const calendarPayload = z.discriminatedUnion('action', [
  z.object({ action: z.literal('put'), calendarUrl: z.string(), filename: z.string(), ics: z.string() }),
  z.object({ action: z.literal('delete'), calendarUrl: z.string(), filename: z.string(), etag: z.string().nullable() }),
])
export type CalendarRow = z.infer<typeof calendarPayload>

const putEvent = (booking: Pick<Booking, 'id'>) => bookingEvent('calendar-put', booking)
const deleteEvent = (booking: Pick<Booking, 'id'>) => bookingEvent('calendar-delete', booking)

const insertRow = (tx: Transaction, booking: Booking, event: string, payload: CalendarRow, now: Date) =>
  insertBookingRows(tx, booking, BOOKING_CALENDAR_TARGET, [{ event, payload }], now)

/** In the booking's transaction: the event to put in the specialist's calendar (none without one). */
export async function writeCalendarEvent(
  tx: Transaction,
  booking: Booking,
  { settings, specialists, uid, ics, now }: { settings: CalendarSettings | null; specialists: Specialists; uid: string; ics: string; now: Date },
): Promise<void> {
  const calendar = calendarsOf(settings, specialists).find((item) => item.specialist === booking.specialist)
  if (!calendar) return
  await insertRow(tx, booking, putEvent(booking), { action: 'put', calendarUrl: calendar.url, filename: `${uid}.ics`, ics }, now)
}

/**
 * In the cancellation's transaction: the put not yet sent is skipped (nothing to remove then); a put that
 * was sent (or is being tried) is followed by a delete of the same object, with the ETag it got.
 */
export async function writeCalendarRemoval(tx: Transaction, booking: Booking, now: Date): Promise<void> {
  if ((await skipUnsentRows(tx, [BOOKING_CALENDAR_TARGET], [putEvent(booking)])).size > 0) return
  const [put] = await tx
    .select({ payload: outbox.payload, vendorRef: outbox.vendorRef })
    .from(outbox)
    .where(and(eq(outbox.target, BOOKING_CALENDAR_TARGET), eq(outbox.event, putEvent(booking))))
  const parsed = calendarPayload.safeParse(put?.payload)
  if (!parsed.success || parsed.data.action !== 'put') return
  await insertRow(
    tx,
    booking,
    deleteEvent(booking),
    { action: 'delete', calendarUrl: parsed.data.calendarUrl, filename: parsed.data.filename, etag: put!.vendorRef },
    now,
  )
}

/** A CalDAV server's answer as an attempt's outcome: 2xx done; a 4xx that says the request is wrong is final; 429 and 5xx wait and retry. */
export function davOutcome(response: Response, done: (status: number) => boolean = (status) => status >= 200 && status < 300): AttemptOutcome {
  if (done(response.status))
    return { kind: 'delivered', status: response.status, ...(response.headers.get('etag') ? { vendorRef: response.headers.get('etag')! } : {}) }
  const retryAfterMs = response.status === 429 || response.status === 503 ? parseRetryAfter(response.headers.get('retry-after')) : undefined
  return finalWhenWrong({
    kind: 'retry',
    status: response.status,
    error: `CalDAV answered ${response.status} ${response.statusText}`.trim(),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  })
}

/** One attempt of a `booking_calendar` row, bounded by the attempt's signal: never throws for HTTP reasons. */
export async function sendCalendarRow(settings: CalendarSettings, row: CalendarRow, signal: AbortSignal): Promise<AttemptOutcome> {
  if (!onServer(settings, row.calendarUrl)) return { kind: 'gone', status: null, error: 'the calendar is not on CALDAV_URL' }
  try {
    if (row.action === 'put') {
      const response = await createCalendarObject({
        calendar: { url: row.calendarUrl },
        filename: row.filename,
        iCalString: row.ics,
        headers: authorization(settings),
        fetchOptions: { signal },
      })
      // 412: an object of this name is there already, from an earlier attempt whose answer was lost.
      return davOutcome(response, (status) => (status >= 200 && status < 300) || status === 412)
    }
    const response = await deleteCalendarObject({
      calendarObject: { url: `${row.calendarUrl}${row.filename}`, etag: row.etag ?? undefined },
      headers: authorization(settings),
      fetchOptions: { signal },
    })
    // 404 or 410: already gone (removed by hand, or by an earlier attempt).
    return davOutcome(response, (status) => (status >= 200 && status < 300) || status === 404 || status === 410)
  } catch (error) {
    const { name, message } = error as { name?: string; message?: string }
    return { kind: 'retry', status: null, error: `${name ?? 'Error'}: ${message ?? String(error)}`.slice(0, 300) }
  }
}

/** The delivery target of the calendar's events: configured with CALDAV_URL and its account. */
export function bookingCalendarHandlers(settings: CalendarSettings | null): Record<string, AnyDeliveryTarget> {
  const target: AnyDeliveryTarget = {
    name: BOOKING_CALENDAR_TARGET,
    label: 'Agenda (CalDAV)',
    payload: calendarPayload,
    configured: settings !== null,
    variables: ['CALDAV_URL', 'CALDAV_USERNAME', 'CALDAV_PASSWORD'],
    send: (row: CalendarRow, _row, { signal }) =>
      settings ? sendCalendarRow(settings, row, signal) : Promise.resolve({ kind: 'retry', status: null, error: 'CALDAV_URL is not set' }),
  }
  return { [BOOKING_CALENDAR_TARGET]: target }
}
