/**
 * The owner always gets in (issue 41, ADR 032): strangers guessing her
 * e-mail from many addresses never refuse her right password from an
 * address that has not failed on it, nor from a device she signed in on
 * before (its signed cookie); guessing stays bounded; the limit's refusals
 * are audited once per address and window, with the address; and
 * `npm run admin:unlock` clears the account's counts.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COMMAND_LINE_ACTOR } from '~/admin/audit-log'
import { AdminAccountError, saveAdmin, signIn, unlockAdminFromCommandLine, type SignInResult } from '~/admin/auth.server'
import {
  ADMIN_ACCOUNT_LOGIN_ATTEMPTS,
  ADMIN_ADDRESS_LOGIN_ATTEMPTS,
  ADMIN_LOGIN_ATTEMPTS,
  ADMIN_LOGIN_WINDOW_MS,
  loginLimiters,
} from '~/admin/login-limits.server'
import { emailKey } from '~/leads/email-key.server'
import { ADMIN_DEVICE_COOKIE } from '~/utils/cookie-names'
import type { DatabaseHandle } from '../../../db/client'
import { adminAuditLog, rateLimitHits } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'

const OWNER = 'dona@agencia.com.br'
const PASSWORD = 'uma senha bem comprida'
const STRANGERS = Array.from({ length: 10 }, (_, index) => `203.0.113.${index + 1}`)
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!

describe.each(testDatabaseTargets())('the owner gets in on $kind', ({ open }) => {
  let handle: DatabaseHandle
  const db = () => handle.db

  /** One sign-in attempt on `email` from `clientIp`, with the request's cookies, at `now`. */
  const attempt = (password: string, clientIp: string, { cookie, email = OWNER, now }: { cookie?: string; email?: string; now?: Date } = {}) =>
    signIn(
      new Request('http://localhost:3000/admin/entrar', { method: 'POST', headers: cookie ? { Cookie: cookie } : {} }),
      { email, password },
      { db: db(), clientIp, limiters: loginLimiters(db()), ...(now ? { now } : {}) },
    )

  /** Fifty wrong passwords for the owner's e-mail: five from each of ten addresses at once (every one answered "wrong", none refused). */
  async function flood(now?: Date) {
    await Promise.all(
      STRANGERS.map(async (address) => {
        for (let guess = 0; guess < ADMIN_LOGIN_ATTEMPTS; guess++) {
          expect(await attempt(`chute ${address} ${guess}`, address, { now })).toMatchObject({ ok: false, status: 400 })
        }
      }),
    )
  }

  const refusalsByTheLimit = async () =>
    (await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, 'admin_sign_in_failed'))).filter(
      (entry) => (entry.details as Record<string, unknown>).reason === 'rate_limited',
    )

  const deviceOf = (outcome: SignInResult) => {
    if (!outcome.ok) throw new Error(`sign-in refused: ${outcome.message}`)
    return cookieOf(outcome.deviceCookie)
  }

  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await db().execute(sql`truncate table admins, admin_sessions, rate_limit_hits, admin_audit_log cascade`)
    await saveAdmin(db(), OWNER, PASSWORD)
    await saveAdmin(db(), 'socio@agencia.com.br', PASSWORD)
  })

  it('lets the right password in from an address with no recent failures after fifty failures from ten addresses', async () => {
    await flood()
    expect(ADMIN_LOGIN_ATTEMPTS * STRANGERS.length).toBe(ADMIN_ACCOUNT_LOGIN_ATTEMPTS)
    expect(await attempt(PASSWORD, '198.51.100.7')).toMatchObject({ ok: true, admin: { email: OWNER } })
  }, 60_000)

  it('lets the owner’s device in with its cookie, even from an address the strangers used', async () => {
    const device = deviceOf(await attempt(PASSWORD, '198.51.100.8'))
    expect(device).toMatch(new RegExp(`^${ADMIN_DEVICE_COOKIE}=`))
    await flood()
    // A shared network: the strangers' address is refused without the cookie, and let in with it.
    expect(await attempt(PASSWORD, STRANGERS[2]!)).toMatchObject({ ok: false, status: 429 })
    expect(await attempt(PASSWORD, STRANGERS[2]!, { cookie: device })).toMatchObject({ ok: true })
  }, 60_000)

  it('trusts a device cookie only for the admin it was issued to, and only as signed', async () => {
    const partner = deviceOf(await attempt(PASSWORD, '198.51.100.9', { email: 'socio@agencia.com.br' }))
    const own = deviceOf(await attempt(PASSWORD, '198.51.100.10'))
    await flood()
    const tampered = own.replace(/.(?=$)/, (last) => (last === 'A' ? 'B' : 'A'))
    for (const cookie of [partner, tampered, `${ADMIN_DEVICE_COOKIE}=qualquer-coisa`]) {
      expect(await attempt(PASSWORD, STRANGERS[4]!, { cookie })).toMatchObject({ ok: false, status: 429 })
    }
  }, 60_000)

  it('a device past its own limit signs in as an unknown one', async () => {
    const device = deviceOf(await attempt(PASSWORD, '198.51.100.11'))
    for (let guess = 0; guess < ADMIN_LOGIN_ATTEMPTS; guess++) {
      expect(await attempt(`errada ${guess}`, STRANGERS[0]!, { cookie: device })).toMatchObject({ status: 400 })
    }
    // The device's five are spent: its next tries count on the address, five more, then the wait.
    for (let guess = 0; guess < ADMIN_LOGIN_ATTEMPTS; guess++) {
      expect(await attempt(`outra ${guess}`, STRANGERS[0]!, { cookie: device })).toMatchObject({ status: 400 })
    }
    expect(await attempt(PASSWORD, STRANGERS[0]!, { cookie: device })).toMatchObject({ ok: false, status: 429 })
  })

  it('still bounds guessing: past fifty failures on the e-mail, an address that failed waits and a new one gets one try', async () => {
    await flood()
    expect(await attempt('mais um chute', STRANGERS[0]!)).toMatchObject({ status: 429 })
    expect(await attempt('mais um chute', STRANGERS[9]!)).toMatchObject({ status: 429 })
    const fresh = '192.0.2.77'
    expect(await attempt('chute novo', fresh)).toMatchObject({ status: 400 })
    expect(await attempt('outro chute novo', fresh)).toMatchObject({ status: 429 })
    // Another e-mail's limits are its own.
    expect(await attempt(PASSWORD, fresh, { email: 'socio@agencia.com.br' })).toMatchObject({ ok: true })
  }, 60_000)

  it(`stops one address guessing many e-mails after ${ADMIN_ADDRESS_LOGIN_ATTEMPTS} failures`, async () => {
    const address = '192.0.2.200'
    for (let guess = 0; guess < ADMIN_ADDRESS_LOGIN_ATTEMPTS; guess++) {
      expect(await attempt('senha qualquer', address, { email: `pessoa${guess}@agencia.com.br` })).toMatchObject({ status: 400 })
    }
    expect(await attempt(PASSWORD, address)).toMatchObject({ ok: false, status: 429 })
  }, 60_000)

  it('audits the limit’s refusals once per address and window, with the address', async () => {
    const start = new Date()
    const later = (ms: number) => new Date(start.getTime() + ms)
    await flood(start)
    for (let retry = 1; retry <= 3; retry++) {
      for (const address of STRANGERS) expect(await attempt(`de novo ${retry}`, address, { now: later(retry * 1000) })).toMatchObject({ status: 429 })
    }
    const firstWindow = await refusalsByTheLimit()
    expect(firstWindow).toHaveLength(STRANGERS.length)
    expect(firstWindow.map((entry) => (entry.details as Record<string, unknown>).address).sort()).toEqual([...STRANGERS].sort())
    expect(firstWindow.every((entry) => entry.adminEmail === OWNER)).toBe(true)

    // The next window: the same address, refused again, is written again, once.
    const next = later(ADMIN_LOGIN_WINDOW_MS + 60_000)
    for (let guess = 0; guess < ADMIN_LOGIN_ATTEMPTS; guess++) await attempt(`janela nova ${guess}`, STRANGERS[0]!, { now: next })
    for (let retry = 1; retry <= 3; retry++) {
      expect(await attempt('ainda errada', STRANGERS[0]!, { now: new Date(next.getTime() + retry * 1000) })).toMatchObject({ status: 429 })
    }
    const again = (await refusalsByTheLimit()).filter((entry) => (entry.details as Record<string, unknown>).address === STRANGERS[0])
    expect(again).toHaveLength(2)
  }, 60_000)

  it('admin:unlock clears the account’s counts: the owner, who mistyped once during a flood, signs in again at once', async () => {
    const home = '198.51.100.20'
    await flood()
    expect(await attempt('digitou errado', home)).toMatchObject({ ok: false, status: 400 })
    expect(await attempt(PASSWORD, home)).toMatchObject({ ok: false, status: 429 })

    // The e-mail's fifty-one failures and each address's failures on it.
    const cleared = 2 * (ADMIN_ACCOUNT_LOGIN_ATTEMPTS + 1)
    expect(await unlockAdminFromCommandLine(db(), ' Dona@Agencia.com.br ')).toEqual({ email: OWNER, cleared })
    const keys = (await db().select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key)
    // Keyed by her e-mail's digest, never the e-mail.
    expect(keys.filter((key) => key.includes(OWNER) || key.includes(emailKey(OWNER)))).toEqual([])
    expect(await attempt(PASSWORD, home)).toMatchObject({ ok: true })
    const [entry] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, 'admin_unlock_cli'))
    expect(entry).toMatchObject({ adminEmail: COMMAND_LINE_ACTOR, details: { admin: OWNER, cleared } })
  }, 60_000)

  it('admin:unlock refuses an e-mail that is no admin’s, in Portuguese', async () => {
    await expect(unlockAdminFromCommandLine(db(), 'ninguem@agencia.com.br')).rejects.toThrow(
      new AdminAccountError('Nenhum administrador com o e-mail ninguem@agencia.com.br.'),
    )
  })
})
