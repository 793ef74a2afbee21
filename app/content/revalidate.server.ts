import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { bodyLimitFor, bodyTooLargeMessage } from '~/utils/body-limits.server'
import { cacheControl, DATABASE_RETRY_AFTER_SECONDS } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'
import { ALLOW, methodNotAllowedResponse, type ResourceRule } from '~/utils/methods.server'
import type { Database } from '../../db/client'
import { queueCachePurges } from './cache-purge-queue.server'
import { cacheTagsForPublish } from './cache-tags'
import { dropContentCaches, recordPublish } from './publish.server'

/**
 * POST /api/content/revalidate: Sanity's GROQ-powered webhook calls it on
 * publish, signed with SANITY_WEBHOOK_SECRET (@sanity/webhook). A valid call
 * is a publish (below). A missing, wrong or tampered signature, or one older
 * than the replay window, is a 401 and changes nothing; a call whose
 * signature was already recorded (a redelivery, or a captured call replayed
 * under a new idempotency key) is a 200 that changes nothing (ADR 042); with no secret configured the endpoint is switched
 * off (503, saying what to set). The answer never depends on Sanity itself.
 */
/** The webhook takes posts only; anything else gets its 405 in JSON (methods.server.ts). */
export const REVALIDATE_METHODS: ResourceRule = { allow: ALLOW.postOnly, kind: 'json' }

/** A signed call older than this is treated as a replay. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cacheControl.privateNoStore, ...headers },
  })

const refused = (error: string) => json({ ok: false, error }, 401)

export type RevalidateOptions = {
  /** SANITY_WEBHOOK_SECRET; unset switches the endpoint off. */
  secret: string | undefined
  /** The database the publish is recorded in (and the CDN purges queued). */
  db: () => Database | Promise<Database>
  /** The CDN purge targets configured (outbox target names), each queued with the publish's tags. */
  purgeTargets?: readonly string[]
  now?: number
}

/**
 * A verified publish is recorded once (Sanity's `idempotency-key`, and its
 * signature whatever the key), which
 * tells every instance to drop its caches and queues the purge of the changed
 * document's tags at every configured CDN (ADR 042); this instance drops its
 * own caches at once. With the database away the answer is a 503 with
 * Retry-After, and Sanity tries again.
 */
export async function revalidateContent(request: Request, { secret, db, purgeTargets = [], now = Date.now() }: RevalidateOptions): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowedResponse(REVALIDATE_METHODS)
  if (!secret) {
    return json({ ok: false, error: 'revalidação desativada: defina SANITY_WEBHOOK_SECRET no servidor e o mesmo segredo no webhook do Sanity' }, 503)
  }
  // The route's limit (body-limits.server.ts): the server refused a longer Content-Length already; this holds without it.
  const maxBytes = bodyLimitFor(new URL(request.url).pathname)
  const tooLarge = () => json({ ok: false, error: bodyTooLargeMessage(maxBytes) }, 413)
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) return tooLarge()
  const signature = request.headers.get(SIGNATURE_HEADER_NAME) ?? ''
  const body = await request.text()
  if (Buffer.byteLength(body) > maxBytes) return tooLarge()

  let signed: { timestamp: number; hashedPayload: string }
  try {
    signed = decodeSignatureHeader(signature)
  } catch {
    return refused('assinatura ausente ou inválida')
  }
  if (!(await isValidSignature(body, signature, secret).catch(() => false))) return refused('assinatura ausente ou inválida')
  if (Math.abs(now - signed.timestamp) > SIGNATURE_MAX_AGE_MS) return refused('assinatura expirada')

  let document: { _id?: unknown; _type?: unknown } = {}
  try {
    document = JSON.parse(body) as typeof document
  } catch {
    // The projection is up to whoever set the webhook up; the signature is what matters.
  }
  const documentId = typeof document._id === 'string' ? document._id.slice(0, 200) : null
  const documentType = typeof document._type === 'string' ? document._type.slice(0, 100) : null
  const tags = cacheTagsForPublish(document)
  const idempotencyKey = request.headers.get('idempotency-key')?.slice(0, 200) || null
  let recorded: { version: number } | null
  try {
    const database = await db()
    recorded = await recordPublish(database, {
      documentId,
      documentType,
      tags,
      idempotencyKey,
      signature: signed.hashedPayload,
      alsoInTransaction: (tx) => queueCachePurges(tx, tags, purgeTargets, new Date(now)),
    })
  } catch (error) {
    logJson({ level: 'error', msg: 'publish not recorded', documentId, error })
    return json({ ok: false, error: 'banco de dados indisponível: tente de novo em instantes' }, 503, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) })
  }
  if (!recorded) {
    logJson({ level: 'info', msg: 'publish already recorded', documentId, idempotencyKey })
    return json({ ok: true, revalidated: false, duplicate: true }, 200)
  }
  dropContentCaches('publish', recorded.version)
  logJson({ level: 'info', msg: 'content published', version: recorded.version, documentId, documentType, tags: tags.join(' '), purges: purgeTargets.length })
  return json({ ok: true, revalidated: true, version: recorded.version, tags }, 200)
}
