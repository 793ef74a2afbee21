/**
 * Delivery health (ADR 032): the outbox rows that are not delivered
 * (failed, and pending with their next attempt; a lead's, or a publish's CDN
 * purge), newest first, and
 * 'Reenviar todos os que falharam', which queues every failed row again in
 * one statement and one audit-log entry.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { AnyDeliveryTarget } from '~/delivery/target'
import { conversionSettingsFromEnv } from '~/leads/conversions.server'
import { leadTargetsFromEnv } from '~/leads/lead-targets.server'
import { activeTargets } from '~/leads/outbox.server'
import { webhookSettingsFromEnv } from '~/leads/webhook.server'
import { getEnv, type Env } from '~/utils/env.server'
import type { Database } from '../../db/client'
import { leads, outbox } from '../../db/schema'
import { deliveryHealthCopy } from './admin-copy'
import { recordAudit } from './audit.server'
import type { SignedInAdmin } from './auth.server'

/** Most rows the page lists (the counts cover them all). */
export const DELIVERY_HEALTH_LIMIT = 200

/**
 * The lead delivery targets this server sends to (the outbox worker's
 * activeTargets): the lead webhook with WEBHOOK_URL, the conversion APIs
 * with their settings, the sales e-mail and the CRMs with theirs. A row of any other lead target waits for settings,
 * not in a queue: 'Reenviar' says so instead of queueing it.
 */
export function configuredLeadTargets(env: Env = getEnv()): string[] {
  return activeTargets({
    webhook: webhookSettingsFromEnv(env),
    conversions: conversionSettingsFromEnv(env),
    handlers: leadTargetsFromEnv(env),
  })
}

/**
 * `targets`: where this server can send (configuredLeadTargets); a lead's pending row elsewhere is shown as unsendable, not queued.
 * `known`: the one list of targets (app/server/delivery-targets.server.ts), whose labels name each row's destination.
 */
export async function deliveryHealth(
  db: Database,
  targets: readonly string[] = configuredLeadTargets(),
  known: readonly Pick<AnyDeliveryTarget, 'name' | 'label'>[] = [],
) {
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
    rows: rows.map(({ payload, ...row }) => ({
      ...row,
      label: known.find((target) => target.name === row.target)?.label ?? deliveryHealthCopy.targets[row.target] ?? row.target,
      // A lead's row for a destination without settings never leaves; a purge row's handlers are the CDN's (ADR 042).
      unsendable: row.leadId !== null && row.status === 'pending' && !targets.includes(row.target),
      // What a purge row purges; a lead's row shows its lead instead.
      purgedTags: row.leadId ? null : purgedTagsOf(payload),
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  }
}

export type DeliveryHealth = Awaited<ReturnType<typeof deliveryHealth>>

function purgedTagsOf(payload: Record<string, unknown>): string {
  const tags = payload.tags
  return Array.isArray(tags) ? tags.filter((tag) => typeof tag === 'string').join(', ') : ''
}

/** Queues every failed delivery again; how many. */
export async function resendFailedDeliveries(db: Database, admin: SignedInAdmin, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const resent = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(eq(outbox.status, 'failed'))
      .returning({ id: outbox.id })
    if (resent.length > 0) {
      await recordAudit(tx, admin.email, 'delivery_resend_failed', { deliveries: resent.length }, now)
    }
    return resent.length
  })
}
