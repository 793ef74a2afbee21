import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { isUuid } from '~/utils/uuid'
import { postgresErrorCode, type Database, type Transaction } from '../../db/client'
import { bookings } from '../../db/schema'
import type { BusyTime } from './slots'

/**
 * The bookings of the free strategy session (issue 44, ADR 055), in the
 * database. PostgreSQL (and PGlite) keep a specialist's time to one booking:
 * the exclusion constraint `bookings_specialist_time_excl` (migration 0024)
 * refuses a booked row whose [starts_at, held_until) overlaps another's of
 * the same specialist. Of two people posting the same slot at once, one
 * waits for the other's transaction (a lock per specialist), then fails
 * with exclusion_violation: that person is told the slot was just taken.
 */

export type Booking = typeof bookings.$inferSelect

/** SQLSTATE exclusion_violation: the constraint found the specialist's time taken. */
const EXCLUSION_VIOLATION = '23P01'

const MINUTE = 60_000

export type BookSlotInput = {
  leadId: string
  /** The specialist's `key` in the scheduling settings. */
  specialist: string
  start: Date
  end: Date
  /** The settings' buffer now: the row holds the specialist's time this long after the meeting. */
  bufferMinutes: number
  /**
   * A coming booking of the same lead that this one replaces (a reschedule): cancelled in the same
   * transaction, before the insert, so a new time refused as taken leaves it booked, as it was.
   */
  replacing?: string
}

export type BookSlotResult = { booking: Booking } | { taken: true }

/**
 * Books a slot (already checked by `checkSlot`, app/booking/slots.ts) in one
 * transaction: the booking, or `{ taken: true }` when the specialist's time
 * is already held (and then a booking it was `replacing` stays booked). `alsoWrite` runs in the same transaction after the insert
 * (the invitation's outbox rows): if it throws, nothing is stored.
 * Any other database error is thrown.
 */
export async function bookSlot(
  db: Database,
  input: BookSlotInput,
  alsoWrite?: (tx: Transaction, booking: Booking) => Promise<void>,
  /** For the booking `replacing` names, once cancelled (the cancellation's messages), in the same transaction. */
  alsoWriteReplaced?: (tx: Transaction, booking: Booking) => Promise<void>,
): Promise<BookSlotResult> {
  try {
    const booking = await db.transaction(async (tx) => {
      // One booking of a specialist at a time: two inserts checking the exclusion constraint at once may each wait
      // for the other, and PostgreSQL then ends one as a deadlock (40P01, a 500) instead of refusing it as taken.
      // Held to the transaction's end, so the next one checks against this one's row.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking:${input.specialist}`}, 0))`)
      if (input.replacing && isUuid(input.replacing)) {
        const [replaced] = await tx
          .update(bookings)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(and(eq(bookings.id, input.replacing), eq(bookings.leadId, input.leadId), eq(bookings.status, 'booked')))
          .returning()
        if (replaced) await alsoWriteReplaced?.(tx, replaced)
      }
      const [row] = await tx
        .insert(bookings)
        .values({
          leadId: input.leadId,
          specialist: input.specialist,
          startsAt: input.start,
          endsAt: input.end,
          heldUntil: new Date(input.end.getTime() + input.bufferMinutes * MINUTE),
        })
        .returning()
      if (!row) throw new Error('the booking insert returned no row')
      await alsoWrite?.(tx, row)
      return row
    })
    return { booking }
  } catch (error) {
    if (postgresErrorCode(error) === EXCLUSION_VIOLATION) return { taken: true }
    throw error
  }
}

export type CancelResult = { cancelled: Booking } | { already: Booking } | { notFound: true }

/**
 * Cancels a booking, which frees its time at once; a second cancel finds it already cancelled (or missed).
 * `alsoWrite` runs in the same transaction after the change (the cancellation's messages): if it throws,
 * the booking stays booked.
 */
export async function cancelBooking(db: Database, id: string, alsoWrite?: (tx: Transaction, booking: Booking) => Promise<void>): Promise<CancelResult> {
  if (!isUuid(id)) return { notFound: true }
  return db.transaction(async (tx): Promise<CancelResult> => {
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'booked')))
      .returning()
    if (cancelled) {
      await alsoWrite?.(tx, cancelled)
      return { cancelled }
    }
    const [existing] = await tx.select().from(bookings).where(eq(bookings.id, id))
    return existing ? { already: existing } : { notFound: true }
  })
}

/** The meetings that hold the specialists' time between `from` and `to`: the `bookings` input of availableDays and checkSlot. */
export async function bookedTimes(db: Database, from: Date, to: Date): Promise<BusyTime[]> {
  const rows = await db
    .select({ specialist: bookings.specialist, start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.status, 'booked'), lt(bookings.startsAt, to), gt(bookings.endsAt, from)))
    .orderBy(bookings.startsAt)
  return rows
}
