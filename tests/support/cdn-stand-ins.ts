/**
 * Stand-ins for the CDN purge APIs on 127.0.0.1 (ADR 042). Each checks every
 * request as its vendor documents it and answers a request that breaks the
 * rules as the vendor would (a 4xx with the vendor's error body); a request
 * that passes is recorded, and answered as the test says next (2xx by
 * default, or 429, 5xx, a 4xx, or silence).
 * - Fastly: `POST /service/{service_id}/purge`, `Fastly-Key: <token>`, JSON
 *   `{"surrogate_keys": [...]}` with 1 to 256 keys; answers
 *   `{"<key>": "<purge id>", ...}`.
 * - Cloudflare: `POST /client/v4/zones/{zone_id}/purge_cache`,
 *   `Authorization: Bearer <token>`, JSON `{"tags": [...]}` with 1 to 100
 *   tags; answers the v4 envelope `{"success", "errors", "messages", "result"}`.
 * - The generic target (CACHE_PURGE_URL): `POST <path>`, JSON `{"tags": [...]}`
 *   with at least one tag, signed with Standard Webhooks and verified as
 *   tests/support/webhook-receiver.ts does; answers 200 with no body.
 */
import type { IncomingMessage } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { isJson, startVendorStandIn, type StandInVerdict, type VendorStandIn } from './vendor-stand-in'
import { signatureHeaders } from './webhook-receiver'

export type { StandInAnswer } from './vendor-stand-in'

/** A CDN's stand-in: `purges` are the tag lists of the purges it accepted, in order. */
export type CdnStandIn = Omit<VendorStandIn<string[]>, 'accepted'> & { purges: string[][] }

async function startStandIn(
  check: (request: IncomingMessage, body: unknown, raw: string) => StandInVerdict<string[]>,
  success: (tags: string[]) => unknown,
  path = '',
): Promise<CdnStandIn> {
  const { accepted, ...standIn } = await startVendorStandIn(check, success, path)
  return { ...standIn, purges: accepted }
}

const stringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0)

/** Fastly's API: the batch purge by surrogate key. */
export function startFastlyStandIn({ serviceId, apiToken }: { serviceId: string; apiToken: string }): Promise<CdnStandIn> {
  const fastlyError = (status: number, msg: string) => ({ error: msg, status, body: { msg, detail: msg } })
  return startStandIn(
    (request, body) => {
      if (request.method !== 'POST' || request.url !== `/service/${serviceId}/purge`) return fastlyError(404, `unknown route ${request.method} ${request.url}`)
      if (request.headers['fastly-key'] !== apiToken) return fastlyError(401, 'Provided credentials are missing or invalid')
      if (!isJson(request)) return fastlyError(415, 'Content-Type must be application/json')
      const keys = (body as { surrogate_keys?: unknown } | undefined)?.surrogate_keys
      if (!stringList(keys) || keys.length === 0 || keys.length > 256) return fastlyError(400, 'surrogate_keys must list 1 to 256 keys')
      return { accepted: keys }
    },
    (tags) => Object.fromEntries(tags.map((tag, index) => [tag, `purge-${index}`])),
  )
}

/** Cloudflare's API v4: purge cached content by cache tag. */
export function startCloudflareStandIn({ zoneId, apiToken }: { zoneId: string; apiToken: string }): Promise<CdnStandIn> {
  const envelope = (status: number, code: number, message: string) => ({
    error: message,
    status,
    body: { success: false, errors: [{ code, message }], messages: [], result: null },
  })
  return startStandIn(
    (request, body) => {
      if (request.method !== 'POST' || request.url !== `/client/v4/zones/${zoneId}/purge_cache`)
        return envelope(404, 7003, 'Could not route to the requested zone')
      if (request.headers.authorization !== `Bearer ${apiToken}`) return envelope(403, 10000, 'Authentication error')
      if (!isJson(request)) return envelope(415, 6000, 'Invalid Content-Type')
      const tags = (body as { tags?: unknown } | undefined)?.tags
      if (!stringList(tags) || tags.length === 0 || tags.length > 100) return envelope(400, 1070, 'tags must list 1 to 100 tags')
      return { accepted: tags }
    },
    () => ({ success: true, errors: [], messages: [], result: { id: zoneId } }),
  )
}

/**
 * The generic purge endpoint, a Standard Webhooks receiver: its `url` is the
 * whole endpoint (CACHE_PURGE_URL). `messageIds` lists the `webhook-id` of
 * each accepted request, in order.
 */
export async function startGenericPurgeStandIn({ secret, path = '/purge' }: { secret: string; path?: string }): Promise<CdnStandIn & { messageIds: string[] }> {
  const messageIds: string[] = []
  const refusal = (status: number, error: string) => ({ error, status, body: { error } })
  const standIn = await startStandIn(
    (request, body, raw) => {
      if (request.method !== 'POST' || request.url !== path) return refusal(404, `unknown route ${request.method} ${request.url}`)
      if (!isJson(request)) return refusal(415, 'Content-Type must be application/json')
      try {
        // Checks the signature against the raw body, and that the timestamp is within five minutes.
        new Webhook(secret).verify(raw, signatureHeaders(request.headers))
      } catch (error) {
        return refusal(401, `invalid signature: ${(error as Error).message}`)
      }
      const tags = (body as { tags?: unknown } | undefined)?.tags
      if (!stringList(tags) || tags.length === 0) return refusal(400, 'tags must list at least one tag')
      messageIds.push(String(request.headers['webhook-id']))
      return { accepted: tags }
    },
    () => undefined,
    path,
  )
  const reset = standIn.reset
  return Object.assign(standIn, {
    messageIds,
    reset() {
      reset()
      messageIds.length = 0
    },
  })
}
