/**
 * /admin/agenda (issue 44, item 6), without HTTP: the strategy sessions from
 * today (in Brasília) on, by day, each with its lead, and what the sales team
 * does with one: cancel it (its time is free again at once) or mark that the
 * person did not show up. Both are written to the audit log (ids only).
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import type { BookingEffects } from '~/booking/booking-effects.server'
import { cancelBooking } from '~/booking/bookings.server'
import { brasiliaDay, brasiliaDayStart, brasiliaTime } from '~/utils/dates'
import { isUuid } from '~/utils/uuid'
import type { Database } from '../../db/client'
import { bookings, leads, type BookingStatus } from '../../db/schema'
import { recordAudit } from './audit.server'

export const agendaMessages = {
  notFound: 'Agendamento não encontrado. Atualize a página.',
  alreadyCancelled: 'Este agendamento já estava cancelado.',
  notBooked: 'Só um agendamento marcado pode ser cancelado ou marcado como falta.',
  notStarted: 'Só é possível marcar falta depois do horário da sessão.',
  cancelled: 'Agendamento cancelado: o horário está livre de novo.',
  noShow: 'Falta registrada.',
} as const

export type AgendaRow = {
  id: string
  time: string
  endTime: string
  specialist: string
  status: BookingStatus
  started: boolean
  lead: { id: string; name: string; email: string; phone: string }
}
export type AgendaDay = { day: string; rows: AgendaRow[] }

/** The sessions booked (and the no-shows) from the start of today in Brasília, by day, in time order. */
export async function comingAgenda(db: Database, { now, specialistName }: { now: Date; specialistName: (key: string) => string }): Promise<AgendaDay[]> {
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      specialist: bookings.specialist,
      status: bookings.status,
      leadId: leads.id,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
    })
    .from(bookings)
    .innerJoin(leads, eq(leads.id, bookings.leadId))
    .where(and(inArray(bookings.status, ['booked', 'no_show']), gte(bookings.startsAt, brasiliaDayStart(brasiliaDay(now)))))
    .orderBy(asc(bookings.startsAt), asc(bookings.specialist))
  const days = new Map<string, AgendaRow[]>()
  for (const row of rows) {
    const day = brasiliaDay(row.startsAt)
    const dayRows = days.get(day) ?? []
    days.set(day, dayRows)
    dayRows.push({
      id: row.id,
      time: brasiliaTime(row.startsAt),
      endTime: brasiliaTime(row.endsAt),
      specialist: specialistName(row.specialist),
      status: row.status,
      started: row.startsAt.getTime() <= now.getTime(),
      lead: { id: row.leadId, name: row.name, email: row.email, phone: row.phone },
    })
  }
  return [...days].map(([day, dayRows]) => ({ day, rows: dayRows }))
}

export type AgendaChange = 'cancel' | 'no_show'
export type AgendaChangeResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string }

/** Cancels a booking or marks a no-show (after its start), as this admin, with its audit entry. */
export async function changeBooking(
  db: Database,
  { id, change, admin, now, effects }: { id: unknown; change: unknown; admin: { email: string }; now: Date; effects?: BookingEffects },
): Promise<AgendaChangeResult> {
  if (!isUuid(id) || (change !== 'cancel' && change !== 'no_show')) return { ok: false, status: 400, message: agendaMessages.notFound }
  if (change === 'cancel') {
    const result = await cancelBooking(db, id, effects?.cancelled)
    if ('notFound' in result) return { ok: false, status: 404, message: agendaMessages.notFound }
    if ('already' in result)
      return { ok: false, status: 409, message: result.already.status === 'cancelled' ? agendaMessages.alreadyCancelled : agendaMessages.notBooked }
    await recordAudit(db, admin.email, 'booking_cancel', { bookingId: id, leadId: result.cancelled.leadId }, now)
    return { ok: true, message: agendaMessages.cancelled }
  }
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id))
  if (!booking) return { ok: false, status: 404, message: agendaMessages.notFound }
  if (booking.status !== 'booked') return { ok: false, status: 409, message: agendaMessages.notBooked }
  if (booking.startsAt.getTime() > now.getTime()) return { ok: false, status: 409, message: agendaMessages.notStarted }
  const [marked] = await db
    .update(bookings)
    .set({ status: 'no_show', updatedAt: now })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'booked')))
    .returning({ leadId: bookings.leadId })
  if (!marked) return { ok: false, status: 409, message: agendaMessages.notBooked }
  await recordAudit(db, admin.email, 'booking_no_show', { bookingId: id, leadId: marked.leadId }, now)
  return { ok: true, message: agendaMessages.noShow }
}
