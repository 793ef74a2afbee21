/**
 * Migration 0022 (issue 43, ADR 054): `webhook_deliveries` becomes `outbox`,
 * `webhook_id` becomes `message_id`, and a closed-loop row's stage moves from
 * its id's prefix to the `event` column, unique per lead and target. The
 * database is migrated up to 0021 from a copy of the migrations, given rows
 * as the site wrote them then, and migrated on. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf, type DatabaseHandle } from '../../../db/client'
import { testDatabaseTargets } from '../../support/databases'
import { writeMigrationsAround } from '../../support/migrations'

const MIGRATION = '0022_outbox'

describe.each(testDatabaseTargets())('migration 0022 on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let folder: string

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'migration-0022-'))
    writeMigrationsAround(folder, MIGRATION, false)
    handle = await open({ migrationsFolder: folder })
  })
  afterAll(async () => {
    await handle?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('keeps every row and attempt, moves the closed-loop stage to `event`, and the triggers follow the new name', async () => {
    const [lead] = await rowsOf<{ id: string }>(
      handle.db,
      sql`insert into leads (name, email, source, consent_version, consent_at, created_at)
          values ('Ana', 'ana@exemplo.com.br', 'formulario_contato', 'v1', now(), '2026-11-20T10:00:00Z') returning id`,
    )
    const id = lead!.id
    const old = [
      ['msg_webhook', 'lead_webhook', id],
      ['msg_ga4', 'ga4', id],
      [`closed-loop:${id}:qualificado:ga4`, 'ga4', id],
      [`closed-loop:${id}:cliente:meta`, 'meta', id],
      ['msg_purge', 'cloudflare', null],
    ] as const
    for (const [messageId, target, leadId] of old) {
      await handle.db.execute(
        sql`insert into webhook_deliveries (webhook_id, target, lead_id, payload) values (${messageId}, ${target}, ${leadId}, '{}'::jsonb)`,
      )
    }
    await handle.db.execute(
      sql`insert into delivery_attempts (delivery_id, attempt, outcome) select id, 1, 'retry' from webhook_deliveries where webhook_id = 'msg_webhook'`,
    )

    writeMigrationsAround(folder, MIGRATION, true)
    await handle.migrate()

    const rows = await rowsOf<{ message_id: string; target: string; event: string | null; lead_created_at: Date | null; attempts: number }>(
      handle.db,
      sql`select o.message_id, o.target, o.event, o.lead_created_at, (select count(*)::int from delivery_attempts a where a.delivery_id = o.id) as attempts
          from outbox o order by o.message_id`,
    )
    expect(rows.map(({ message_id, target, event, attempts }) => [message_id, target, event, attempts])).toEqual(
      [
        ['msg_webhook', 'lead_webhook', null, 1],
        ['msg_ga4', 'ga4', null, 0],
        [`closed-loop:${id}:qualificado:ga4`, 'ga4', 'qualified', 0],
        [`closed-loop:${id}:cliente:meta`, 'meta', 'won', 0],
        ['msg_purge', 'cloudflare', null, 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    )
    const [table] = await rowsOf<{ old: string | null }>(handle.db, sql`select to_regclass('webhook_deliveries')::text as old`)
    expect(table?.old).toBeNull()

    // One row per lead, target and event: the stage again is refused; the lead's first rows (no event) are not held by it.
    await expect(
      handle.db.execute(sql`insert into outbox (message_id, target, lead_id, payload, event) values ('msg_again', 'ga4', ${id}, '{}'::jsonb, 'qualified')`),
    ).rejects.toThrow()
    await handle.db.execute(sql`insert into outbox (message_id, target, lead_id, payload, event) values ('msg_won', 'ga4', ${id}, '{}'::jsonb, 'won')`)
    await handle.db.execute(sql`insert into outbox (message_id, target, lead_id, payload) values ('msg_other', 'ga4', ${id}, '{}'::jsonb)`)

    // The lead_created_at triggers (migration 0010) under the new name: filled on insert, and moved with the lead.
    const createdAt = async (messageId: string) =>
      (await rowsOf<{ at: Date | null }>(handle.db, sql`select lead_created_at as at from outbox where message_id = ${messageId}`))[0]?.at
    expect(new Date((await createdAt('msg_won'))!).toISOString()).toBe('2026-11-20T10:00:00.000Z')
    await handle.db.execute(sql`update leads set created_at = '2026-11-21T09:00:00Z' where id = ${id}`)
    expect(new Date((await createdAt('msg_webhook'))!).toISOString()).toBe('2026-11-21T09:00:00.000Z')
  })
})
