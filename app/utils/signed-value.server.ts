import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecrets } from './cookies.server'

/**
 * A value the visitor carries (a hidden field, a URL) that the server must be
 * able to trust again: `<value>.<issued ms base36>.<hmac>`, signed for one
 * purpose with SESSION_SECRET (any of the rotated secrets verifies). The value
 * is not secret, only tamper-proof; keep it to URL-safe characters.
 */
const mac = (purpose: string, value: string, issued: string, secret: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}:${issued}`).digest('base64url')

export function signValue(purpose: string, value: string, now: number = Date.now(), secrets: string[] = sessionSecrets()): string {
  const [secret] = secrets
  if (!secret) throw new Error('SESSION_SECRET is empty')
  const issued = now.toString(36)
  return `${value}.${issued}.${mac(purpose, value, issued, secret)}`
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
  const expected = Buffer.from(given)
  const valid = secrets.some((secret) => {
    const actual = Buffer.from(mac(purpose, value, issued, secret))
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  })
  if (!valid) return { ok: false, reason: 'tampered' }
  const issuedAt = parseInt(issued, 36)
  if (!(issuedAt <= now + 60_000) || now - issuedAt > maxAgeMs) return { ok: false, reason: 'expired' }
  return { ok: true, value, issuedAt }
}
