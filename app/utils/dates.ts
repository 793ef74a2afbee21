/**
 * Dates as the site shows them, in one place. A moment (a lead's arrival, a
 * delivery attempt) is shown in Brasília's time, whatever the server's or
 * the visitor's zone; a calendar day written in content (YYYY-MM-DD) is shown
 * as that day, never shifted by a zone. pt-BR everywhere except the CSV's
 * sortable column.
 */

/** Brasília's time zone: the agency's and its clients'. */
const BRASILIA_TIME_ZONE = 'America/Sao_Paulo'

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

/** Brazil keeps UTC−3 all year (no daylight saving since 2019): a Brasília day (YYYY-MM-DD) starts at 03:00 UTC. */
export const brasiliaDayStart = (day: string) => new Date(`${day}T00:00:00-03:00`)

/** When a Brasília day (YYYY-MM-DD) is over: the next one's start, so a filter's last day counts in full. */
export const brasiliaDayEnd = (day: string) => new Date(brasiliaDayStart(day).getTime() + 86_400_000)

const calendarDay = {
  short: new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
}

/** A calendar day as written in content (YYYY-MM-DD): '23 de out. de 2025' (short) or '23 de outubro de 2025' (long). */
export function formatCalendarDay(isoDate: string, month: 'short' | 'long'): string {
  return calendarDay[month].format(new Date(`${isoDate}T00:00:00Z`))
}
