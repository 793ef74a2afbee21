import { describe, expect, it } from 'vitest'
import { availableDays, checkSlot, SLOT_TAKEN_MESSAGE, type AvailabilityInput, type BusyTime, type SchedulingRules } from '~/booking/slots'
import { intervalProblems } from '~/content/scheduling-rules'
import { brasiliaMoment } from '~/utils/dates'

/**
 * The slots of the free strategy session, on Brasília's clock (UTC−3 since
 * 2019): 09:00 there is 12:00 UTC, 21:00 there is 00:00 UTC of the next day.
 * 2026-03-02 is a Monday.
 */
const weekdays = (intervals: Array<{ start: string; end: string }>) =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((weekday) => ({ weekday, intervals }))

const rules: SchedulingRules = {
  meetingMinutes: 30,
  bufferMinutes: 0,
  minimumNoticeHours: 2,
  horizonDays: 14,
  blockedDates: [{ date: '2026-03-04' }],
  specialists: [
    {
      key: 'ana',
      weeklyHours: weekdays([
        { start: '09:00', end: '12:00' },
        { start: '14:00', end: '18:00' },
      ]),
    },
    { key: 'bruno', weeklyHours: [{ weekday: 'monday', intervals: [{ start: '18:00', end: '23:30' }] }] },
  ],
}

const at = (day: string, time: string) => brasiliaMoment(day, time)
/** Monday 2026-03-02, 06:00 in Brasília. */
const mondayMorning = new Date('2026-03-02T09:00:00Z')

const times = (input: AvailabilityInput, day: string, specialist: string) =>
  availableDays(input)
    .find((item) => item.day === day)
    ?.specialists.find((item) => item.specialist === specialist)
    ?.slots.map((slot) => slot.time)

const check = (input: Partial<AvailabilityInput> & { specialist?: string; start: Date }) =>
  checkSlot({ rules, now: mondayMorning, bookings: [], specialist: 'ana', ...input })

describe('available days', () => {
  it('offers the horizon from today, with the meeting-length grid from each interval start', () => {
    const days = availableDays({ rules, now: mondayMorning, bookings: [] })
    expect(days.map((day) => day.day)).toEqual(Array.from({ length: 14 }, (_, index) => `2026-03-${String(index + 2).padStart(2, '0')}`))
    expect(times({ rules, now: mondayMorning, bookings: [] }, '2026-03-02', 'ana')).toEqual([
      ...['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'],
      ...['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'],
    ])
    const [first] = days[0]!.specialists[0]!.slots
    expect(first).toEqual({
      specialist: 'ana',
      day: '2026-03-02',
      time: '09:00',
      start: new Date('2026-03-02T12:00:00Z'),
      end: new Date('2026-03-02T12:30:00Z'),
    })
    // The weekend has no hours.
    expect(days.find((day) => day.day === '2026-03-07')?.specialists.every((item) => item.slots.length === 0)).toBe(true)
  })

  it('blocks a blocked date for every specialist', () => {
    const wednesday = availableDays({ rules, now: mondayMorning, bookings: [] }).find((day) => day.day === '2026-03-04')!
    expect(wednesday.blocked).toBe(true)
    expect(wednesday.specialists.flatMap((item) => item.slots)).toEqual([])
  })

  it('keeps an evening interval on its Brasília day across the UTC midnight (21:00-03:00 UTC)', () => {
    const slots = availableDays({ rules, now: mondayMorning, bookings: [] })[0]!.specialists[1]!.slots
    expect(slots.map((slot) => slot.time)).toEqual(['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00'])
    expect(slots.every((slot) => slot.day === '2026-03-02')).toBe(true)
    expect(slots.find((slot) => slot.time === '21:00')?.start.toISOString()).toBe('2026-03-03T00:00:00.000Z')
    expect(slots.at(-1)?.end.toISOString()).toBe('2026-03-03T02:30:00.000Z')

    // At 01:00 UTC on Tuesday it is still Monday 22:00 in Brasília: today is Monday, and the horizon ends 13 days later.
    const lateMonday = new Date('2026-03-03T01:00:00Z')
    const days = availableDays({ rules: { ...rules, minimumNoticeHours: 0 }, now: lateMonday, bookings: [] })
    expect(days[0]?.day).toBe('2026-03-02')
    expect(days.at(-1)?.day).toBe('2026-03-15')
    expect(days[0]?.specialists[1]?.slots.map((slot) => slot.time)).toEqual(['22:30', '23:00'])
    // At 03:00 UTC, Tuesday begins there.
    expect(availableDays({ rules, now: new Date('2026-03-03T03:00:00Z'), bookings: [] })[0]?.day).toBe('2026-03-03')
  })

  it('offers nothing from an interval shorter than the meeting, and no slot that would run past its end', () => {
    const short: SchedulingRules = {
      ...rules,
      specialists: [
        {
          key: 'ana',
          weeklyHours: weekdays([
            { start: '09:00', end: '09:20' },
            { start: '10:00', end: '11:15' },
          ]),
        },
      ],
    }
    expect(times({ rules: short, now: mondayMorning, bookings: [] }, '2026-03-03', 'ana')).toEqual(['10:00', '10:30'])
    for (const time of ['09:00', '11:00']) expect(check({ rules: short, start: at('2026-03-03', time) })).toMatchObject({ ok: false, reason: 'outside_hours' })
    expect(check({ rules: short, start: at('2026-03-03', '10:30') }).ok).toBe(true)
  })

  it('hides what a booking or a busy time takes, for its specialist only, and the slots within the buffer around it', () => {
    const booking: BusyTime = { specialist: 'ana', start: at('2026-03-03', '10:00'), end: at('2026-03-03', '10:30') }
    const around = (input: AvailabilityInput) => times(input, '2026-03-03', 'ana')?.filter((time) => time < '12:00')
    expect(around({ rules, now: mondayMorning, bookings: [booking] })).toEqual(['09:00', '09:30', '10:30', '11:00', '11:30'])
    expect(around({ rules: { ...rules, bufferMinutes: 15 }, now: mondayMorning, bookings: [booking] })).toEqual(['09:00', '11:00', '11:30'])
    // A busy time of the calendar counts as a booking does, even when it is off the grid.
    const busy: BusyTime = { specialist: 'ana', start: at('2026-03-03', '10:40'), end: at('2026-03-03', '10:50') }
    expect(around({ rules: { ...rules, bufferMinutes: 15 }, now: mondayMorning, bookings: [], busy: [busy] })).toEqual(['09:00', '09:30', '11:30'])
    // Bruno's Monday evening is untouched by Ana's bookings.
    expect(
      times({ rules, now: mondayMorning, bookings: [{ ...booking, start: at('2026-03-02', '19:00'), end: at('2026-03-02', '19:30') }] }, '2026-03-02', 'bruno'),
    ).toHaveLength(11)
  })

  it('applies the minimum notice, also when it reaches into the next day', () => {
    // Monday 10:10 in Brasília, 2 h notice: from 12:10, so the afternoon only.
    expect(times({ rules, now: at('2026-03-02', '10:10'), bookings: [] }, '2026-03-02', 'ana')?.[0]).toBe('14:00')
    // Monday 22:00 with 12 h notice: from Tuesday 10:00.
    const lateMonday = at('2026-03-02', '22:00')
    const input = { rules: { ...rules, minimumNoticeHours: 12 }, now: lateMonday, bookings: [] }
    expect(times(input, '2026-03-03', 'ana')?.slice(0, 2)).toEqual(['10:00', '10:30'])
    expect(check({ ...input, start: at('2026-03-03', '09:30') })).toMatchObject({ ok: false, reason: 'too_soon', message: expect.stringContaining('12 horas') })
    expect(check({ ...input, start: at('2026-03-03', '10:00') }).ok).toBe(true)
  })
})

describe('checking a slot', () => {
  it('accepts every slot it offers, and only those', () => {
    const booking: BusyTime = { specialist: 'ana', start: at('2026-03-05', '15:00'), end: at('2026-03-05', '15:30') }
    const input = { rules: { ...rules, bufferMinutes: 10 }, now: mondayMorning, bookings: [booking] }
    const offered = availableDays(input).flatMap((day) => day.specialists.flatMap((item) => item.slots))
    expect(offered.length).toBeGreaterThan(100)
    for (const slot of offered) expect(checkSlot({ ...input, specialist: slot.specialist, start: slot.start })).toEqual({ ok: true, slot })
  })

  it('refuses each bad slot with its reason and a Portuguese message', () => {
    const booking: BusyTime = { specialist: 'ana', start: at('2026-03-03', '10:00'), end: at('2026-03-03', '10:30') }
    const cases: Array<[string, Parameters<typeof check>[0], string, RegExp | string]> = [
      ['unknown specialist', { specialist: 'carla', start: at('2026-03-03', '09:00') }, 'unknown_specialist', /especialistas/],
      ['in the past', { start: at('2026-03-02', '05:30') }, 'past', 'Esse horário já passou. Escolha outro.'],
      ['right now', { start: mondayMorning }, 'past', /já passou/],
      ['an invalid date', { start: new Date(Number.NaN) }, 'past', /já passou/],
      ['a blocked date', { start: at('2026-03-04', '09:00') }, 'blocked_date', /Não há atendimento nesse dia/],
      ['beyond the horizon', { start: at('2026-03-16', '09:00') }, 'beyond_horizon', /próximos 14 dias/],
      ['within the notice', { start: at('2026-03-02', '07:30') }, 'too_soon', /2 horas de antecedência/],
      ['between intervals', { start: at('2026-03-03', '12:30') }, 'outside_hours', /fora do expediente/],
      ['on the weekend', { start: at('2026-03-07', '10:00') }, 'outside_hours', /fora do expediente/],
      ['off the grid', { start: at('2026-03-03', '09:15') }, 'off_grid', /não está na agenda/],
      ['off the grid by seconds', { start: new Date(at('2026-03-03', '09:00').getTime() + 30_000) }, 'off_grid', /não está na agenda/],
      ['taken', { start: at('2026-03-03', '10:00'), bookings: [booking] }, 'taken', SLOT_TAKEN_MESSAGE],
      ['within the buffer', { start: at('2026-03-03', '10:30'), bookings: [booking], rules: { ...rules, bufferMinutes: 5 } }, 'taken', SLOT_TAKEN_MESSAGE],
    ]
    for (const [name, input, reason, message] of cases) {
      const result = check(input)
      expect(result, name).toMatchObject({ ok: false, reason })
      if (!result.ok) expect(result.message, name).toMatch(message)
    }
    expect(SLOT_TAKEN_MESSAGE).toBe('Esse horário acabou de ser reservado')
    expect(check({ start: at('2026-03-15', '09:00') })).toMatchObject({ ok: false, reason: 'outside_hours' })
    expect(check({ start: at('2026-03-13', '17:30') })).toMatchObject({ ok: true, slot: { day: '2026-03-13', time: '17:30' } })
  })

  it('one hour of notice is written in the singular', () => {
    const result = check({ rules: { ...rules, minimumNoticeHours: 1 }, start: at('2026-03-02', '06:30') })
    expect(result).toMatchObject({ ok: false, reason: 'too_soon', message: expect.stringContaining('1 hora de antecedência') })
  })
})

describe('a day’s intervals in the Studio', () => {
  it('must end after they start and must not overlap', () => {
    expect(
      intervalProblems([
        { start: '09:00', end: '12:00' },
        { start: '14:00', end: '18:00' },
      ]),
    ).toEqual([])
    expect(intervalProblems([{ start: '12:00', end: '09:00' }])).toEqual(['O intervalo 12:00–09:00 termina antes de começar'])
    expect(
      intervalProblems([
        { start: '11:00', end: '15:00' },
        { start: '09:00', end: '12:00' },
      ]),
    ).toEqual(['Os intervalos 09:00–12:00 e 11:00–15:00 se sobrepõem'])
  })
})
