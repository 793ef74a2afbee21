import { describe, expect, it } from 'vitest'
import { brasiliaDayEnd, brasiliaDayStart, formatCalendarDay, formatDateTime, formatSortableDateTime } from '~/utils/dates'

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
