import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecrets } from './cookies.server'

/**
 * The one signer of values the visitor carries: HMAC-SHA256 (base64url) of
 * the parts joined by `:`, with the newest of SESSION_SECRET's rotated
 * secrets; any of them verifies. Each caller puts its purpose first, so a
 * value signed for one job is refused by another.
 */
export function signParts(parts: readonly string[], secrets: string[] = sessionSecrets()): string {
  const [secret] = secrets
  if (!secret) throw new Error('SESSION_SECRET is empty')
  return mac(parts, secret)
}

/** Whether `given` is signParts' signature of `parts` under any of the secrets (compared in constant time). */
export function verifyParts(parts: readonly string[], given: string, secrets: string[] = sessionSecrets()): boolean {
  const received = Buffer.from(given)
  return secrets.some((secret) => {
    const expected = Buffer.from(mac(parts, secret))
    return expected.length === received.length && timingSafeEqual(expected, received)
  })
}

const mac = (parts: readonly string[], secret: string) => createHmac('sha256', secret).update(parts.join(':')).digest('base64url')

/**
 * A value the visitor carries (a hidden field, a URL) that the server must be
 * able to trust again: `<value>.<issued ms base36>.<hmac>`, signed for one
 * purpose. The value is not secret, only tamper-proof; keep it to URL-safe
 * characters.
 */
export function signValue(purpose: string, value: string, now: number = Date.now(), secrets: string[] = sessionSecrets()): string {
  const issued = now.toString(36)
  return `${value}.${issued}.${signParts([purpose, value, issued], secrets)}`
}

export type SignedRead = { ok: true; value: string; issuedAt: number } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' }

/** Reads a signed value back: tampered (or signed for another purpose), expired after `maxAgeMs`, or malformed. */
export function readSignedValue(
  purpose: string,
  token: string | null | undefined,
  { maxAgeMs, now = Date.now(), secrets = sessionSecrets() }: { maxAgeMs: number; now?: number; secrets?: string[] },
): SignedRead {
  const match = /^([\w-]*)\.([0-9a-z]{1,11})\.([\w-]{43})$/.exec(token ?? '')
  if (!match) return { ok: false, reason: 'malformed' }
  const [, value = '', issued = '', given = ''] = match
  if (!verifyParts([purpose, value, issued], given, secrets)) return { ok: false, reason: 'tampered' }
  const issuedAt = parseInt(issued, 36)
  if (!(issuedAt <= now + 60_000) || now - issuedAt > maxAgeMs) return { ok: false, reason: 'expired' }
  return { ok: true, value, issuedAt }
}
