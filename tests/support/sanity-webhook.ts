/**
 * Sanity's publish webhook as Sanity sends it: the document's projection as
 * JSON, signed with the webhook's secret (`sanity-webhook-signature`), and an
 * `idempotency-key` that stays the same when Sanity delivers it again.
 */
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'

export async function sanityPublishRequest(
  url: string,
  document: Record<string, unknown>,
  { secret, idempotencyKey }: { secret: string; idempotencyKey?: string },
): Promise<Request> {
  const body = JSON.stringify(document)
  return new Request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), secret),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body,
  })
}
