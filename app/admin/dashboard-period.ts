/**
 * The dashboard's period (/admin?periodo=7|30|90): the last 7, 30 or 90
 * Brasília days, today included, and the same number of days before them
 * for the comparison. Safe for the browser: the period links read it.
 */
import { brasiliaDay } from '~/utils/dates'

export const DASHBOARD_PERIODS = [7, 30, 90] as const
export type DashboardDays = (typeof DASHBOARD_PERIODS)[number]
export const DEFAULT_DASHBOARD_DAYS: DashboardDays = 30

/** The days a `?periodo=` asks for; anything else is the default (an edited URL still shows a page). */
export function dashboardDaysFrom(params: URLSearchParams): DashboardDays {
  const asked = Number(params.get('periodo'))
  return DASHBOARD_PERIODS.find((days) => days === asked) ?? DEFAULT_DASHBOARD_DAYS
}

/** A calendar day (YYYY-MM-DD) moved by a number of days. */
export function addDays(day: string, days: number): string {
  const moment = new Date(`${day}T00:00:00Z`)
  moment.setUTCDate(moment.getUTCDate() + days)
  return moment.toISOString().slice(0, 10)
}

/** First and last Brasília day of the period and of the one before it. */
export type DashboardPeriod = { days: DashboardDays; first: string; last: string; previousFirst: string; previousLast: string }

export function dashboardPeriod(days: DashboardDays, now: Date = new Date()): DashboardPeriod {
  const last = brasiliaDay(now)
  const first = addDays(last, -(days - 1))
  return { days, first, last, previousFirst: addDays(first, -days), previousLast: addDays(first, -1) }
}

/** Every day of the period, oldest first. */
export const periodDays = ({ first, days }: Pick<DashboardPeriod, 'first' | 'days'>) => Array.from({ length: days }, (_, index) => addDays(first, index))
