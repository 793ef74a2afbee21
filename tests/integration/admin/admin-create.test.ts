/**
 * `npm run admin:create` on the embedded database (scripts/admin-create.ts),
 * run as a person runs it: while another process holds the data folder (the
 * site, here this test), one pt-BR line and exit 1, no stack trace; with the
 * folder free, the admin is created as before.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openDatabase, pgliteFolder } from '../../../db/client'
import { adminAuditLog, admins } from '../../../db/schema'

const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-create-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function adminCreate(email: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', email], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: 'uma senha bem comprida' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

it('says in one line that the folder is in use, and how to go on, while another process holds it', async () => {
  const held = openDatabase({ dataDir: pgliteFolder(dataDir) })
  await held.migrate()
  try {
    const run = adminCreate('gestora@agencia.com.br')
    expect(run.status).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `A pasta do banco embutido (${pgliteFolder(dataDir)}) está em uso pelo processo ${process.pid}: o site está rodando? ` +
        'Com ele no ar, crie o primeiro admin pelo link /admin/configurar?token=… que o servidor mostrou ao iniciar; ' +
        'para outro admin ou outra senha, pare o servidor e rode este comando de novo.',
    ])
  } finally {
    await held.close()
  }
}, 60_000)

it('creates the admin as before once the folder is free', async () => {
  const run = adminCreate('Gestora@Agencia.com.br')
  expect(run).toMatchObject({ status: 0, stderr: '' })
  expect(run.stdout).toBe('Administrador criado: gestora@agencia.com.br. Entre em /admin/entrar.\n')
  const handle = openDatabase({ dataDir: pgliteFolder(dataDir) })
  try {
    expect(await handle.db.select({ email: admins.email }).from(admins)).toEqual([{ email: 'gestora@agencia.com.br' }])
    // The audit log says the command line made it; no password, nothing beyond the admin's address.
    expect(
      await handle.db.select({ adminEmail: adminAuditLog.adminEmail, action: adminAuditLog.action, details: adminAuditLog.details }).from(adminAuditLog),
    ).toEqual([{ adminEmail: '(linha de comando)', action: 'admin_create_cli', details: { admin: 'gestora@agencia.com.br' } }])
  } finally {
    await handle.close()
  }
}, 60_000)
