import type { Weekday } from '~/content/scheduling-rules'
import { WEEKDAYS } from '~/content/scheduling-rules'
import { addCalendarDays, brasiliaDay, brasiliaMoment, brasiliaTime, calendarWeekday } from '~/utils/dates'

/**
 * The free strategy session's slots (issue 44, ADR 055), pure: from the
 * scheduling settings (the Studio's `schedulingSettings`), the time now and
 * what already takes each specialist's time, the free slots of each day of
 * the horizon, and whether one slot a person picked is still free.
 *
 * Every wall-clock time is Brasília's, turned into moments by the one helper
 * of app/utils/dates.ts (`brasiliaMoment`, from the time-zone database); the
 * moments themselves are plain `Date`s.
 *
 * - The grid: each weekday interval offers a slot at its start and every
 *   `meetingMinutes` after it, while the meeting fits before its end.
 * - Buffer: a slot is free when nothing of the specialist's lies within
 *   `bufferMinutes` of it, before or after (the database keeps the same gap
 *   after each booking: bookings.server.ts).
 * - Notice: a slot starts at least `minimumNoticeHours` after now (and after
 *   now itself with no notice: a slot starting this very moment has passed).
 * - Horizon: `horizonDays` calendar days, today (in Brasília) the first.
 * - Blocked dates: no slot at all that day, for anyone.
 */

/** What the slots are made from: the scheduling settings' fields (SchedulingSettings of app/content/schemas.ts fits). */
export type SchedulingRules = {
  meetingMinutes: number
  bufferMinutes: number
  minimumNoticeHours: number
  horizonDays: number
  blockedDates: ReadonlyArray<{ date: string }>
  specialists: ReadonlyArray<{
    key: string
    weeklyHours: ReadonlyArray<{ weekday: Weekday; intervals: ReadonlyArray<{ start: string; end: string }> }>
  }>
}

/** A time a specialist is not free: a booking of the site, or a busy time from their calendar. */
export type BusyTime = { specialist: string; start: Date; end: Date }

/** A slot: its specialist, its moments, and the Brasília day and time that name it ('2026-03-02', '09:30'). */
export type Slot = { specialist: string; start: Date; end: Date; day: string; time: string }

export type AvailabilityInput = {
  rules: SchedulingRules
  now: Date
  /** The site's bookings that hold time (status `booked`). */
  bookings: readonly BusyTime[]
  /** Busy times of the specialists' calendars (CalDAV, later); none without one. */
  busy?: readonly BusyTime[]
}

/** A day of the horizon: blocked (a holiday) or not, and each specialist's free slots, in the settings' order. */
export type AvailableDay = { day: string; blocked: boolean; specialists: Array<{ specialist: string; slots: Slot[] }> }

const MINUTE = 60_000

/** The weekday names as Date#getDay counts them (0 is Sunday). */
const weekdayByNumber = new Map<number, Weekday>(WEEKDAYS.map(({ value, weekday }) => [weekday, value]))

type Window = { start: Date; end: Date }

/** A specialist's working intervals on one Brasília day, as moments. */
function windowsOn(specialist: SchedulingRules['specialists'][number], day: string): Window[] {
  const weekday = weekdayByNumber.get(calendarWeekday(day))
  const hours = specialist.weeklyHours.find((item) => item.weekday === weekday)
  return (hours?.intervals ?? []).map(({ start, end }) => ({ start: brasiliaMoment(day, start), end: brasiliaMoment(day, end) }))
}

/** The grid of one interval: a slot at its start and every meeting length after it, while the meeting fits. */
function gridOf(window: Window, meetingMs: number): Window[] {
  const slots: Window[] = []
  for (let start = window.start.getTime(); start + meetingMs <= window.end.getTime(); start += meetingMs) {
    slots.push({ start: new Date(start), end: new Date(start + meetingMs) })
  }
  return slots
}

/** Whether something of the specialist's lies within the buffer of [start, end). */
function clashes(slot: Window, taken: readonly BusyTime[], bufferMs: number): boolean {
  return taken.some((busy) => slot.start.getTime() < busy.end.getTime() + bufferMs && busy.start.getTime() < slot.end.getTime() + bufferMs)
}

/** The Brasília days a person may book now: today and the following ones, `horizonDays` in all. */
export function horizonDays(rules: Pick<SchedulingRules, 'horizonDays'>, now: Date): string[] {
  const today = brasiliaDay(now)
  return Array.from({ length: rules.horizonDays }, (_, index) => addCalendarDays(today, index))
}

const earliestStart = (rules: SchedulingRules, now: Date) => now.getTime() + rules.minimumNoticeHours * 60 * MINUTE

/** Each day of the horizon with each specialist's free slots (none on a blocked date). */
export function availableDays({ rules, now, bookings, busy = [] }: AvailabilityInput): AvailableDay[] {
  const blocked = new Set(rules.blockedDates.map((item) => item.date))
  const meetingMs = rules.meetingMinutes * MINUTE
  const bufferMs = rules.bufferMinutes * MINUTE
  const earliest = earliestStart(rules, now)
  const takenBy = new Map(rules.specialists.map(({ key }) => [key, [...bookings, ...busy].filter((item) => item.specialist === key)]))
  return horizonDays(rules, now).map((day) => ({
    day,
    blocked: blocked.has(day),
    specialists: rules.specialists.map((specialist) => ({
      specialist: specialist.key,
      slots: blocked.has(day)
        ? []
        : windowsOn(specialist, day)
            .flatMap((window) => gridOf(window, meetingMs))
            .filter(
              (slot) => slot.start.getTime() > now.getTime() && slot.start.getTime() >= earliest && !clashes(slot, takenBy.get(specialist.key) ?? [], bufferMs),
            )
            .map((slot) => ({ specialist: specialist.key, ...slot, day, time: brasiliaTime(slot.start) })),
    })),
  }))
}

/** Why a slot cannot be booked: each has its Portuguese message (slotRefusalMessage). */
export const SLOT_REFUSALS = ['unknown_specialist', 'past', 'blocked_date', 'beyond_horizon', 'too_soon', 'outside_hours', 'off_grid', 'taken'] as const
export type SlotRefusal = (typeof SLOT_REFUSALS)[number]

/** A refusal named by a string from outside (an address), or null. */
export const slotRefusalOf = (value: string | null): SlotRefusal | null => SLOT_REFUSALS.find((reason) => reason === value) ?? null

/** The answer the booking page shows when someone else took the slot first (issue 44, item 4). */
export const SLOT_TAKEN_MESSAGE = 'Esse horário acabou de ser reservado'

/** What the person reads when a slot is refused: short, and what to do next. */
export function slotRefusalMessage(reason: SlotRefusal, rules: Pick<SchedulingRules, 'horizonDays' | 'minimumNoticeHours'>): string {
  switch (reason) {
    case 'unknown_specialist':
      return 'Escolha um dos especialistas da lista.'
    case 'past':
      return 'Esse horário já passou. Escolha outro.'
    case 'blocked_date':
      return 'Não há atendimento nesse dia. Escolha outra data.'
    case 'beyond_horizon':
      return `A agenda está aberta para os próximos ${rules.horizonDays} dias. Escolha uma data mais próxima.`
    case 'too_soon':
      return `Agende com pelo menos ${rules.minimumNoticeHours} ${rules.minimumNoticeHours === 1 ? 'hora' : 'horas'} de antecedência. Escolha um horário mais tarde.`
    case 'outside_hours':
      return 'Esse horário está fora do expediente. Escolha um dos horários disponíveis.'
    case 'off_grid':
      return 'Esse horário não está na agenda. Escolha um dos horários disponíveis.'
    case 'taken':
      return SLOT_TAKEN_MESSAGE
  }
}

export type SlotCheck = { ok: true; slot: Slot } | { ok: false; reason: SlotRefusal; message: string }

/**
 * Is this specialist's slot starting at `start` free now? The booking
 * action's check before it stores anything (the database still has the last
 * word on a race: bookSlot). A refusal names the first reason, in this
 * order: an unknown specialist, the past, a blocked date, beyond the
 * horizon, too soon, outside the hours, off the grid, taken.
 */
export function checkSlot(input: AvailabilityInput & { specialist: string; start: Date }): SlotCheck {
  const { rules, now, start, bookings, busy = [] } = input
  const refuse = (reason: SlotRefusal): SlotCheck => ({ ok: false, reason, message: slotRefusalMessage(reason, rules) })
  const specialist = rules.specialists.find((item) => item.key === input.specialist)
  if (!specialist) return refuse('unknown_specialist')
  if (Number.isNaN(start.getTime()) || start.getTime() <= now.getTime()) return refuse('past')
  const day = brasiliaDay(start)
  if (rules.blockedDates.some((item) => item.date === day)) return refuse('blocked_date')
  if (!horizonDays(rules, now).includes(day)) return refuse('beyond_horizon')
  if (start.getTime() < earliestStart(rules, now)) return refuse('too_soon')
  const meetingMs = rules.meetingMinutes * MINUTE
  const window = windowsOn(specialist, day).find((item) => start >= item.start && start < item.end)
  if (!window) return refuse('outside_hours')
  if ((start.getTime() - window.start.getTime()) % meetingMs !== 0) return refuse('off_grid')
  const slot = { start, end: new Date(start.getTime() + meetingMs) }
  if (slot.end > window.end) return refuse('outside_hours')
  const taken = [...bookings, ...busy].filter((item) => item.specialist === specialist.key)
  if (clashes(slot, taken, rules.bufferMinutes * MINUTE)) return refuse('taken')
  return { ok: true, slot: { specialist: specialist.key, ...slot, day, time: brasiliaTime(start) } }
}
