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
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { signatureHeaders } from './webhook-receiver'

/** A body is sent as JSON, a string as it is (a proxy's HTML page); 'hang' never answers. */
export type StandInAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang'

export type CdnStandIn = {
  url: string
  /** The tag lists of the purges it accepted, in order. */
  purges: string[][]
  /** Requests it refused as malformed (wrong path, key, body): a test expects none. */
  refused: string[]
  /** How the next accepted requests are answered, in order (then the vendor's success); a 2xx without a body gets the vendor's success body. */
  queue(...answers: StandInAnswer[]): void
  /** Forgets what it received and any answers still queued. */
  reset(): void
  close(): Promise<void>
}

type Check = (request: IncomingMessage, body: unknown, raw: string) => { tags: string[] } | { error: string; status: number; body: unknown }

async function startStandIn(check: Check, success: (tags: string[]) => unknown, path = ''): Promise<CdnStandIn> {
  const purges: string[][] = []
  const refused: string[] = []
  const answers: StandInAnswer[] = []
  const hanging = new Set<() => void>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        body = undefined
      }
      const verdict = check(request, body, raw)
      if ('error' in verdict) {
        refused.push(verdict.error)
        response.writeHead(verdict.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(verdict.body))
        return
      }
      const answer = answers.shift() ?? { status: 200, body: success(verdict.tags) }
      if (answer === 'hang') {
        hanging.add(() => response.destroy())
        return
      }
      const succeeded = answer.status >= 200 && answer.status < 300
      if (succeeded) purges.push(verdict.tags)
      const answerBody = answer.body ?? (succeeded ? success(verdict.tags) : {})
      response
        .writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
        .end(answerBody === undefined ? '' : typeof answerBody === 'string' ? answerBody : JSON.stringify(answerBody))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    purges,
    refused,
    queue: (...next) => answers.push(...next),
    reset() {
      purges.length = 0
      refused.length = 0
      answers.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const isJson = (request: IncomingMessage) => (request.headers['content-type'] ?? '').startsWith('application/json')
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
      return { tags: keys }
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
      return { tags }
    },
    () => ({ success: true, errors: [], messages: [], result: { id: zoneId } }),
  )
}

/**
 * The generic purge endpoint, a Standard Webhooks receiver: its `url` is the
 * whole endpoint (CACHE_PURGE_URL). `webhookIds` lists the `webhook-id` of
 * each accepted request, in order.
 */
export async function startGenericPurgeStandIn({ secret, path = '/purge' }: { secret: string; path?: string }): Promise<CdnStandIn & { webhookIds: string[] }> {
  const webhookIds: string[] = []
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
      webhookIds.push(String(request.headers['webhook-id']))
      return { tags }
    },
    () => undefined,
    path,
  )
  const reset = standIn.reset
  return Object.assign(standIn, {
    webhookIds,
    reset() {
      reset()
      webhookIds.length = 0
    },
  })
}
