/**
 * The first admin without stopping the site (ADR 032). While no admin
 * exists, the server issues a setup token at start and prints its link
 * (`adminSetupLine`); /admin/configurar?token=… then creates one admin with
 * it. The database keeps the token's SHA-256, when it expires (30 minutes)
 * and when it was used (once). Creating the admin and using the token are
 * one transaction behind one advisory lock: two posts at once, with one
 * token or two, make one admin. Once any admin exists, no token works.
 */
import { randomBytes } from 'node:crypto'
import { eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { admins, adminSetupTokens } from '../../db/schema'
import { recordAudit } from './audit.server'
import { saveAdmin, tokenHash, type SignedInAdmin } from './auth.server'
import { ADMIN_SETUP_TOKEN_MINUTES } from './setup-copy'

export const ADMIN_SETUP_PATH = '/admin/configurar'

/** 32 random bytes in base64url, as issued. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export type SetupTokenState = 'valid' | 'unknown' | 'expired' | 'used'

export async function adminExists(db: Database): Promise<boolean> {
  return (await db.select({ id: admins.id }).from(admins).limit(1)).length > 0
}

/**
 * At the server's start: a new setup token while no admin exists, or null.
 * Each start issues its own, so a restart after the link expired (or was
 * lost) prints one that works; the old ones stay to say they expired, until
 * the first admin is made.
 */
export async function issueAdminSetupToken(db: Database, now = new Date()): Promise<string | null> {
  if (await adminExists(db)) return null
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + ADMIN_SETUP_TOKEN_MINUTES * 60_000)
  await db.insert(adminSetupTokens).values({ tokenHash: tokenHash(token), expiresAt, createdAt: now })
  return token
}

/** The line the server prints at start while no admin exists. */
/**
 * Where the printed setup link points: the public SITE_URL in production; in
 * development the port the server really listens on (PORT=3100 npm run dev).
 */
export function setupLinkOrigin(env: { NODE_ENV: string; SITE_URL: string }, listeningPort: number): string {
  return env.NODE_ENV === 'production' ? env.SITE_URL : `http://localhost:${listeningPort}`
}

export function adminSetupLine(siteUrl: string, token: string): string {
  return `Nenhum admin ainda: crie o primeiro em ${siteUrl}${ADMIN_SETUP_PATH}?token=${token} (vale ${ADMIN_SETUP_TOKEN_MINUTES} minutos, uma vez).`
}

/** Whether `token` (from the link's query) still creates an admin, and if not, why. */
export async function setupTokenState(db: Database, token: string, now = new Date()): Promise<SetupTokenState> {
  if (!TOKEN_SHAPE.test(token)) return 'unknown'
  const [row] = await db
    .select({ expiresAt: adminSetupTokens.expiresAt, usedAt: adminSetupTokens.usedAt })
    .from(adminSetupTokens)
    .where(eq(adminSetupTokens.tokenHash, tokenHash(token)))
  if (!row) return 'unknown'
  if (row.usedAt) return 'used'
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid'
}

export type FirstAdminOutcome = { ok: true; admin: SignedInAdmin } | { ok: false; reason: 'admin-exists' | Exclude<SetupTokenState, 'valid'> }

/** Creates the first admin with a valid token and uses the token up, in one transaction; nothing when an admin exists. */
export async function createFirstAdmin(
  db: Database,
  token: string,
  credentials: { email: string; password: string },
  now = new Date(),
): Promise<FirstAdminOutcome> {
  return db.transaction(async (tx) => {
    // Every setup waits here in turn, so the second finds the first's admin.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('admin-setup', 0))`)
    if (await adminExists(tx)) return { ok: false, reason: 'admin-exists' }
    const state = await setupTokenState(tx, token, now)
    if (state !== 'valid') return { ok: false, reason: state }
    await tx
      .update(adminSetupTokens)
      .set({ usedAt: now })
      .where(eq(adminSetupTokens.tokenHash, tokenHash(token)))
    // The other links printed meanwhile are of no more use: only the one used is kept.
    await tx.delete(adminSetupTokens).where(isNull(adminSetupTokens.usedAt))
    const { email } = await saveAdmin(tx, credentials.email, credentials.password)
    const [admin] = await tx.select({ id: admins.id, email: admins.email }).from(admins).where(eq(admins.email, email))
    await recordAudit(tx, email, 'admin_setup', {}, now)
    return { ok: true, admin: admin! }
  })
}
