/**
 * Purging a CDN's copies by cache tag (ADR 042), one attempt at a time for
 * the outbox (cache-purge-queue.server.ts). Three targets, each off unless
 * configured:
 * - `cache_purge`: a generic endpoint of your own, `POST {"tags": [...]}`
 *   signed like the lead webhook (Standard Webhooks, CACHE_PURGE_SECRET);
 * - `fastly`: Fastly's batch purge by surrogate key,
 *   `POST /service/{service_id}/purge` with `{"surrogate_keys": [...]}` and
 *   the `Fastly-Key` header; up to 256 keys a request. Fastly's API reference
 *   ("Purge multiple surrogate key tags", bulkPurgeTag) takes the keys "in a
 *   JSON object in the body of the request" and, as an alternative, in a
 *   `Surrogate-Key` request header: the body is the documented form, and has
 *   no header-size limit to worry about;
 * - `cloudflare`: `POST /client/v4/zones/{zone_id}/purge_cache` with
 *   `{"tags": [...]}` and a Bearer API token; up to 100 tags a request on
 *   every plan ("Max operations per request", Cloudflare's "Purge cache"
 *   page), and a 200 answer must say `"success": true` (the API v4 envelope:
 *   `success`, `errors: [{code, message}]`, `messages`, `result`).
 * An answer is classified as the outbox does: 2xx delivered; 429 and 5xx,
 * time-outs and network errors retried (429 after its Retry-After); a 4xx
 * that says the request is wrong (bad token, unknown zone) is not retried
 * and is shown with the vendor's message.
 */
import { finalWhenWrong, postJson, postSignedWebhook, type AttemptOutcome } from '~/delivery/http.server'
import type { Env } from '~/utils/env.server'

export const cachePurgeTargets = ['cache_purge', 'fastly', 'cloudflare'] as const
export type CachePurgeTarget = (typeof cachePurgeTargets)[number]

export type CachePurgeSettings = {
  generic: { url: string; secret: string } | null
  fastly: { serviceId: string; apiToken: string; apiUrl: string } | null
  cloudflare: { zoneId: string; apiToken: string; apiUrl: string } | null
}

type CdnEnv = Pick<
  Env,
  | 'CACHE_PURGE_URL'
  | 'CACHE_PURGE_SECRET'
  | 'FASTLY_SERVICE_ID'
  | 'FASTLY_API_TOKEN'
  | 'FASTLY_API_URL'
  | 'CLOUDFLARE_ZONE_ID'
  | 'CLOUDFLARE_API_TOKEN'
  | 'CLOUDFLARE_API_URL'
>

export function cachePurgeSettingsFromEnv(env: CdnEnv): CachePurgeSettings {
  const trimmed = (url: string) => url.replace(/\/+$/, '')
  return {
    generic: env.CACHE_PURGE_URL && env.CACHE_PURGE_SECRET ? { url: env.CACHE_PURGE_URL, secret: env.CACHE_PURGE_SECRET } : null,
    fastly:
      env.FASTLY_SERVICE_ID && env.FASTLY_API_TOKEN
        ? { serviceId: env.FASTLY_SERVICE_ID, apiToken: env.FASTLY_API_TOKEN, apiUrl: trimmed(env.FASTLY_API_URL) }
        : null,
    cloudflare:
      env.CLOUDFLARE_ZONE_ID && env.CLOUDFLARE_API_TOKEN
        ? { zoneId: env.CLOUDFLARE_ZONE_ID, apiToken: env.CLOUDFLARE_API_TOKEN, apiUrl: trimmed(env.CLOUDFLARE_API_URL) }
        : null,
  }
}

export function activeCachePurgeTargets(settings: CachePurgeSettings): CachePurgeTarget[] {
  return [
    ...(settings.generic ? (['cache_purge'] as const) : []),
    ...(settings.fastly ? (['fastly'] as const) : []),
    ...(settings.cloudflare ? (['cloudflare'] as const) : []),
  ]
}

/** Most tags one request may carry, per the vendor's documentation (the generic target takes them all). */
export const MAX_TAGS_PER_REQUEST: Record<CachePurgeTarget, number> = { cache_purge: Infinity, fastly: 256, cloudflare: 100 }

/** The tags, without repeats or blanks (a vendor refuses a whole request for one empty tag), in batches a request each. */
export function purgeBatches(target: CachePurgeTarget, tags: readonly string[]): string[][] {
  const unique = [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))]
  const size = MAX_TAGS_PER_REQUEST[target]
  if (!Number.isFinite(size)) return unique.length > 0 ? [unique] : []
  const batches: string[][] = []
  for (let start = 0; start < unique.length; start += size) batches.push(unique.slice(start, start + size))
  return batches
}

/** Cloudflare's `errors: [{code, message}]` as one line; empty when there are none (a proxy in the way may answer anything). */
const cloudflareErrors = (errors: unknown): string =>
  Array.isArray(errors)
    ? errors
        .map((error: { code?: unknown; message?: unknown } | null) => `${String(error?.code ?? '')} ${String(error?.message ?? '')}`.trim())
        .filter((line) => line !== '')
        .join('; ')
    : ''

/** Cloudflare answers 200 with `"success": false` for some refusals: that is not a purge. */
async function cloudflarePurge(
  settings: NonNullable<CachePurgeSettings['cloudflare']>,
  tags: string[],
  timeoutMs: number,
  now?: Date,
): Promise<AttemptOutcome> {
  const url = `${settings.apiUrl}/client/v4/zones/${encodeURIComponent(settings.zoneId)}/purge_cache`
  let envelope: { success?: unknown; errors?: unknown } | null | undefined
  const outcome = await postJson({
    url,
    body: JSON.stringify({ tags }),
    timeoutMs,
    now,
    headers: { Authorization: `Bearer ${settings.apiToken}` },
    onBody: (text) => {
      try {
        envelope = JSON.parse(text) as typeof envelope
      } catch {
        envelope = undefined
      }
    },
  })
  const reason = cloudflareErrors(envelope?.errors)
  if (outcome.kind !== 'delivered') {
    // A refusal carries the same envelope: show its errors rather than the start of the raw JSON.
    const named = reason && outcome.status !== null ? { ...outcome, error: `HTTP ${outcome.status}: Cloudflare: ${reason}`.slice(0, 300) } : outcome
    return finalWhenWrong(named)
  }
  if (envelope?.success === true) return outcome
  return { kind: 'gone', status: outcome.status, error: `Cloudflare: ${reason || 'success: false'}`.slice(0, 300) }
}

async function purgeOnce(
  target: CachePurgeTarget,
  tags: string[],
  settings: CachePurgeSettings,
  messageId: string,
  timeoutMs: number,
  now?: Date,
): Promise<AttemptOutcome> {
  const body = JSON.stringify(target === 'fastly' ? { surrogate_keys: tags } : { tags })
  if (target === 'cache_purge') {
    if (!settings.generic) return { kind: 'retry', status: null, error: 'CACHE_PURGE_URL is not set' }
    return finalWhenWrong(await postSignedWebhook({ url: settings.generic.url, secret: settings.generic.secret, messageId, body, timeoutMs, now }))
  }
  if (target === 'fastly') {
    if (!settings.fastly) return { kind: 'retry', status: null, error: 'FASTLY_SERVICE_ID is not set' }
    const url = `${settings.fastly.apiUrl}/service/${encodeURIComponent(settings.fastly.serviceId)}/purge`
    return finalWhenWrong(await postJson({ url, body, timeoutMs, now, headers: { 'Fastly-Key': settings.fastly.apiToken, Accept: 'application/json' } }))
  }
  if (!settings.cloudflare) return { kind: 'retry', status: null, error: 'CLOUDFLARE_ZONE_ID is not set' }
  return cloudflarePurge(settings.cloudflare, tags, timeoutMs, now)
}

/**
 * One attempt of a purge row: every batch of its tags, in order; the first
 * that does not succeed decides (purging a tag twice is harmless, so a retry
 * sends every batch again). The generic target's `webhook-id` is the row's.
 */
export async function attemptCachePurge({
  target,
  tags,
  settings,
  messageId,
  timeoutMs,
  now,
}: {
  target: CachePurgeTarget
  tags: readonly string[]
  settings: CachePurgeSettings
  messageId: string
  timeoutMs: number
  now?: Date
}): Promise<AttemptOutcome> {
  const batches = purgeBatches(target, tags)
  // A row with no tags has nothing to purge: done.
  if (batches.length === 0) return { kind: 'delivered', status: 204 }
  let last: AttemptOutcome = { kind: 'delivered', status: 200 }
  for (const batch of batches) {
    last = await purgeOnce(target, batch, settings, messageId, timeoutMs, now)
    if (last.kind !== 'delivered') return last
  }
  return last
}
