/**
 * A booking's rows in the outbox (ADR 055): its e-mails, its calendar event
 * and what the CRMs hear of it, each written in the booking's (or the
 * cancellation's) own transaction. Each row's `event` names its kind and
 * the booking (`invitation:<id>`), so the outbox's unique index over a
 * lead's target and event keeps each one once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { createDeliveryId } from '~/delivery/http.server'
import type { Transaction } from '../../db/client'
import { outbox } from '../../db/schema'
import type { Booking } from './bookings.server'

/** A row's `event`: its kind and the booking's id. */
export const bookingEvent = (kind: string, booking: Pick<Booking, 'id'>) => `${kind}:${booking.id}`

/** The booking's rows for one target, each due at its time (now by default). */
export async function insertBookingRows(
  tx: Transaction,
  booking: Pick<Booking, 'leadId'>,
  target: string,
  rows: ReadonlyArray<{ event: string; payload: Record<string, unknown>; due?: Date }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return
  await tx.insert(outbox).values(
    rows.map(({ event, payload, due }) => ({
      leadId: booking.leadId,
      messageId: createDeliveryId(),
      target,
      event,
      payload,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: due ?? now,
    })),
  )
}

/** In a cancellation's transaction: the rows of these events still pending are skipped; their events, which were. */
export async function skipUnsentRows(tx: Transaction, targets: readonly string[], events: readonly string[]): Promise<Set<string>> {
  if (targets.length === 0 || events.length === 0) return new Set()
  const skipped = await tx
    .update(outbox)
    .set({ status: 'skipped', lastError: 'a sessão foi cancelada', updatedAt: sql`now()` })
    .where(and(inArray(outbox.target, [...targets]), eq(outbox.status, 'pending'), inArray(outbox.event, [...events])))
    .returning({ event: outbox.event })
  return new Set(skipped.map((row) => row.event ?? ''))
}
