/**
 * /admin/agenda without HTTP (issue 44, item 6): the sessions from today on,
 * by Brasília day, with their leads; cancelling frees the time at once and a
 * second cancel is told so; "não compareceu" only once the session started;
 * each change in the audit log with ids only. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agendaMessages, changeBooking, comingAgenda } from '~/admin/agenda.server'
import { bookedTimes, bookSlot } from '~/booking/bookings.server'
import { brasiliaMoment } from '~/utils/dates'
import type { DatabaseHandle } from '../../../db/client'
import { adminAuditLog as auditLog, bookings, leads } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'

const NOW = brasiliaMoment('2026-03-31', '10:15')
const MINUTE = 60_000
const admin = { email: 'vendas@alavanca.example' }
const names = (key: string) => ({ 'ana-ribeiro': 'Ana Ribeiro', 'bruno-carvalho': 'Bruno Carvalho' })[key] ?? key

describe.each(testDatabaseTargets())('the admin’s agenda on $kind', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(() => handle?.close())
  beforeEach(() => truncateLeadTables(handle.db))

  async function booking(name: string, day: string, time: string, specialist = 'ana-ribeiro') {
    const [lead] = await handle.db
      .insert(leads)
      .values({
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@exemplo.com.br`,
        phone: '11987654321',
        source: 'formulario_contato',
        consentVersion: '2026-01',
        consentAt: NOW,
      })
      .returning({ id: leads.id })
    const start = brasiliaMoment(day, time)
    const result = await bookSlot(handle.db, { leadId: lead!.id, specialist, start, end: new Date(start.getTime() + 30 * MINUTE), bufferMinutes: 0 })
    if (!('booking' in result)) throw new Error('slot taken')
    return { leadId: lead!.id, id: result.booking.id }
  }

  it('lists the sessions from the start of today by day and time, each with its lead, and none from before', async () => {
    await booking('Pessoa de Ontem', '2026-03-30', '15:00')
    const earlier = await booking('Carla Mendes', '2026-03-31', '09:00', 'bruno-carvalho')
    const later = await booking('Diego Alves', '2026-04-01', '14:30')
    const days = await comingAgenda(handle.db, { now: NOW, specialistName: names })
    expect(days).toEqual([
      {
        day: '2026-03-31',
        rows: [
          {
            id: earlier.id,
            time: '09:00',
            endTime: '09:30',
            specialist: 'Bruno Carvalho',
            status: 'booked',
            started: true,
            lead: { id: earlier.leadId, name: 'Carla Mendes', email: 'carla@exemplo.com.br', phone: '11987654321' },
          },
        ],
      },
      { day: '2026-04-01', rows: [expect.objectContaining({ id: later.id, time: '14:30', specialist: 'Ana Ribeiro', started: false })] },
    ])
  })

  it('cancels a session, which frees its time at once; a second cancel is told it already was', async () => {
    const session = await booking('Carla Mendes', '2026-04-01', '14:30')
    expect(await changeBooking(handle.db, { id: session.id, change: 'cancel', admin, now: NOW })).toEqual({ ok: true, message: agendaMessages.cancelled })
    expect(await bookedTimes(handle.db, NOW, brasiliaMoment('2026-04-02', '00:00'))).toEqual([])
    expect(await comingAgenda(handle.db, { now: NOW, specialistName: names })).toEqual([])
    expect(await changeBooking(handle.db, { id: session.id, change: 'cancel', admin, now: NOW })).toEqual({
      ok: false,
      status: 409,
      message: agendaMessages.alreadyCancelled,
    })
    // Another person can book the freed time.
    await booking('Diego Alves', '2026-04-01', '14:30')
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'booking_cancel'))
    expect(entries.map((entry) => [entry.adminEmail, entry.details])).toEqual([[admin.email, { bookingId: session.id, leadId: session.leadId }]])
  })

  it('marks a no-show only once the session has started', async () => {
    const started = await booking('Carla Mendes', '2026-03-31', '09:00')
    const coming = await booking('Diego Alves', '2026-03-31', '15:00')
    expect(await changeBooking(handle.db, { id: coming.id, change: 'no_show', admin, now: NOW })).toEqual({
      ok: false,
      status: 409,
      message: agendaMessages.notStarted,
    })
    expect(await changeBooking(handle.db, { id: started.id, change: 'no_show', admin, now: NOW })).toEqual({ ok: true, message: agendaMessages.noShow })
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, started.id))
    expect(row!.status).toBe('no_show')
    // Still on the agenda, marked; and no longer cancellable.
    expect((await comingAgenda(handle.db, { now: NOW, specialistName: names }))[0]!.rows.map((item) => item.status)).toEqual(['no_show', 'booked'])
    expect(await changeBooking(handle.db, { id: started.id, change: 'cancel', admin, now: NOW })).toEqual({
      ok: false,
      status: 409,
      message: agendaMessages.notBooked,
    })
  })

  it('refuses an unknown or malformed id, or an unknown change, without touching anything', async () => {
    const session = await booking('Carla Mendes', '2026-04-01', '14:30')
    for (const [id, change, status] of [
      ['00000000-0000-4000-8000-000000000000', 'cancel', 404],
      ['não-é-um-id', 'cancel', 400],
      [session.id, 'apagar', 400],
      [null, null, 400],
    ] as const) {
      expect(await changeBooking(handle.db, { id, change, admin, now: NOW })).toMatchObject({ ok: false, status })
    }
    expect((await handle.db.select().from(bookings))[0]!.status).toBe('booked')
  })
})
