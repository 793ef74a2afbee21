/**
 * `npm run admin:unlock` (scripts/admin-unlock.ts), run as a person runs it,
 * as a child process: on a temporary embedded database (and on PostgreSQL
 * through DATABASE_URL when TEST_DATABASE_URL is set) it clears the locked
 * admin's counts, so her right password gets in at once from the address
 * her typos had locked; an unknown e-mail, no e-mail, or a folder another
 * process holds get one pt-BR line and exit 1.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { saveAdmin, signIn } from '~/admin/auth.server'
import { ADMIN_LOGIN_ATTEMPTS, loginLimiters } from '~/admin/login-limits.server'
import { emailKey } from '~/leads/email-key.server'
import { openDatabase, pgliteFolder, type DatabaseHandle } from '../../../db/client'
import { adminAuditLog, rateLimitHits } from '../../../db/schema'
import { createScratchDatabase } from '../../support/databases'

const OWNER = 'dona@agencia.com.br'
const PASSWORD = 'uma senha bem comprida'
const HOME = '198.51.100.30'

const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-unlock-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs `npm run admin:unlock -- <args>` as npm does, on the database `env` names. */
function adminUnlock(args: string[], env: { DATA_DIR?: string; DATABASE_URL: string }) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-unlock.ts', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

const attempt = (handle: DatabaseHandle, password: string) =>
  signIn(
    new Request('http://localhost:3000/admin/entrar', { method: 'POST' }),
    { email: OWNER, password },
    { db: handle.db, clientIp: HOME, limiters: loginLimiters(handle.db) },
  )

/** The owner, locked out by her own typos: five wrong passwords from her address, then even the right one waits. */
async function lockOwnerOut(handle: DatabaseHandle) {
  await handle.migrate()
  await saveAdmin(handle.db, OWNER, PASSWORD)
  for (let guess = 0; guess < ADMIN_LOGIN_ATTEMPTS; guess++) expect(await attempt(handle, `digitou errado ${guess}`)).toMatchObject({ status: 400 })
  expect(await attempt(handle, PASSWORD)).toMatchObject({ ok: false, status: 429 })
}

/** After the command: none of her counts left, the command line's audit entry, and her right password gets in from the same address. */
async function expectUnlocked(handle: DatabaseHandle) {
  const keys = (await handle.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key)
  // Keyed by her e-mail's digest, never the e-mail.
  expect(keys.filter((key) => key.includes(OWNER) || key.includes(emailKey(OWNER)))).toEqual([])
  expect((await handle.db.select({ action: adminAuditLog.action }).from(adminAuditLog)).map((row) => row.action)).toContain('admin_unlock_cli')
  expect(await attempt(handle, PASSWORD)).toMatchObject({ ok: true })
}

const unlocked = `Tentativas de entrada de ${OWNER} zeradas (${2 * ADMIN_LOGIN_ATTEMPTS} registros apagados). Entre em /admin/entrar.\n`

describe('on the embedded database', () => {
  const folder = { DATA_DIR: dataDir, DATABASE_URL: '' }

  it('says in one line that the folder is in use while another process holds it', async () => {
    const held = openDatabase({ dataDir: pgliteFolder(dataDir) })
    await held.migrate()
    try {
      const run = adminUnlock(['--email', OWNER], folder)
      expect(run).toMatchObject({ status: 1, stdout: '' })
      expect(run.stderr.trimEnd().split('\n')).toEqual([
        `A pasta do banco embutido (${pgliteFolder(dataDir)}) está em uso pelo processo ${process.pid}: o site está rodando? ` +
          'Pare o servidor, rode este comando de novo e inicie o servidor outra vez.',
      ])
    } finally {
      await held.close()
    }
  }, 60_000)

  it('clears the locked admin’s counts, and her right password gets in at once', async () => {
    const before = openDatabase({ dataDir: pgliteFolder(dataDir) })
    try {
      await lockOwnerOut(before)
    } finally {
      await before.close()
    }
    expect(adminUnlock(['--email', ' Dona@Agencia.com.br'], folder)).toEqual({ status: 0, stdout: unlocked, stderr: '' })
    const after = openDatabase({ dataDir: pgliteFolder(dataDir) })
    try {
      await expectUnlocked(after)
    } finally {
      await after.close()
    }
  }, 60_000)

  it('refuses an e-mail that is no admin’s, and no e-mail, in one line', () => {
    expect(adminUnlock(['--email', 'ninguem@agencia.com.br'], folder)).toEqual({
      status: 1,
      stdout: '',
      stderr: 'Nenhum administrador com o e-mail ninguem@agencia.com.br.\n',
    })
    expect(adminUnlock([], folder)).toEqual({ status: 1, stdout: '', stderr: 'Uso: npm run admin:unlock -- --email pessoa@agencia.com.br\n' })
  }, 60_000)
})

const postgresUrl = process.env.TEST_DATABASE_URL?.trim()
describe.runIf(postgresUrl)('on PostgreSQL (DATABASE_URL)', () => {
  it('clears the locked admin’s counts, and her right password gets in at once', async () => {
    const scratch = await createScratchDatabase(postgresUrl!)
    const handle = openDatabase({ url: scratch.url })
    try {
      await lockOwnerOut(handle)
      expect(adminUnlock(['--email', OWNER], { DATABASE_URL: scratch.url })).toEqual({ status: 0, stdout: unlocked, stderr: '' })
      await expectUnlocked(handle)
    } finally {
      await handle.close()
      await scratch.drop()
    }
  }, 60_000)
})
