/**
 * Admin sign-in below HTTP (ADR 032): scrypt hashes, sessions in
 * the database, the attempt limit per address and per e-mail, and the guard.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adminAuthMessages, adminOf, adminReturnPath, requireAdmin, saveAdmin, signIn, signOut } from '~/admin/auth.server'
import { ADMIN_ACCOUNT_LOGIN_ATTEMPTS, ADMIN_LOGIN_ATTEMPTS, loginLimiters } from '~/admin/login-limits.server'
import { hashPassword, verifyPassword } from '~/admin/password.server'
import { ADMIN_SESSION_COOKIE } from '~/utils/cookie-names'
import type { DatabaseHandle } from '../../../db/client'
import { adminAuditLog, adminSessions } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'

const SITE = 'http://localhost:3000'
const PASSWORD = 'uma senha bem comprida'
const page = (path: string, cookie?: string) => new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!

describe('admin passwords', () => {
  it('hashes with scrypt and a salt of its own each time, and verifies only the right password', async () => {
    const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)])
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
    expect(first).not.toBe(second)
    expect(await verifyPassword(PASSWORD, first)).toBe(true)
    expect(await verifyPassword('uma senha bem comprid', first)).toBe(false)
    expect(await verifyPassword(PASSWORD, 'md5$abc')).toBe(false)
    expect(await verifyPassword(PASSWORD, 'scrypt$99999999999$8$1$c2FsdA==$a2V5')).toBe(false)
  })
})

describe.each(testDatabaseTargets())('admin sign-in on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let ip = 0
  /** A fresh limiter and address each time: the limit is proven in its own test. */
  const options = () => ({
    db: handle.db,
    clientIp: `198.51.100.${++ip}`,
    limiters: loginLimiters(handle.db),
  })

  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await handle.db.execute(sql`truncate table admins, admin_sessions, rate_limit_hits, admin_audit_log cascade`)
    await saveAdmin(handle.db, ' Gestora@Agencia.com.br ', PASSWORD)
  })

  it('opens an eight-hour session for the right password, in an httpOnly, SameSite=Lax cookie', async () => {
    const outcome = await signIn(page('/admin/entrar'), { email: 'gestora@agencia.com.br', password: PASSWORD }, options())
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.setCookie).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=/; HttpOnly; SameSite=Lax$`))
    const cookie = cookieOf(outcome.setCookie)
    expect(await adminOf(handle.db, page('/admin', cookie))).toMatchObject({ email: 'gestora@agencia.com.br' })
    // The table holds the token's hash, never the token.
    const [session] = await handle.db.select().from(adminSessions)
    expect(cookie).not.toContain(session!.tokenHash)
    // Eight hours later it is over.
    expect(await adminOf(handle.db, page('/admin', cookie), new Date(Date.now() + 8 * 3_600_000 + 1_000))).toBeNull()
  })

  it('is Secure over https', async () => {
    const outcome = await signIn(new Request('https://alavancadigital.com.br/admin/entrar'), { email: 'gestora@agencia.com.br', password: PASSWORD }, options())
    expect(outcome.ok && outcome.setCookie).toMatch(/; HttpOnly; Secure; SameSite=Lax$/)
  })

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    for (const credentials of [
      { email: 'gestora@agencia.com.br', password: 'outra senha qualquer' },
      { email: 'ninguem@agencia.com.br', password: PASSWORD },
    ]) {
      expect(await signIn(page('/admin/entrar'), credentials, options())).toEqual({ ok: false, status: 400, message: adminAuthMessages.invalid })
    }
  })

  it('stops guessing after five failures from one address, and after many on one e-mail from many addresses', async () => {
    const limited = options()
    const wrong = { email: 'gestora@agencia.com.br', password: 'tentativa errada' }
    for (let attempt = 0; attempt < ADMIN_LOGIN_ATTEMPTS; attempt++) expect(await signIn(page('/admin/entrar'), wrong, limited)).toMatchObject({ status: 400 })
    // The sixth is refused before the password is even checked: the right one too.
    const blocked = await signIn(page('/admin/entrar'), { ...wrong, password: PASSWORD }, limited)
    expect(blocked).toMatchObject({ ok: false, status: 429, message: adminAuthMessages.rateLimited(15) })

    await handle.db.execute(sql`truncate table rate_limit_hits`)
    const target = { email: 'gestora@agencia.com.br', password: 'outra tentativa' }
    for (let attempt = 0; attempt < ADMIN_ACCOUNT_LOGIN_ATTEMPTS; attempt++) {
      expect(await signIn(page('/admin/entrar'), target, { ...options(), clientIp: `203.0.${attempt >> 8}.${attempt & 255}` })).toMatchObject({ status: 400 })
    }
    // Past them, an address that already failed on the e-mail waits (a new one still gets a try: owner-gets-in.test.ts).
    expect(await signIn(page('/admin/entrar'), target, { ...options(), clientIp: '203.0.0.7' })).toMatchObject({ status: 429 })
  }, 60_000)

  it('lets the owner in from her own address after a stranger fails five times on her e-mail', async () => {
    for (let attempt = 0; attempt < ADMIN_LOGIN_ATTEMPTS * 2; attempt++) {
      await signIn(
        page('/admin/entrar'),
        { email: 'gestora@agencia.com.br', password: 'chute de estranho' },
        { ...options(), clientIp: `192.0.2.${attempt % 3}` },
      )
    }
    expect(await signIn(page('/admin/entrar'), { email: 'gestora@agencia.com.br', password: PASSWORD }, options())).toMatchObject({ ok: true })
  })

  it('does not count successful sign-ins as failures', async () => {
    const owner = options()
    for (let attempt = 0; attempt <= ADMIN_LOGIN_ATTEMPTS + 1; attempt++) {
      expect(await signIn(page('/admin/entrar'), { email: 'gestora@agencia.com.br', password: PASSWORD }, owner)).toMatchObject({ ok: true })
    }
  })

  it('audits a refusal by the limit, under the admin and with the address', async () => {
    const limited = options()
    const wrong = { email: 'gestora@agencia.com.br', password: 'tentativa errada' }
    for (let attempt = 0; attempt <= ADMIN_LOGIN_ATTEMPTS; attempt++) await signIn(page('/admin/entrar'), wrong, limited)
    const entries = await handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'admin_sign_in_failed'))
    const refused = entries.filter((entry) => (entry.details as Record<string, unknown>).reason === 'rate_limited')
    expect(refused).toHaveLength(1)
    expect(refused[0]!.adminEmail).toBe('gestora@agencia.com.br')
    expect(refused[0]!.details).toEqual({ reason: 'rate_limited', limit: 'email_address', address: limited.clientIp })
  })

  it('guards: no cookie, a forged one, or a signed-out one is sent to the sign-in page, which comes back here', async () => {
    const outcome = await signIn(page('/admin/entrar'), { email: 'gestora@agencia.com.br', password: PASSWORD }, options())
    const cookie = cookieOf(outcome.ok ? outcome.setCookie : '')
    expect(await requireAdmin(page('/admin', cookie), handle.db)).toMatchObject({ email: 'gestora@agencia.com.br' })
    const forged = `${ADMIN_SESSION_COOKIE}=${'a'.repeat(43)}`
    for (const request of [page('/admin?pagina=2'), page('/admin?pagina=2', forged)]) {
      const thrown = await requireAdmin(request, handle.db).catch((error: unknown) => error)
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).headers.get('Location')).toBe('/admin/entrar?voltar=%2Fadmin%3Fpagina%3D2')
      expect((thrown as Response).headers.get('Cache-Control')).toBe('private, no-store')
    }
    expect(await signOut(handle.db, page('/admin/sair', cookie), { id: '', email: 'gestora@agencia.com.br' })).toMatch(
      new RegExp(`^${ADMIN_SESSION_COOKIE}=; Max-Age=0; Path=/`),
    )
    expect(await adminOf(handle.db, page('/admin', cookie))).toBeNull()
  })

  it('a new password ends the old sessions', async () => {
    const outcome = await signIn(page('/admin/entrar'), { email: 'gestora@agencia.com.br', password: PASSWORD }, options())
    const cookie = cookieOf(outcome.ok ? outcome.setCookie : '')
    expect(await saveAdmin(handle.db, 'GESTORA@agencia.com.br', 'outra senha bem comprida')).toEqual({ email: 'gestora@agencia.com.br', created: false })
    expect(await adminOf(handle.db, page('/admin', cookie))).toBeNull()
  })

  it('goes back only to an admin path', () => {
    expect(adminReturnPath('/admin?pagina=2')).toBe('/admin?pagina=2')
    expect(adminReturnPath('/admin/leads/1')).toBe('/admin/leads/1')
    for (const hostile of [
      '//evil.example/admin',
      'https://evil.example/admin',
      '/administrador',
      '/blog',
      null,
      '/admin\\..\\x',
      '/admin/../blog',
      '/admin/%2e%2e/blog',
    ]) {
      expect(adminReturnPath(hostile)).toBe('/admin')
    }
  })
})
