/**
 * The agency's real calendar (issue 44, item 2) against a real CalDAV server,
 * Debian's Radicale (tests/support/radicale.ts), through tsdav: a busy time
 * in a specialist's calendar hides the slots it overlaps (a recurring one on
 * every day it recurs; a transparent one hides nothing), and a post of such a
 * slot is refused; a booking is written there as an event by the outbox, and
 * its cancel removes it (the slot is free at once, before the removal is
 * sent). A calendar that is down leaves the site's own bookings as the only
 * busy times, and a refused account fails its row for good.
 * On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { bookingEffects, type BookingOutside } from '~/booking/booking-effects.server'
import { bookFromPost, loadBookingPage, slotValue } from '~/booking/booking-page.server'
import { cancelBooking } from '~/booking/bookings.server'
import { BOOKING_CALENDAR_TARGET, bookingCalendarHandlers, type CalendarSettings } from '~/booking/calendar.server'
import { SLOT_TAKEN_MESSAGE } from '~/booking/slots'
import { getSchedulingSettings, setContentSource } from '~/content/content.server'
import type { SchedulingSettings } from '~/content/schemas'
import { createSeedSource } from '~/content/source.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { deliverOutbox } from '~/leads/outbox.server'
import { brasiliaMoment } from '~/utils/dates'
import { parseEnv } from '~/utils/env.server'
import { outbox } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { readInvitation } from '../../support/invitation'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { CONTACT_FIELDS, cookieFrom, leadPost, pageView, TEST_SITE, VISITOR } from '../../support/lead-requests'
import { RADICALE_PASSWORD, RADICALE_USER, startRadicale, type Radicale } from '../../support/radicale'

/** Monday morning in Brasília; the specialists work 09:00-12:00 and 14:00-18:00 on weekdays (the seed). */
const NOW = brasiliaMoment('2026-03-30', '06:00')
const MONDAY = '2026-03-30'
const TUESDAY = '2026-03-31'

beforeAll(() => setContentSource(createSeedSource()))
afterAll(() => setContentSource(undefined))

/** An event as a person's calendar app writes it (its own UID, in UTC, or recurring). */
const personalEvent = (uid: string, lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agenda pessoal//PT',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260301T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

const utc = (day: string, time: string) => brasiliaMoment(day, time).toISOString().replace(/[-:]/g, '').replace('.000', '')

describe.each(testDatabaseTargets())('the specialists’ calendar on $kind', ({ open }) => {
  const { pipeline, db } = leadPipelineFixture(open)
  let radicale: Radicale
  let settings: SchedulingSettings
  let anaCalendar: string

  beforeAll(async () => {
    radicale = await startRadicale()
    anaCalendar = await radicale.makeCalendar(`ana-${crypto.randomUUID()}`)
    const seed = await getSchedulingSettings()
    // Ana's entry in the Studio names her calendar; Bruno has none.
    settings = { ...seed, specialists: seed.specialists.map((person) => (person.key === 'ana-ribeiro' ? { ...person, calendarUrl: anaCalendar } : person)) }
    const put = (uid: string, lines: string[]) =>
      fetch(`${anaCalendar}${uid}.ics`, { method: 'PUT', headers: { ...radicale.basicAuth, 'content-type': 'text/calendar' }, body: personalEvent(uid, lines) })
    // Tuesday 10:00-11:00: a dentist. Every Monday 14:00-15:00 from March: a team meeting. Tuesday 15:00: a reminder that holds no time.
    await put('dentista', [`DTSTART:${utc(TUESDAY, '10:00')}`, `DTEND:${utc(TUESDAY, '11:00')}`, 'SUMMARY:Dentista'])
    await put('reuniao', [
      `DTSTART:${utc('2026-03-02', '14:00')}`,
      `DTEND:${utc('2026-03-02', '15:00')}`,
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'SUMMARY:Reunião de equipe',
    ])
    await put('lembrete', [`DTSTART:${utc(TUESDAY, '15:00')}`, `DTEND:${utc(TUESDAY, '15:30')}`, 'TRANSP:TRANSPARENT', 'SUMMARY:Ligar para o contador'])
  })
  afterAll(() => radicale?.close())
  beforeEach(() => radicale.start())

  const account = (password = RADICALE_PASSWORD): CalendarSettings => ({ url: radicale.url, username: RADICALE_USER, password })
  const outside = (calendar: CalendarSettings = account()): BookingOutside => ({ siteUrl: TEST_SITE, mail: null, calendar, crms: [] })
  const deliver = (calendar: CalendarSettings = account()) =>
    deliverOutbox({
      db: db(),
      timing: { timeoutMs: 2_000, retryScheduleMs: [1_000] },
      webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
      handlers: bookingCalendarHandlers(calendar),
      now: () => NOW,
    })
  const calendarRows = () => db().select().from(outbox).where(eq(outbox.target, BOOKING_CALENDAR_TARGET))
  const objects = async () => {
    const answer = await fetch(anaCalendar, { method: 'PROPFIND', headers: { ...radicale.basicAuth, depth: '1' } })
    return [...(await answer.text()).matchAll(/<(?:\w+:)?href>[^<]*\/([^/<]+\.ics)<\/(?:\w+:)?href>/gi)].map((match) => decodeURIComponent(match[1]!))
  }

  async function visitor() {
    const outcome = await handleLeadAction({
      request: leadPost('/contato', { ...CONTACT_FIELDS, name: 'Otávio Mendes', email: `${crypto.randomUUID()}@exemplo.com.br` }),
      context: VISITOR,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    if (outcome.status !== 'success') throw new Error(`the lead was refused: ${outcome.status}`)
    return cookieFrom(outcome.headers)
  }
  const times = async (cookie: string, day: string, calendar?: CalendarSettings) => {
    const view = await loadBookingPage({
      db: db(),
      request: pageView(`/agendar?dia=${day}`, { Cookie: cookie }),
      settings,
      now: NOW,
      day,
      outside: outside(calendar),
    })
    const of = (key: string) => view.day!.specialists.find((item) => item.key === key)!.slots.map((slot) => slot.time)
    return { ana: of('ana-ribeiro'), bruno: of('bruno-carvalho') }
  }
  const book = (cookie: string, day: string, time: string) =>
    bookFromPost({
      db: db(),
      request: new Request(`${TEST_SITE}/agendar?dia=${day}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        body: new URLSearchParams({ horario: slotValue({ specialist: 'ana-ribeiro', start: brasiliaMoment(day, time) }) }),
      }),
      settings,
      now: NOW,
      outside: outside(),
    })

  it('hides the slots a busy time of her calendar overlaps, recurring ones too, and refuses a post of one', async () => {
    const cookie = await visitor()
    const tuesday = await times(cookie, TUESDAY)
    expect(tuesday.ana.slice(0, 4)).toEqual(['09:00', '09:30', '11:00', '11:30'])
    expect(tuesday.ana).toContain('15:00')
    expect(tuesday.bruno.slice(0, 4)).toEqual(['09:00', '09:30', '10:00', '10:30'])
    const monday = await times(cookie, MONDAY)
    expect(monday.ana).not.toContain('14:00')
    expect(monday.ana).not.toContain('14:30')
    expect(monday.ana).toContain('15:00')
    expect(await book(cookie, TUESDAY, '10:00')).toMatchObject({ ok: false, status: 409, message: SLOT_TAKEN_MESSAGE })
  })

  it('writes a booking into her calendar as an event, and its cancel frees the slot at once and removes the event', async () => {
    const cookie = await visitor()
    const booked = await book(cookie, TUESDAY, '09:00')
    if (!booked.ok || !booked.bookingId) throw new Error('not booked')
    expect((await calendarRows()).map((row) => row.event)).toEqual([`calendar-put:${booked.bookingId}`])
    expect(await deliver()).toMatchObject({ delivered: 1, failed: 0 })
    const filename = `sessao-${booked.bookingId}@localhost.ics`
    expect(await objects()).toContain(filename)
    const stored = await (await fetch(`${anaCalendar}${filename}`, { headers: radicale.basicAuth })).text()
    expect(stored).not.toMatch(/^METHOD:/m)
    expect(readInvitation(stored)).toMatchObject({
      uid: `sessao-${booked.bookingId}@localhost`,
      tzid: 'America/Sao_Paulo',
      start: brasiliaMoment(TUESDAY, '09:00'),
      status: 'CONFIRMED',
    })
    const [put] = await calendarRows()
    expect(put!.vendorRef).toMatch(/^"[0-9a-f]+"$/)

    // The site's own event never hides a slot: the booking does, and after a cancel the slot is back before the event goes.
    const next = await visitor()
    expect((await times(next, TUESDAY)).ana[0]).toBe('09:30')
    await cancelBooking(db(), booked.bookingId, bookingEffects(outside(), settings, NOW).cancelled)
    expect((await times(next, TUESDAY)).ana[0]).toBe('09:00')
    const removal = (await calendarRows()).find((row) => row.event === `calendar-delete:${booked.bookingId}`)!
    expect(removal.payload).toMatchObject({ action: 'delete', etag: put!.vendorRef })
    expect(await deliver()).toMatchObject({ delivered: 1, failed: 0 })
    expect(await objects()).not.toContain(filename)
  })

  it('a booking cancelled before its event was written writes none', async () => {
    const cookie = await visitor()
    const booked = await book(cookie, TUESDAY, '11:00')
    if (!booked.ok || !booked.bookingId) throw new Error('not booked')
    await cancelBooking(db(), booked.bookingId, bookingEffects(outside(), settings, NOW).cancelled)
    expect((await calendarRows()).map((row) => [row.event, row.status])).toEqual([[`calendar-put:${booked.bookingId}`, 'skipped']])
    expect(await deliver()).toMatchObject({ claimed: 0 })
  })

  it('a calendar that is down leaves the slots to the site’s bookings and retries the event; a refused account fails it for good', async () => {
    const cookie = await visitor()
    const warn = vi.spyOn(process.stdout, 'write')
    await radicale.stop()
    try {
      const tuesday = await times(cookie, TUESDAY)
      expect(tuesday.ana.slice(0, 3)).toEqual(['09:00', '09:30', '10:00'])
      expect(warn.mock.calls.map(([line]) => String(line)).join('')).toContain('"msg":"calendar busy times unread"')
      expect(warn.mock.calls.map(([line]) => String(line)).join('')).not.toContain(RADICALE_PASSWORD)
      const booked = await book(cookie, TUESDAY, '09:30')
      expect(booked).toMatchObject({ ok: true })
      expect(await deliver()).toMatchObject({ pending: 1, failed: 0 })
    } finally {
      warn.mockRestore()
      await radicale.start()
    }
    await db().update(outbox).set({ nextAttemptAt: NOW }).where(eq(outbox.target, BOOKING_CALENDAR_TARGET))
    expect(await deliver(account('senha-errada'))).toMatchObject({ failed: 1 })
    const [row] = await calendarRows()
    expect(row).toMatchObject({ status: 'failed', lastStatus: 401 })
  })
})

describe('the calendar’s variables', () => {
  const base = { NODE_ENV: 'test' }
  it('are all three or none, each named when missing or wrong, and the password never in the message', () => {
    expect(parseEnv(base).CALDAV_URL).toBeUndefined()
    expect(parseEnv({ ...base, CALDAV_URL: 'https://caldav.exemplo.com.br/', CALDAV_USERNAME: 'agenda', CALDAV_PASSWORD: 'segredo' }).CALDAV_USERNAME).toBe(
      'agenda',
    )
    expect(() => parseEnv({ ...base, CALDAV_URL: 'https://caldav.exemplo.com.br/' })).toThrow(
      /CALDAV_USERNAME: required when CALDAV_URL is set \(the calendar needs all three\)[\s\S]*CALDAV_PASSWORD: required/,
    )
    expect(() => parseEnv({ ...base, CALDAV_URL: 'ftp://caldav', CALDAV_USERNAME: 'agenda', CALDAV_PASSWORD: 'segredo-grande' })).toThrow(
      /CALDAV_URL: must be an absolute http\(s\) URL/,
    )
    expect(() => parseEnv({ ...base, CALDAV_USERNAME: 'agenda', CALDAV_PASSWORD: 'segredo-grande' })).toThrow(/^(?![\s\S]*segredo-grande)[\s\S]*CALDAV_URL/)
  })
})
