import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { clearContentCache } from './content.server'

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' },
  })

/**
 * POST /api/content/revalidate: Sanity's GROQ-powered webhook calls it on
 * publish. A valid `sanity-webhook-signature` (SANITY_WEBHOOK_SECRET) drops
 * the content cache so the next request reads the new content; anything else
 * is refused without touching the cache.
 */
export async function revalidateContent(request: Request, secret: string | undefined): Promise<Response> {
  if (!secret) return json({ ok: false, error: 'SANITY_WEBHOOK_SECRET não configurado' }, 503)
  const signature = request.headers.get(SIGNATURE_HEADER_NAME)
  const body = await request.text()
  if (!signature || !(await isValidSignature(body, signature, secret).catch(() => false))) {
    return json({ ok: false, error: 'assinatura inválida' }, 401)
  }
  clearContentCache()
  return json({ ok: true, revalidated: true }, 200)
}
