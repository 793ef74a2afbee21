/**
 * The sign-in's limits (ADR 032), counted by the shared limiter in the
 * database (`rateLimiter` with the database store, ADR 027), so every
 * instance shares them.
 * Only failures count: `countSignInAttempt` counts an attempt before its
 * password is checked (so racing attempts cannot pass a limit together), and
 * a right password takes its hits back.
 *
 * - A device an admin signed in on carries a signed cookie
 *   (`admin_dispositivo`, 90 days from the last sign-in on it). Its attempts
 *   on that admin count on the device alone: five failures in any fifteen
 *   minutes, whatever strangers do to the e-mail or the address. Past them
 *   it tries as an unknown device (OWASP's "device cookies").
 * - An unknown device: five failures per e-mail and address, twenty per
 *   address on any e-mails, fifty per e-mail from all addresses. Past the
 *   fifty, an address that already failed on that e-mail waits, while an
 *   address with no recent failure on it still gets its try: strangers slow
 *   guessing down (one try per new address) but never shut the owner out.
 *
 * A refusal by a limit is audited once per address and window, with the
 * address, so a flood writes a handful of entries, not one per attempt.
 */
import { randomBytes } from 'node:crypto'
import { eq, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { emailKey } from '~/leads/email-key.server'
import { ADMIN_DEVICE_MAX_AGE_SECONDS, readSiteCookie, serializeSiteCookie } from '~/utils/cookies.server'
import { rateLimiter, type DatabaseRateLimiter } from '~/utils/rate-limit.server'
import type { Database } from '../../db/client'
import { rateLimitHits } from '../../db/schema'
import { recordAudit } from './audit.server'

export const ADMIN_LOGIN_WINDOW_MS = 15 * 60_000
/** Failed sign-ins on one e-mail from one address (or one known device) in any 15 minutes. */
export const ADMIN_LOGIN_ATTEMPTS = 5
/** Failed sign-ins from one address on any e-mails in any 15 minutes. */
export const ADMIN_ADDRESS_LOGIN_ATTEMPTS = 20
/** Failed sign-ins on one e-mail from all addresses in any 15 minutes; past them only addresses that have not failed on it get a try. */
export const ADMIN_ACCOUNT_LOGIN_ATTEMPTS = 50

/** Which limit refused an attempt (kept in its audit entry). */
export type LoginLimit = 'device' | 'address' | 'email_address' | 'email'

/** The four limits, and the gate that writes one audit entry per address and window. */
export type LoginLimiters = Record<'device' | 'address' | 'pair' | 'account' | 'refusals', DatabaseRateLimiter>

/** Each limit's name: the first part of its keys in `rate_limit_hits`. */
const LIMIT_NAMES = {
  device: 'admin-login-device',
  address: 'admin-login-ip',
  pair: 'admin-login-pair',
  account: 'admin-login-email',
  refusals: 'admin-login-refused',
} as const satisfies Record<keyof LoginLimiters, string>

let shared: { db: Database; limiters: LoginLimiters } | undefined
/** The sign-in's limits on `db`, and the once-per-window gate of their audit entries. */
export function loginLimiters(db: Database): LoginLimiters {
  if (shared?.db !== db) {
    const limiter = (name: string, limit: number) => rateLimiter({ name, limit: () => limit, windowMs: ADMIN_LOGIN_WINDOW_MS, store: 'database', db })
    shared = {
      db,
      limiters: {
        device: limiter(LIMIT_NAMES.device, ADMIN_LOGIN_ATTEMPTS),
        address: limiter(LIMIT_NAMES.address, ADMIN_ADDRESS_LOGIN_ATTEMPTS),
        pair: limiter(LIMIT_NAMES.pair, ADMIN_LOGIN_ATTEMPTS),
        account: limiter(LIMIT_NAMES.account, ADMIN_ACCOUNT_LOGIN_ATTEMPTS),
        refusals: limiter(LIMIT_NAMES.refusals, 1),
      },
    }
  }
  return shared.limiters
}

/**
 * The e-mail's part of the keys of its counts (its own, each address's on
 * it, each device's on it): its SHA-256, so `rate_limit_hits` holds no
 * e-mail; `admin:unlock` and an LGPD deletion find them by it.
 */
const emailPart = (email: string) => emailKey(email)

export type SignInAttempt = { email: string; clientIp: string; device: string | null }
export type CountedAttempt = { ok: true; release: () => Promise<void> } | { ok: false; limit: LoginLimit; retryAfterSeconds: number }

/** Counts an attempt on every limit that applies to it, or says which one refuses it (and takes back what it counted). */
export async function countSignInAttempt(limiters: LoginLimiters, attempt: SignInAttempt, at: number): Promise<CountedAttempt> {
  const counted: { limiter: DatabaseRateLimiter; key: string }[] = []
  const release = () => Promise.all(counted.map(({ limiter, key }) => limiter.release(key, at))).then(() => undefined)
  const count = async (limit: LoginLimit, limiter: DatabaseRateLimiter, key: string, over?: number) => {
    const decision = await limiter.hit(key, at, over)
    if (decision.allowed) counted.push({ limiter, key })
    return decision
  }
  if (attempt.device && (await count('device', limiters.device, `${emailPart(attempt.email)}|${attempt.device}`)).allowed) return { ok: true, release }
  const refuse = async (limit: LoginLimit, retryAfterSeconds: number): Promise<CountedAttempt> => {
    await release()
    return { ok: false, limit, retryAfterSeconds }
  }
  const address = await count('address', limiters.address, attempt.clientIp)
  if (!address.allowed) return refuse('address', address.retryAfterSeconds)
  const pair = await count('email_address', limiters.pair, `${emailPart(attempt.email)}|${attempt.clientIp}`)
  if (!pair.allowed) return refuse('email_address', pair.retryAfterSeconds)
  // An address with no recent failure on this e-mail is counted on it but never refused by it.
  const account = await count('email', limiters.account, emailPart(attempt.email), pair.earlier === 0 ? Infinity : undefined)
  if (!account.allowed) return refuse('email', account.retryAfterSeconds)
  return { ok: true, release }
}

/** Audits a refusal by a limit: the first from `clientIp` in a window, with the address and the limit; the rest of that window's are not written. */
export async function auditLimitRefusal(db: Database, limiters: LoginLimiters, auditedAs: string, refusal: { limit: LoginLimit; clientIp: string }, now: Date) {
  if (!(await limiters.refusals.hit(refusal.clientIp, now.getTime())).allowed) return
  await recordAudit(db, auditedAs, 'admin_sign_in_failed', { reason: 'rate_limited', limit: refusal.limit, address: refusal.clientIp }, now)
}

const deviceValue = z.object({ admin: z.string().max(64), device: z.string().regex(/^[\w-]{22}$/), until: z.number().int() })

/** The request's device for `adminId`: its id when the cookie is ours, unexpired and issued to that admin; otherwise null. */
export async function knownDevice(request: Request, adminId: string, at: number): Promise<string | null> {
  const parsed = deviceValue.safeParse(await readSiteCookie(request, 'adminDevice'))
  return parsed.success && parsed.data.admin === adminId && parsed.data.until > at ? parsed.data.device : null
}

/** The `Set-Cookie` that marks this device as `adminId`'s for 90 days more (a new device id when it had none). */
export function deviceCookie(request: Request, adminId: string, device: string | null, at: number): Promise<string> {
  const value = { admin: adminId, device: device ?? randomBytes(16).toString('base64url'), until: at + ADMIN_DEVICE_MAX_AGE_SECONDS * 1000 }
  return serializeSiteCookie(request, 'adminDevice', value)
}

/** Deletes every count of one e-mail's sign-ins (its own, each address's and each device's on it); how many hits were cleared. */
export async function clearSignInCounts(db: Pick<Database, 'delete'>, email: string): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(
      or(
        eq(rateLimitHits.key, `${LIMIT_NAMES.account}|${emailPart(email)}`),
        sql`starts_with(${rateLimitHits.key}, ${`${LIMIT_NAMES.pair}|${emailPart(email)}|`})`,
        sql`starts_with(${rateLimitHits.key}, ${`${LIMIT_NAMES.device}|${emailPart(email)}|`})`,
      ),
    )
    .returning({ id: rateLimitHits.id })
  return deleted.length
}
