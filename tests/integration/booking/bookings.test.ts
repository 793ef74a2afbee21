/**
 * No double booking (issue 44, item 4), enforced by the database: the
 * exclusion constraint of migration 0024 over each specialist's held time,
 * on PGlite and on PostgreSQL (where concurrent posts really run on separate
 * connections, and the second insert waits for the first transaction).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookedTimes, bookSlot, cancelBooking, type BookSlotInput } from '~/booking/bookings.server'
import { availableDays, type SchedulingRules } from '~/booking/slots'
import { brasiliaMoment } from '~/utils/dates'
import { postgresErrorCode, rowsOf, type DatabaseHandle } from '../../../db/client'
import { bookings, leads } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'

const at = (time: string) => brasiliaMoment('2026-03-03', time)
const MINUTE = 60_000

describe.each(testDatabaseTargets())('bookings on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let leadIds: string[]

  beforeAll(async () => {
    handle = await open()
  })
  afterAll(() => handle?.close())
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    const rows = await handle.db
      .insert(leads)
      .values(
        Array.from({ length: 10 }, (_, index) => ({
          name: `Pessoa ${index}`,
          email: `pessoa${index}@example.com`,
          source: 'contact',
          consentVersion: '2026-01',
          consentAt: new Date(),
        })),
      )
      .returning({ id: leads.id })
    leadIds = rows.map((row) => row.id)
  })

  const slot = (leadIndex: number, time = '09:00', extra: Partial<BookSlotInput> = {}): BookSlotInput => ({
    leadId: leadIds[leadIndex]!,
    specialist: 'ana-ribeiro',
    start: at(time),
    end: new Date(at(time).getTime() + 30 * MINUTE),
    bufferMinutes: 0,
    ...extra,
  })
  const booked = () =>
    handle.db
      .select()
      .from(bookings)
      .where(sql`${bookings.status} = 'booked'`)

  it('two concurrent posts on one slot: exactly one booking, and the other is told it is taken', async () => {
    // The first holds its transaction open after its insert, so the second really arrives while it is uncommitted.
    let started!: () => void
    const firstInserted = new Promise<void>((resolve) => (started = resolve))
    const first = bookSlot(handle.db, slot(0), async () => {
      started()
      await new Promise((resolve) => setTimeout(resolve, 150))
    })
    await firstInserted
    const second = bookSlot(handle.db, slot(1))
    const results = await Promise.all([first, second])
    expect(results.filter((result) => 'booking' in result)).toHaveLength(1)
    expect(results.filter((result) => 'taken' in result)).toEqual([{ taken: true }])
    const rows = await booked()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ leadId: leadIds[0], specialist: 'ana-ribeiro', status: 'booked', startsAt: at('09:00') })
  })

  it('ten people at once on one slot: one booking, nine taken, never an error (forty slots in a row)', async () => {
    // Without the lock per specialist, PostgreSQL ended about one post in ten as a deadlock (40P01) once the
    // specialist's day held a few bookings.
    const times = Array.from({ length: 40 }, (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`)
    for (const time of times) {
      const results = await Promise.all(leadIds.map((_, index) => bookSlot(handle.db, slot(index, time))))
      expect(results.filter((result) => 'booking' in result)).toHaveLength(1)
      expect(results.filter((result) => 'taken' in result)).toHaveLength(9)
    }
    expect(await booked()).toHaveLength(times.length)
  })

  it('holds the overlap and the buffer after a meeting, per specialist', async () => {
    expect(await bookSlot(handle.db, slot(0, '09:00', { bufferMinutes: 10 }))).toHaveProperty('booking')
    // Overlapping, or within the buffer after it: taken.
    expect(await bookSlot(handle.db, slot(1, '09:15'))).toEqual({ taken: true })
    expect(await bookSlot(handle.db, slot(2, '09:30'))).toEqual({ taken: true })
    // Ending where it starts is not an overlap; after the buffer, free; another specialist is free at the same time.
    expect(await bookSlot(handle.db, slot(3, '08:30'))).toHaveProperty('booking')
    expect(await bookSlot(handle.db, slot(4, '09:40'))).toHaveProperty('booking')
    expect(await bookSlot(handle.db, slot(5, '09:00', { specialist: 'bruno-carvalho' }))).toHaveProperty('booking')
    expect(await booked()).toHaveLength(4)
  })

  it('a cancelled booking frees the slot; a second cancel finds it cancelled; an unknown id is none', async () => {
    const result = await bookSlot(handle.db, slot(0))
    if (!('booking' in result)) throw new Error('expected a booking')
    expect(await bookSlot(handle.db, slot(1))).toEqual({ taken: true })
    const cancelled = await cancelBooking(handle.db, result.booking.id)
    expect(cancelled).toMatchObject({ cancelled: { id: result.booking.id, status: 'cancelled' } })
    expect(await bookSlot(handle.db, slot(1))).toMatchObject({ booking: { leadId: leadIds[1], status: 'booked' } })
    expect(await cancelBooking(handle.db, result.booking.id)).toMatchObject({ already: { status: 'cancelled' } })
    expect(await cancelBooking(handle.db, '00000000-0000-4000-8000-000000000000')).toEqual({ notFound: true })
    expect(await cancelBooking(handle.db, 'nao-e-um-id')).toEqual({ notFound: true })
    // A missed meeting holds nothing either.
    await handle.db
      .update(bookings)
      .set({ status: 'no_show' })
      .where(sql`${bookings.leadId} = ${leadIds[1]!}`)
    expect(await bookSlot(handle.db, slot(2))).toHaveProperty('booking')
  })

  it('stores nothing when the rest of the transaction fails', async () => {
    await expect(
      bookSlot(handle.db, slot(0), async () => {
        throw new Error('a falha do resto')
      }),
    ).rejects.toThrow('a falha do resto')
    expect(await handle.db.select().from(bookings)).toEqual([])
  })

  it('hands its booked times to the slots: a booked slot is gone for the next visitor, a cancelled one is back', async () => {
    const rules: SchedulingRules = {
      meetingMinutes: 30,
      bufferMinutes: 0,
      minimumNoticeHours: 2,
      horizonDays: 3,
      blockedDates: [],
      specialists: [{ key: 'ana-ribeiro', weeklyHours: [{ weekday: 'tuesday', intervals: [{ start: '09:00', end: '10:30' }] }] }],
    }
    const now = brasiliaMoment('2026-03-02', '10:00')
    const tuesday = async () => {
      const taken = await bookedTimes(handle.db, now, new Date(now.getTime() + 3 * 24 * 60 * MINUTE))
      return availableDays({ rules, now, bookings: taken })
        .find((day) => day.day === '2026-03-03')
        ?.specialists[0]?.slots.map((item) => item.time)
    }
    expect(await tuesday()).toEqual(['09:00', '09:30', '10:00'])
    const result = await bookSlot(handle.db, slot(0, '09:30'))
    expect(await tuesday()).toEqual(['09:00', '10:00'])
    if ('booking' in result) await cancelBooking(handle.db, result.booking.id)
    expect(await tuesday()).toEqual(['09:00', '09:30', '10:00'])
  })

  it('refuses a row the constraints forbid: an unknown status, an end before the start', async () => {
    const insert = (values: Record<string, unknown>) =>
      rowsOf(
        handle.db,
        sql`insert into bookings (lead_id, specialist, starts_at, ends_at, held_until, status) values (${leadIds[0]!}, 'ana-ribeiro', ${values.starts ?? '2026-03-03T12:00:00Z'}, ${values.ends ?? '2026-03-03T12:30:00Z'}, ${values.held ?? '2026-03-03T12:30:00Z'}, ${values.status ?? 'booked'})`,
      )
    const refusal = (values: Record<string, unknown>) => insert(values).then(() => 'stored', postgresErrorCode)
    // 23514: check_violation.
    expect(await refusal({ status: 'pending' })).toBe('23514')
    expect(await refusal({ ends: '2026-03-03T11:30:00Z' })).toBe('23514')
    expect(await refusal({ held: '2026-03-03T12:20:00Z' })).toBe('23514')
    expect(await refusal({})).toBe('stored')
  })
})
