import { describe, expect, it } from 'vitest'
import {
  addCalendarDays,
  brasiliaDayEnd,
  brasiliaDayStart,
  brasiliaMoment,
  brasiliaTime,
  calendarWeekday,
  formatCalendarDay,
  formatDateTime,
  formatSortableDateTime,
} from '~/utils/dates'

// 16:45:07 UTC is 13:45:07 in Brasília (UTC−3); 01:30 UTC is still the day before there.
const moment = '2025-11-24T16:45:07.000Z'

describe('dates', () => {
  it('shows a moment in Brasília time, pt-BR, with or without seconds', () => {
    expect(formatDateTime(moment)).toBe('24/11/2025, 13:45')
    expect(formatDateTime(new Date(moment).getTime(), { seconds: true })).toBe('24/11/2025, 13:45:07')
    expect(formatDateTime(new Date('2025-11-25T01:30:00Z'))).toBe('24/11/2025, 22:30')
  })

  it('writes the CSV column as text a spreadsheet sorts', () => {
    expect(formatSortableDateTime(moment)).toBe('2025-11-24 13:45')
  })

  it('starts a Brasília day at 03:00 UTC, and ends it when the next one starts', () => {
    expect(brasiliaDayStart('2025-11-24').toISOString()).toBe('2025-11-24T03:00:00.000Z')
    expect(brasiliaDayEnd('2025-11-24').toISOString()).toBe('2025-11-25T03:00:00.000Z')
    expect(brasiliaDayEnd('2025-12-31').toISOString()).toBe('2026-01-01T03:00:00.000Z')
  })

  it('shows a content calendar day as written, whatever the zone', () => {
    expect(formatCalendarDay('2025-10-23', 'short')).toBe('23 de out. de 2025')
    expect(formatCalendarDay('2024-09-01', 'long')).toBe('1 de setembro de 2024')
  })
})

describe('Brasília wall-clock times', () => {
  it('turns a day and a time into the moment, from the time-zone database, across the UTC day boundary', () => {
    expect(brasiliaMoment('2026-03-02', '09:00').toISOString()).toBe('2026-03-02T12:00:00.000Z')
    expect(brasiliaMoment('2026-03-02', '21:30').toISOString()).toBe('2026-03-03T00:30:00.000Z')
    expect(brasiliaMoment('2026-03-02', '00:00').toISOString()).toBe(brasiliaDayStart('2026-03-02').toISOString())
    // Daylight saving (until 2019): UTC−2 in the summer, and 00:30 of 2018-11-04 never showed (00:00 → 01:00).
    expect(brasiliaMoment('2019-01-15', '09:00').toISOString()).toBe('2019-01-15T11:00:00.000Z')
    expect(brasiliaMoment('2018-11-04', '00:30').toISOString()).toBe('2018-11-04T03:30:00.000Z')
    expect(() => brasiliaMoment('2026-02-30x', '09:00')).toThrow(RangeError)
  })

  it('reads the wall clock back, and counts calendar days and weekdays with no zone', () => {
    expect(brasiliaTime('2026-03-03T00:30:00Z')).toBe('21:30')
    expect(brasiliaTime(brasiliaMoment('2026-07-10', '14:05'))).toBe('14:05')
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(calendarWeekday('2026-03-02')).toBe(1)
    expect(calendarWeekday('2026-03-08')).toBe(0)
  })
})
