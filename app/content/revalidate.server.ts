import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { cacheControl } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'
import { clearContentCache } from './content.server'

/**
 * POST /api/content/revalidate: Sanity's GROQ-powered webhook calls it on
 * publish, signed with SANITY_WEBHOOK_SECRET (@sanity/webhook). A valid call
 * marks every cached query result stale, so the next request reads the new
 * content. A missing, wrong, tampered or replayed signature is a 401 and
 * changes nothing; with no secret configured the endpoint is switched off
 * (503, saying what to set). The answer never depends on Sanity itself.
 */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024
/** A signed call older than this is treated as a replay. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cacheControl.privateNoStore, ...headers },
  })

const refused = (error: string) => json({ ok: false, error }, 401)

/**
 * `purgePages` drops the server's cached pages (app/server/page-cache.ts,
 * handed over in Remix's load context); a CDN in front is purged by its own
 * webhook from Sanity (ADR 029).
 */
export async function revalidateContent(
  request: Request,
  secret: string | undefined,
  now: number = Date.now(),
  purgePages: () => number = () => 0,
): Promise<Response> {
  if (request.method !== 'POST') return json({ ok: false, error: 'use o método POST' }, 405, { Allow: 'POST' })
  if (!secret) {
    return json({ ok: false, error: 'revalidação desativada: defina SANITY_WEBHOOK_SECRET no servidor e o mesmo segredo no webhook do Sanity' }, 503)
  }
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_WEBHOOK_BODY_BYTES) return json({ ok: false, error: 'corpo grande demais' }, 413)
  const signature = request.headers.get(SIGNATURE_HEADER_NAME) ?? ''
  const body = await request.text()
  if (body.length > MAX_WEBHOOK_BODY_BYTES) return json({ ok: false, error: 'corpo grande demais' }, 413)

  let timestamp: number
  try {
    timestamp = decodeSignatureHeader(signature).timestamp
  } catch {
    return refused('assinatura ausente ou inválida')
  }
  if (!(await isValidSignature(body, signature, secret).catch(() => false))) return refused('assinatura ausente ou inválida')
  if (Math.abs(now - timestamp) > SIGNATURE_MAX_AGE_MS) return refused('assinatura expirada')

  const entries = clearContentCache()
  const pages = purgePages()
  let document: { _id?: unknown; _type?: unknown } = {}
  try {
    document = JSON.parse(body) as typeof document
  } catch {
    // The projection is up to whoever set the webhook up; the signature is what matters.
  }
  logJson({
    level: 'info',
    msg: 'content revalidated',
    staleEntries: entries,
    purgedPages: pages,
    documentId: typeof document._id === 'string' ? document._id : undefined,
    documentType: typeof document._type === 'string' ? document._type : undefined,
  })
  return json({ ok: true, revalidated: true }, 200)
}
