/**
 * The first admin's one-time link below HTTP (ADR 032): issued at start only
 * while no admin exists, valid for 30 minutes and once, and used in the same
 * transaction that creates the admin, so concurrent setups make one admin.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { saveAdmin } from '~/admin/auth.server'
import { adminSetupLine, createFirstAdmin, issueAdminSetupToken, setupLinkOrigin, setupTokenState } from '~/admin/setup.server'
import type { DatabaseHandle } from '../../../db/client'
import { admins, adminSetupTokens } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'

const credentials = { email: ' Primeira@Agencia.com.br ', password: 'uma senha bem comprida' }
const minutes = (count: number) => count * 60_000

describe.each(testDatabaseTargets())('the first admin’s setup link on $kind', ({ open }) => {
  let handle: DatabaseHandle

  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await handle.db.execute(sql`truncate table admins, admin_sessions, admin_setup_tokens cascade`)
  })

  it('is issued while no admin exists, printed as one line, and kept only as a hash', async () => {
    const token = await issueAdminSetupToken(handle.db)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(adminSetupLine('https://alavancadigital.com.br', token!)).toBe(
      `Nenhum admin ainda: crie o primeiro em https://alavancadigital.com.br/admin/configurar?token=${token} (vale 30 minutos, uma vez).`,
    )
    // In development the link names the port the server listens on; in production, the public address.
    expect(setupLinkOrigin({ NODE_ENV: 'development', SITE_URL: 'http://localhost:3000' }, 3100)).toBe('http://localhost:3100')
    expect(setupLinkOrigin({ NODE_ENV: 'production', SITE_URL: 'https://alavancadigital.com.br' }, 3100)).toBe('https://alavancadigital.com.br')
    const [row] = await handle.db.select().from(adminSetupTokens)
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.tokenHash).not.toContain(token)
    expect(await setupTokenState(handle.db, token!)).toBe('valid')
  })

  it('is not issued once an admin exists', async () => {
    await saveAdmin(handle.db, 'gestora@agencia.com.br', credentials.password)
    expect(await issueAdminSetupToken(handle.db)).toBeNull()
    expect(await handle.db.select().from(adminSetupTokens)).toEqual([])
  })

  it('expires after 30 minutes; a start after that issues one that works', async () => {
    const start = new Date()
    const first = (await issueAdminSetupToken(handle.db, start))!
    expect(await setupTokenState(handle.db, first, new Date(start.getTime() + minutes(29)))).toBe('valid')
    const later = new Date(start.getTime() + minutes(30))
    expect(await setupTokenState(handle.db, first, later)).toBe('expired')
    expect(await createFirstAdmin(handle.db, first, credentials, later)).toEqual({ ok: false, reason: 'expired' })

    const second = (await issueAdminSetupToken(handle.db, later))!
    expect(second).not.toBe(first)
    expect(await setupTokenState(handle.db, first, later)).toBe('expired')
    expect(await createFirstAdmin(handle.db, second, credentials, later)).toMatchObject({ ok: true, admin: { email: 'primeira@agencia.com.br' } })
    // Once the admin exists, only the link used is kept.
    expect(await handle.db.select({ usedAt: adminSetupTokens.usedAt }).from(adminSetupTokens)).toEqual([{ usedAt: later }])
  })

  it('works once, and no token works once an admin exists', async () => {
    const token = (await issueAdminSetupToken(handle.db))!
    const spare = (await issueAdminSetupToken(handle.db))!
    expect(await createFirstAdmin(handle.db, token, credentials)).toMatchObject({ ok: true })
    expect(await setupTokenState(handle.db, token)).toBe('used')
    expect(await createFirstAdmin(handle.db, token, { ...credentials, email: 'outra@agencia.com.br' })).toEqual({ ok: false, reason: 'admin-exists' })
    expect(await createFirstAdmin(handle.db, spare, { ...credentials, email: 'outra@agencia.com.br' })).toEqual({ ok: false, reason: 'admin-exists' })
    // Without an admin (removed later), the used token still does not work, nor one left unused when the admin was made.
    await handle.db.delete(admins)
    expect(await createFirstAdmin(handle.db, token, credentials)).toEqual({ ok: false, reason: 'used' })
    for (const wrong of [spare, '', 'x', 'a'.repeat(43), `${token}=`]) {
      expect(await createFirstAdmin(handle.db, wrong, credentials)).toEqual({ ok: false, reason: 'unknown' })
    }
  })

  it('makes exactly one admin from concurrent setups, with one token or with two', async () => {
    const token = (await issueAdminSetupToken(handle.db))!
    const other = (await issueAdminSetupToken(handle.db))!
    const outcomes = await Promise.all([
      createFirstAdmin(handle.db, token, { ...credentials, email: 'a@agencia.com.br' }),
      createFirstAdmin(handle.db, token, { ...credentials, email: 'b@agencia.com.br' }),
      createFirstAdmin(handle.db, other, { ...credentials, email: 'c@agencia.com.br' }),
    ])
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1)
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, reason: 'admin-exists' },
      { ok: false, reason: 'admin-exists' },
    ])
    expect(await handle.db.select().from(admins)).toHaveLength(1)
  })
})
