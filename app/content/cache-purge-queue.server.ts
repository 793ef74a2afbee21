/**
 * The CDN purges of a publish as outbox rows (ADR 042): one row per
 * configured CDN target, written in the publish's own transaction, with the
 * tags to purge as its payload. The outbox worker delivers them like the lead
 * webhook (retried with backoff, Retry-After honoured, listed in
 * /admin/entregas); `cachePurgeHandlers` makes each attempt.
 */
import type { TargetHandler } from '~/leads/outbox.server'
import { createWebhookId } from '~/leads/webhook.server'
import type { Database } from '../../db/client'
import { webhookDeliveries, type WebhookDelivery } from '../../db/schema'
import { activeCachePurgeTargets, attemptCachePurge, type CachePurgeSettings, type CachePurgeTarget } from './cache-purge.server'

/** The tags a purge row carries. */
export type CachePurgePayload = { tags: string[] }

export async function queueCachePurges(tx: Database, tags: string[], targets: readonly string[], now: Date): Promise<void> {
  if (targets.length === 0 || tags.length === 0) return
  await tx.insert(webhookDeliveries).values(
    targets.map((target) => ({
      leadId: null,
      webhookId: createWebhookId(),
      target,
      payload: { tags } satisfies CachePurgePayload,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
    })),
  )
}

const tagsOf = (row: WebhookDelivery): string[] => {
  const tags = (row.payload as Partial<CachePurgePayload>).tags
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : []
}

/** The outbox handlers of the configured CDN targets, by target name. */
export function cachePurgeHandlers(settings: CachePurgeSettings): Record<CachePurgeTarget, TargetHandler> {
  const handlers = {} as Record<CachePurgeTarget, TargetHandler>
  for (const target of activeCachePurgeTargets(settings)) {
    handlers[target] = (row, timeoutMs, now) => attemptCachePurge({ target, tags: tagsOf(row), settings, webhookId: row.webhookId, timeoutMs, now })
  }
  return handlers
}
