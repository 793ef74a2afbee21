/**
 * Delivery health (ADR 032): the outbox rows that are not delivered
 * (failed, and pending with their next attempt; a lead's, or a publish's CDN
 * purge), newest first, and
 * 'Reenviar todos os que falharam', which queues every failed row of a target
 * that can send here again, in one statement and one audit-log entry.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { describeRow, isConfigured, type AnyDeliveryTarget } from '~/delivery/target'
import type { Database } from '../../db/client'
import { leads, outbox } from '../../db/schema'
import { recordAudit } from './audit.server'
import type { SignedInAdmin } from './auth.server'

/** Most rows the page lists (the counts cover them all). */
export const DELIVERY_HEALTH_LIMIT = 200

/** A row's target in the one list (app/server/delivery-targets.server.ts, passed in by the route), or undefined when this server does not know it. */
export const targetOf = (targets: readonly AnyDeliveryTarget[], name: string) => targets.find((target) => target.name === name)

/** Whether a row of this target can leave from this server: its target is in the list and configured. */
export const canSend = (target: AnyDeliveryTarget | undefined): target is AnyDeliveryTarget => target !== undefined && isConfigured(target)

/**
 * `targets`: the one list of targets (app/server/delivery-targets.server.ts): each row's label, whether it can
 * leave (a pending row of a target not configured here, or unknown here, is shown as unsendable, not queued), and
 * what a row that belongs to no lead is about (its target's `describe`).
 */
export async function deliveryHealth(db: Database, targets: readonly AnyDeliveryTarget[]) {
  const counts = await db
    .select({ status: outbox.status, deliveries: sql<number>`count(*)::int` })
    .from(outbox)
    .where(inArray(outbox.status, ['failed', 'pending']))
    .groupBy(outbox.status)
  const rows = await db
    .select({
      id: outbox.id,
      leadId: outbox.leadId,
      target: outbox.target,
      status: outbox.status,
      attempts: outbox.attempts,
      lastStatus: outbox.lastStatus,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
      updatedAt: outbox.updatedAt,
      name: leads.name,
      email: leads.email,
      payload: outbox.payload,
    })
    .from(outbox)
    // A CDN purge belongs to a publish, not to a lead (ADR 042).
    .leftJoin(leads, eq(leads.id, outbox.leadId))
    .where(inArray(outbox.status, ['failed', 'pending']))
    .orderBy(desc(outbox.updatedAt), desc(outbox.id))
    .limit(DELIVERY_HEALTH_LIMIT)
  const count = (status: string) => counts.find((row) => row.status === status)?.deliveries ?? 0
  return {
    failed: count('failed'),
    pending: count('pending'),
    rows: rows.map(({ payload, ...row }) => {
      const target = targetOf(targets, row.target)
      return {
        ...row,
        label: target?.label ?? row.target,
        // A row for a destination without settings here never leaves, whatever it belongs to.
        unsendable: row.status === 'pending' && !canSend(target),
        // What a row of no lead (a publish's CDN purge) is about, in its target's words; a lead's row shows its lead.
        description: row.leadId ? null : describeRow(target, { payload }),
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }
    }),
  }
}

export type DeliveryHealth = Awaited<ReturnType<typeof deliveryHealth>>

/**
 * Queues every failed delivery again whose target can send from this server (`targets`, the one list);
 * how many. A failed row of a target not configured here stays failed: queued, it would only wait.
 */
export async function resendFailedDeliveries(db: Database, admin: SignedInAdmin, targets: readonly AnyDeliveryTarget[], now = new Date()): Promise<number> {
  const sendable = targets.filter(canSend).map((target) => target.name)
  if (sendable.length === 0) return 0
  return db.transaction(async (tx) => {
    const resent = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(outbox.status, 'failed'), inArray(outbox.target, sendable)))
      .returning({ id: outbox.id })
    if (resent.length > 0) {
      await recordAudit(tx, admin.email, 'delivery_resend_failed', { deliveries: resent.length }, now)
    }
    return resent.length
  })
}
