/**
 * A calendar object's zones are its own (calendar.server.ts, eventTimes):
 * ical.js resolves a TZID through one registry for the process, so a zone
 * one calendar defines must not change how a later calendar's times read.
 */
import { describe, expect, it } from 'vitest'
import { eventTimes } from '~/booking/calendar.server'

const FROM = new Date('2026-03-01T00:00:00Z')
const TO = new Date('2026-04-01T00:00:00Z')
const read = (ics: string) => eventTimes(ics, { from: FROM, to: TO, ownUidSuffix: '@localhost' })

const object = (zone: string | null, uid: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Teste//PT',
    ...(zone ?? '').split('\n').filter(Boolean),
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260301T000000Z',
    'DTSTART;TZID=Agencia/Escritorio:20260310T090000',
    'DTEND;TZID=Agencia/Escritorio:20260310T100000',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

const zoneAt = (offset: string) =>
  [
    'BEGIN:VTIMEZONE',
    'TZID:Agencia/Escritorio',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\n')

describe("a calendar object's time zones", () => {
  it('reads its own zone, and leaves none behind for the next calendar', () => {
    const alone = read(object(null, 'b@exemplo'))
    expect(read(object(zoneAt('+0500'), 'a@exemplo'))).toEqual([{ start: new Date('2026-03-10T04:00:00Z'), end: new Date('2026-03-10T05:00:00Z') }])
    expect(read(object(zoneAt('-0300'), 'c@exemplo'))).toEqual([{ start: new Date('2026-03-10T12:00:00Z'), end: new Date('2026-03-10T13:00:00Z') }])
    // A calendar that names the zone without defining it reads as it did before the others were read.
    expect(read(object(null, 'b@exemplo'))).toEqual(alone)
  })
})
