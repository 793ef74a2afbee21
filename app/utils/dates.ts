/**
 * Dates as the site shows them, in one place. A moment (a lead's arrival, a
 * delivery attempt) is shown in Brasília's time, whatever the server's or
 * the visitor's zone; a calendar day written in content (YYYY-MM-DD) is shown
 * as that day, never shifted by a zone. pt-BR everywhere except the CSV's
 * sortable column.
 */

/** Brasília's time zone: the agency's and its clients'. */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: BRASILIA_TIME_ZONE })
const dateTimeWithSeconds = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: BRASILIA_TIME_ZONE })
// Sweden's locale writes ISO-like 'YYYY-MM-DD HH:MM', which spreadsheets sort as text.
const sortableDateTime = new Intl.DateTimeFormat('sv-SE', { timeZone: BRASILIA_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' })

/** A moment in Brasília's time: '24/11/2025, 13:45', or with seconds '24/11/2025, 13:45:07'. */
export function formatDateTime(value: string | number | Date, { seconds = false }: { seconds?: boolean } = {}): string {
  return (seconds ? dateTimeWithSeconds : dateTime).format(new Date(value))
}

/** A moment in Brasília's time as text a spreadsheet sorts: '2025-11-24 13:45'. */
export const formatSortableDateTime = (value: string | number | Date) => sortableDateTime.format(new Date(value))

const brasiliaCalendarDay = new Intl.DateTimeFormat('sv-SE', { timeZone: BRASILIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Brasília day (YYYY-MM-DD) a moment falls on: what the admin's daily counts group by. */
export const brasiliaDay = (moment: string | number | Date) => brasiliaCalendarDay.format(new Date(moment))

const brasiliaClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BRASILIA_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

/** How far Brasília's clock is from UTC at `moment`, in ms (−3 h today; −2 h in the summers of daylight saving, until 2019). */
function brasiliaOffsetMs(moment: number): number {
  const part = Object.fromEntries(brasiliaClock.formatToParts(moment).map(({ type, value }) => [type, Number(value)]))
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
  return asUtc - Math.floor(moment / 1000) * 1000
}

/** Brasília's UTC offset at `moment` as iCalendar writes it: '-0300' (the time-zone database's, never a constant). */
export function brasiliaUtcOffset(moment: Date | number): string {
  const minutes = Math.round(brasiliaOffsetMs(new Date(moment).getTime()) / 60_000)
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')
  return `${minutes < 0 ? '-' : '+'}${hours}${String(Math.abs(minutes) % 60).padStart(2, '0')}`
}

/**
 * The first moment of a Brasília day (YYYY-MM-DD), from the time-zone database as PostgreSQL's
 * `day::timestamp AT TIME ZONE 'America/Sao_Paulo'` reads it: local midnight, or, on a day whose midnight the
 * clocks skipped (daylight saving began at 00:00), the moment they jumped to 01:00. Brazil has kept UTC−3 since
 * 2019, so today it is 03:00 UTC; older days follow the rules of their time.
 */
export function brasiliaDayStart(day: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`)
  const first = midnightAsUtc - brasiliaOffsetMs(midnightAsUtc)
  const candidates = [first, midnightAsUtc - brasiliaOffsetMs(first)].filter((moment) => brasiliaDay(moment) === day)
  return new Date(Math.min(...candidates))
}

/** When a Brasília day (YYYY-MM-DD) is over: the next one's start (a day of 23 or 25 hours when the clocks changed), so a filter's last day counts in full. */
export const brasiliaDayEnd = (day: string) => brasiliaDayStart(addCalendarDays(day, 1))

/** The calendar day `count` days after `day` (YYYY-MM-DD; a negative count goes back). Calendar arithmetic: no zone involved. */
export const addCalendarDays = (day: string, count: number) => new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10)

/** The weekday of a calendar day (YYYY-MM-DD): 0 for Sunday to 6 for Saturday, as Date#getDay counts. */
export const calendarWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay()

/**
 * The moment a Brasília wall clock shows `time` (HH:MM) on `day` (YYYY-MM-DD), from the time-zone database:
 * '2026-03-02' at '09:00' is 12:00 UTC (UTC−3 since 2019). A time the clocks skipped (the start of daylight
 * saving, as until 2019) falls an hour later, as PostgreSQL's `AT TIME ZONE` reads it.
 */
export function brasiliaMoment(day: string, time: string): Date {
  const wallAsUtc = Date.parse(`${day}T${time}:00Z`)
  if (Number.isNaN(wallAsUtc)) throw new RangeError(`not a day and time: ${day} ${time}`)
  const first = wallAsUtc - brasiliaOffsetMs(wallAsUtc)
  const candidates = [first, wallAsUtc - brasiliaOffsetMs(first)]
  const shown = candidates.filter((moment) => brasiliaDay(moment) === day && brasiliaTime(moment) === time)
  return new Date(shown.length > 0 ? Math.min(...shown) : Math.max(...candidates))
}

const brasiliaClockTime = new Intl.DateTimeFormat('en-GB', { timeZone: BRASILIA_TIME_ZONE, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })

/** The time a Brasília wall clock shows at `moment` (HH:MM): what a booking's slot is named by. */
export const brasiliaTime = (moment: string | number | Date) => brasiliaClockTime.format(new Date(moment))

const calendarDay = {
  short: new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
}

/** A calendar day as written in content (YYYY-MM-DD): '23 de out. de 2025' (short) or '23 de outubro de 2025' (long). */
export function formatCalendarDay(isoDate: string, month: 'short' | 'long'): string {
  return calendarDay[month].format(new Date(`${isoDate}T00:00:00Z`))
}

const weekdayLong = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' })

/** A calendar day with its weekday, as a page and a screen reader say it: 'terça-feira, 1 de dezembro de 2026'. */
export const formatWeekdayDate = (isoDate: string) => `${weekdayLong.format(new Date(`${isoDate}T00:00:00Z`))}, ${formatCalendarDay(isoDate, 'long')}`
