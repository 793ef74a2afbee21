/**
 * Migration 0015 (ADR 036, issue 43): the leads' statuses and lost reasons,
 * stored in pt-BR words until then, become English, and the checks refuse
 * the old words afterwards. The database is migrated up to 0014 from a copy
 * of the migrations, given rows as the site wrote them then, and migrated
 * on. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf, type DatabaseHandle } from '../../../db/client'
import { testDatabaseTargets } from '../../support/databases'
import { writeMigrationsAround } from '../../support/migrations'

const MIGRATION = '0015_lead_status_english'
const writeMigrations = (folder: string, through: boolean) => writeMigrationsAround(folder, MIGRATION, through)

const OLD_ROWS = [
  ['Novo', null, null],
  ['Em Contato', 'em_contato', null],
  ['Qualificado', 'qualificado', null],
  ['Cliente', 'cliente', null],
  ['Sem Resposta', 'perdido', 'sem_resposta'],
  ['Sem Orçamento', 'perdido', 'sem_orcamento'],
  ['Fora do Perfil', 'perdido', 'fora_do_perfil'],
  ['Outra Agência', 'perdido', 'outra_agencia'],
  ['Adiado', 'perdido', 'adiado'],
  ['Contato Inválido', 'perdido', 'contato_invalido'],
] as const

describe.each(testDatabaseTargets())('migration 0015 on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let folder: string
  const rows = async () =>
    (
      await rowsOf<{ name: string; status: string; lost_reason: string | null; contacted: boolean }>(
        handle.db,
        sql`select name, status, lost_reason, contacted_at is not null as contacted from leads`,
      )
    ).sort((a, b) => a.name.localeCompare(b.name))
  const insert = (name: string, status: string | null, reason: string | null) =>
    handle.db.execute(
      status === null
        ? sql`insert into leads (name, email, source, consent_version, consent_at) values (${name}, 'a@exemplo.com.br', 'formulario_contato', 'v1', now())`
        : sql`insert into leads (name, email, source, consent_version, consent_at, status, lost_reason, contacted_at)
              values (${name}, 'a@exemplo.com.br', 'formulario_contato', 'v1', now(), ${status}, ${reason}, now())`,
    )

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'migration-0015-'))
    writeMigrations(folder, false)
    handle = await open({ migrationsFolder: folder })
  })
  afterAll(async () => {
    await handle?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('rewrites every status and lost reason in English, keeps the rest of the row, and refuses the old words afterwards', async () => {
    for (const [name, status, reason] of OLD_ROWS) await insert(name, status, reason)
    expect((await rows()).find((row) => row.name === 'Novo')?.status).toBe('novo')

    writeMigrations(folder, true)
    await handle.migrate()

    expect((await rows()).map(({ name, status, lost_reason }) => [name, status, lost_reason])).toEqual(
      [
        ['Novo', 'new', null],
        ['Em Contato', 'contacted', null],
        ['Qualificado', 'qualified', null],
        ['Cliente', 'won', null],
        ['Sem Resposta', 'lost', 'no_response'],
        ['Sem Orçamento', 'lost', 'no_budget'],
        ['Fora do Perfil', 'lost', 'poor_fit'],
        ['Outra Agência', 'lost', 'other_agency'],
        ['Adiado', 'lost', 'postponed'],
        ['Contato Inválido', 'lost', 'invalid_contact'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    )
    expect((await rows()).filter((row) => row.contacted)).toHaveLength(OLD_ROWS.length - 1)

    // The checks: no old word, no reason outside the list, a reason exactly when lost; a new lead is new.
    await expect(insert('Velho', 'em_contato', null)).rejects.toThrow()
    await expect(insert('Velho', 'perdido', 'adiado')).rejects.toThrow()
    await expect(insert('Velho', 'lost', 'adiado')).rejects.toThrow()
    await expect(handle.db.execute(sql`update leads set status = 'cliente' where name = 'Cliente'`)).rejects.toThrow()
    await expect(insert('Sem Motivo', 'lost', null)).rejects.toThrow()
    await insert('Recém-chegado', null, null)
    expect((await rows()).find((row) => row.name === 'Recém-chegado')?.status).toBe('new')
  })
})
