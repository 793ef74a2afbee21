/**
 * Admin sign-in (ADR 032). Accounts live in the database with
 * scrypt hashes (password.server.ts, `npm run admin:create`). Signing in
 * makes a random session token: the cookie `admin_sessao` holds it
 * (httpOnly, SameSite=Lax, Secure under https, eight hours),
 * the `admin_sessions` table its SHA-256 and its end. Every admin loader
 * and action starts with `adminRequest(request)`, which answers an
 * anonymous or expired visitor with a redirect to the sign-in page.
 * Attempts are limited (login-limits.server.ts: per device the admin signed
 * in on, per address, per e-mail and address, per e-mail), counted in the
 * database (shared by every instance), and a wrong e-mail costs as long as a
 * wrong password. Sign-ins and refused attempts are written to the audit log.
 */
import { createHash, randomBytes } from 'node:crypto'
import { redirect } from '@remix-run/node'
import { and, eq, gt, lte } from 'drizzle-orm'
import { ADMIN_SESSION_MAX_AGE_SECONDS, clearSiteCookie, readSiteCookie, serializeSiteCookie } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'
import { cacheControl, databaseUnavailableResponse, passOnHeaders } from '~/utils/http.server'
import { safeRedirect } from '~/utils/redirect.server'
import { isDatabaseUnavailable, migratedDatabase, type Database } from '../../db/client'
import { admins, adminSessions, type Admin } from '../../db/schema'
import { COMMAND_LINE_ACTOR, UNKNOWN_ADMIN } from './audit-log'
import { recordAudit } from './audit.server'
import { auditLimitRefusal, clearSignInCounts, countSignInAttempt, deviceCookie, knownDevice, loginLimiters, type LoginLimiters } from './login-limits.server'
import { adminPasswordMessages } from './password-rules'
import { weakAdminPassword } from './password-strength.server'
import { decoyHash, hashPassword, MIN_ADMIN_PASSWORD_LENGTH, verifyPassword } from './password.server'

export const ADMIN_PATH = '/admin'
export const ADMIN_LOGIN_PATH = '/admin/entrar'

/** What every admin response says to caches and search engines. */
export const ADMIN_HEADERS = { 'Cache-Control': cacheControl.privateNoStore, 'X-Robots-Tag': 'noindex, nofollow' } as const

export const adminAuthMessages = {
  invalid: 'E-mail ou senha incorretos.',
  rateLimited: (minutes: number) => `Muitas tentativas de acesso. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
} as const

export type SignedInAdmin = Pick<Admin, 'id' | 'email'>

/** The database the admin area reads (migrated once, like the lead pipeline's). */
export function adminDatabase(): Promise<Database> {
  return migratedDatabase(getEnv())
}

/** What the database keeps of a random token (a session's, a setup link's): its SHA-256. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
export const normalizeAdminEmail = (email: string) => email.trim().toLowerCase()

/** The session token in the request's cookie: 32 random bytes in base64url, or null. */
async function sessionToken(request: Request): Promise<string | null> {
  const value = await readSiteCookie(request, 'adminSession')
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

/** The admin this request's session belongs to, or null (no cookie, unknown or expired session). */
export async function adminOf(db: Database, request: Request, now = new Date()): Promise<SignedInAdmin | null> {
  const token = await sessionToken(request)
  if (!token) return null
  const [row] = await db
    .select({ id: admins.id, email: admins.email })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, tokenHash(token)), gt(adminSessions.expiresAt, now)))
  return row ?? null
}

/**
 * The guard: the signed-in admin, or a redirect to the sign-in page that
 * comes back here afterwards.
 */
export async function requireAdmin(request: Request, db: Database): Promise<SignedInAdmin> {
  const admin = await adminOf(db, request)
  if (admin) return admin
  const { pathname, search } = new URL(request.url)
  const back = pathname.startsWith(ADMIN_PATH) && pathname !== ADMIN_LOGIN_PATH ? `?voltar=${encodeURIComponent(pathname + search)}` : ''
  throw redirect(`${ADMIN_LOGIN_PATH}${back}`, { headers: ADMIN_HEADERS })
}

/** How every admin loader and action begins: the admin area's database and the signed-in admin (or `requireAdmin`'s redirect). */
export async function adminRequest(request: Request): Promise<{ db: Database; admin: SignedInAdmin }> {
  const db = await adminDatabase()
  return { db, admin: await orUnavailable(requireAdmin(request, db)) }
}

/** `work`, or a thrown 503 with Retry-After when the database is away (it comes back by itself). */
export async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw databaseUnavailableResponse()
    throw error
  }
}

/** The `headers` export of every admin route: no cache, no index, and a refusal's Allow or Retry-After. */
export const adminHeaders = passOnHeaders(ADMIN_HEADERS)

/** Where to go after signing in: an admin path only (never another site). */
export function adminReturnPath(value: FormDataEntryValue | null): string {
  return safeRedirect(value, { within: ADMIN_PATH, fallback: ADMIN_PATH })
}

export type SignInResult =
  { ok: true; admin: SignedInAdmin; setCookie: string; deviceCookie: string } | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number }

type SignInOptions = { db: Database; clientIp: string; now?: Date; limiters?: LoginLimiters }

/**
 * Checks the attempt against the limits (login-limits.server.ts), then the
 * password; on success opens a session and marks the device as the admin's
 * (the cookie that lets it past strangers' failures next time).
 */
export async function signIn(request: Request, credentials: { email: string; password: string }, options: SignInOptions): Promise<SignInResult> {
  const now = options.now ?? new Date()
  const at = now.getTime()
  const email = normalizeAdminEmail(credentials.email)
  const limiters = options.limiters ?? loginLimiters(options.db)
  const [account] = await options.db.select().from(admins).where(eq(admins.email, email))
  // Audited under the admin's e-mail when the address is one; a typed address that is no admin's may be anyone's, so it is not kept.
  const auditedAs = account?.email ?? UNKNOWN_ADMIN
  const device = account ? await knownDevice(request, account.id, at) : null
  const counted = await countSignInAttempt(limiters, { email, clientIp: options.clientIp, device }, at)
  if (!counted.ok) {
    await auditLimitRefusal(options.db, limiters, auditedAs, { limit: counted.limit, clientIp: options.clientIp }, now)
    const minutes = Math.max(1, Math.ceil(counted.retryAfterSeconds / 60))
    return { ok: false, status: 429, message: adminAuthMessages.rateLimited(minutes), retryAfterSeconds: counted.retryAfterSeconds }
  }
  const matches = await verifyPassword(credentials.password, account?.passwordHash ?? (await decoyHash()))
  if (!account || !matches) {
    await recordAudit(options.db, auditedAs, 'admin_sign_in_failed', { address: options.clientIp }, now)
    return { ok: false, status: 400, message: adminAuthMessages.invalid }
  }
  await counted.release()
  await recordAudit(options.db, account.email, 'admin_sign_in', {}, now)
  return {
    ok: true,
    admin: { id: account.id, email: account.email },
    setCookie: await openAdminSession(options.db, request, account.id, now),
    deviceCookie: await deviceCookie(request, account.id, device, at),
  }
}

/** Opens an eight-hour session for the admin; the `Set-Cookie` that carries it. */
export async function openAdminSession(db: Database, request: Request, adminId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_MAX_AGE_SECONDS * 1000)
  await db.delete(adminSessions).where(lte(adminSessions.expiresAt, now))
  await db.insert(adminSessions).values({ tokenHash: tokenHash(token), adminId, expiresAt, createdAt: now })
  return serializeSiteCookie(request, 'adminSession', token)
}

/** Ends this request's session, with an audit entry for `admin`; the `Set-Cookie` that clears the cookie. */
export async function signOut(db: Database, request: Request, admin: SignedInAdmin): Promise<string> {
  const token = await sessionToken(request)
  if (token) await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash(token)))
  await recordAudit(db, admin.email, 'admin_sign_out')
  return clearSiteCookie(request, 'adminSession')
}

export class AdminAccountError extends Error {
  override name = 'AdminAccountError'
}

/** Creates an admin, or sets a new password for an existing one (`npm run admin:create`). */
export async function saveAdmin(db: Database, email: string, password: string): Promise<{ email: string; created: boolean }> {
  const address = normalizeAdminEmail(email)
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new AdminAccountError(`E-mail inválido: ${email}`)
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) throw new AdminAccountError(adminPasswordMessages.tooShort)
  const weakness = weakAdminPassword(password, [address])
  if (weakness) throw new AdminAccountError(weakness)
  const passwordHash = await hashPassword(password)
  const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, address))
  if (existing) {
    await db.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id))
    // A new password ends every session of the old one.
    await db.delete(adminSessions).where(eq(adminSessions.adminId, existing.id))
    return { email: address, created: false }
  }
  await db.insert(admins).values({ email: address, passwordHash })
  return { email: address, created: true }
}

/**
 * `npm run admin:create`: saves the admin and writes the audit entry in one
 * transaction, under COMMAND_LINE_ACTOR (no one was signed in), with the
 * admin's address as the setup link's entry holds it; never the password.
 */
export async function saveAdminFromCommandLine(db: Database, email: string, password: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const saved = await saveAdmin(tx, email, password)
    await recordAudit(tx, COMMAND_LINE_ACTOR, saved.created ? 'admin_create_cli' : 'admin_password_cli', { admin: saved.email }, now)
    return saved
  })
}

/**
 * `npm run admin:unlock`: clears every count of the admin's sign-ins (the
 * e-mail's, each address's and each device's on it) and writes the audit
 * entry in one transaction, under COMMAND_LINE_ACTOR; how many were cleared.
 */
export async function unlockAdminFromCommandLine(db: Database, email: string, now = new Date()): Promise<{ email: string; cleared: number }> {
  const address = normalizeAdminEmail(email)
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ email: admins.email }).from(admins).where(eq(admins.email, address))
    if (!account) throw new AdminAccountError(`Nenhum administrador com o e-mail ${address}.`)
    const cleared = await clearSignInCounts(tx, account.email)
    await recordAudit(tx, COMMAND_LINE_ACTOR, 'admin_unlock_cli', { admin: account.email, cleared }, now)
    return { email: account.email, cleared }
  })
}
