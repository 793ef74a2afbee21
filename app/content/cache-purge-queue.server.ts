/**
 * The CDN purges of a publish as outbox rows (ADR 042): one row per
 * configured CDN target, written in the publish's own transaction, with the
 * tags to purge as its payload. The outbox worker delivers them like the lead
 * webhook (retried with backoff, Retry-After honoured, listed in
 * /admin/entregas); `cachePurgeHandlers` are their delivery targets.
 */
import { z } from 'zod'
import { createDeliveryId } from '~/delivery/http.server'
import type { DeliveryTarget } from '~/delivery/target'
import type { Database } from '../../db/client'
import { outbox } from '../../db/schema'
import { activeCachePurgeTargets, attemptCachePurge, cachePurgeTargets, type CachePurgeSettings, type CachePurgeTarget } from './cache-purge.server'

/** The tags a purge row carries. */
export const cachePurgePayload = z.object({ tags: z.array(z.string()) })
export type CachePurgePayload = z.infer<typeof cachePurgePayload>

export async function queueCachePurges(tx: Database, tags: string[], targets: readonly string[], now: Date): Promise<void> {
  if (targets.length === 0 || tags.length === 0) return
  await tx.insert(outbox).values(
    targets.map((target) => ({
      leadId: null,
      messageId: createDeliveryId(),
      target,
      payload: { tags } satisfies CachePurgePayload,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
    })),
  )
}

const CACHE_PURGE_LABELS: Record<CachePurgeTarget, string> = {
  cache_purge: 'Limpeza de cache (CDN)',
  fastly: 'Limpeza de cache (Fastly)',
  cloudflare: 'Limpeza de cache (Cloudflare)',
}

const CACHE_PURGE_VARIABLES: Record<CachePurgeTarget, readonly string[]> = {
  cache_purge: ['CACHE_PURGE_URL', 'CACHE_PURGE_SECRET'],
  fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN', 'FASTLY_API_URL'],
  cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_API_URL'],
}

/** What the admin says a purge row is about: a publish, and the tags it purges. */
export const describeCachePurge = ({ tags }: CachePurgePayload) => `Publicação no Sanity · etiquetas: ${tags.join(', ') || '—'}`

/** The delivery targets of the CDNs, by target name: one without its settings is not configured (its rows kept pending). */
export function cachePurgeHandlers(settings: CachePurgeSettings): Record<CachePurgeTarget, DeliveryTarget<CachePurgePayload>> {
  const active = activeCachePurgeTargets(settings)
  const handlers = {} as Record<CachePurgeTarget, DeliveryTarget<CachePurgePayload>>
  for (const target of cachePurgeTargets) {
    handlers[target] = {
      name: target,
      label: CACHE_PURGE_LABELS[target],
      payload: cachePurgePayload,
      configured: active.includes(target),
      variables: CACHE_PURGE_VARIABLES[target],
      describe: describeCachePurge,
      send: ({ tags }, row, { timeoutMs, now }) => attemptCachePurge({ target, tags, settings, messageId: row.messageId, timeoutMs, now }),
    }
  }
  return handlers
}
