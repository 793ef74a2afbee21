/**
 * One HTTP attempt of a delivery, classified for the worker (outbox.server.ts):
 * 2xx delivered; 410 Gone stops for good; 429 waits for Retry-After; anything
 * else (other status, timeout, network error) is retried on the schedule.
 * `postSignedWebhook` signs by the Standard Webhooks scheme
 * (https://www.standardwebhooks.com): `webhook-id` (the same on every retry,
 * the receiver's idempotency key), `webhook-timestamp` (seconds) and
 * `webhook-signature` (v1,<base64 HMAC-SHA256 of id.timestamp.body>).
 * Shared by every target of every domain (leads, content).
 */
import { randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

/** A delivery's message id (Standard Webhooks' form): `msg_` and 32 hex characters, the same on every attempt. */
export function createDeliveryId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`
}

export type AttemptOutcome =
  /** `vendorRef`: the vendor's id for what it made (RD Station's `event_uuid`), kept on the row. */
  | { kind: 'delivered'; status: number; vendorRef?: string }
  | { kind: 'gone'; status: number | null; error: string }
  /** `interrupted`: cut by the instance stopping, not by the vendor or its deadline (never fails the row). */
  | { kind: 'retry'; status: number | null; error: string; retryAfterMs?: number; interrupted?: true }
  /** Not sent: our own throttle of the vendor's rate limit said wait. The row waits without spending an attempt. */
  | { kind: 'deferred'; status: null; error: string; retryAfterMs: number }

/** Statuses that say the request itself is wrong (a bad key, an unknown form, a field the vendor refuses): trying again cannot help. */
const REQUEST_IS_WRONG = new Set([400, 401, 402, 403, 404, 405, 410, 415, 422])

/** A vendor's "wrong request" answer is final, with its words; everything else keeps postJson's classification (ADR 042, ADR 046). */
export const finalWhenWrong = (outcome: AttemptOutcome): AttemptOutcome =>
  outcome.kind === 'retry' && outcome.status !== null && REQUEST_IS_WRONG.has(outcome.status)
    ? { kind: 'gone', status: outcome.status, error: outcome.error }
    : outcome

export const DELIVERY_USER_AGENT = 'AlavancaDigital-Webhooks/1.0'

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return `timeout after ${timeoutMs} ms`
    const cause = error.cause
    if (cause instanceof Error) {
      const code = (cause as NodeJS.ErrnoException).code
      return `${error.message}: ${code ?? cause.message}`.slice(0, 500)
    }
    return error.message.slice(0, 500)
  }
  return String(error).slice(0, 500)
}

/** An answer's text, read up to 64 KiB (a vendor's JSON envelope; never a page). */
async function readAnswer(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, 64 * 1024)
  } catch {
    return ''
  }
}

const snippetOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200)

/** Signs and posts `body` (already-serialised JSON) once. Never throws. */
export async function postSignedWebhook({
  url,
  secret,
  messageId,
  body,
  timeoutMs,
  now = new Date(),
  signal,
}: {
  url: string
  secret: string
  messageId: string
  body: string
  timeoutMs: number
  now?: Date
  /** The attempt's own end (its deadline, a stop): aborts the request with the timeout. */
  signal?: AbortSignal
}): Promise<AttemptOutcome> {
  let signature: string
  try {
    signature = new Webhook(secret).sign(messageId, now, body)
  } catch (error) {
    return { kind: 'retry', status: null, error: `cannot sign: ${describeFailure(error, timeoutMs)}` }
  }
  return postJson({
    url,
    body,
    timeoutMs,
    now,
    signal,
    headers: {
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
  })
}

/**
 * Sends one JSON request (a POST with its body, or a GET) and classifies the
 * answer for the outbox: 2xx delivered, 410 gone, 429 with its Retry-After,
 * anything else (other status, timeout, network error) to retry. Never
 * throws. Errors name the status and the answer's first words, never the URL
 * (a conversion API's carries its key).
 */
export async function requestJson({
  url,
  method = 'POST',
  body,
  timeoutMs,
  now = new Date(),
  headers = {},
  onBody,
  signal,
}: {
  url: string
  method?: 'GET' | 'POST'
  /** Already-serialised JSON; none for a GET. */
  body?: string
  timeoutMs: number
  now?: Date
  /** The attempt's own end (its deadline, a stop): aborts the request and the reading of its answer, with the timeout. */
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Sees the answer's text (a vendor that reports failure inside a 200: Cloudflare's `success`; the data of a 2xx). */
  onBody?: (text: string) => void
}): Promise<AttemptOutcome> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), 'User-Agent': DELIVERY_USER_AGENT, ...headers },
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    return { kind: 'retry', status: null, error: describeFailure(error, timeoutMs) }
  }
  const text = await readAnswer(response)
  onBody?.(text)
  const snippet = snippetOf(text)
  const status = response.status
  if (status >= 200 && status < 300) return { kind: 'delivered', status }
  const error = `HTTP ${status}${snippet ? `: ${snippet}` : ''}`
  if (status === 410) return { kind: 'gone', status, error }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), now.getTime())
    return retryAfterMs === undefined ? { kind: 'retry', status, error } : { kind: 'retry', status, error, retryAfterMs }
  }
  return { kind: 'retry', status, error }
}

/** Posts JSON once: requestJson's POST. */
export const postJson = (options: Omit<Parameters<typeof requestJson>[0], 'method' | 'body'> & { body: string }) => requestJson({ ...options, method: 'POST' })
