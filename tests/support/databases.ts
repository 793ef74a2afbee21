/**
 * The databases the integration suite runs against: PGlite in memory always,
 * and real PostgreSQL when TEST_DATABASE_URL is set (CI sets it to
 * postgres://site:site@127.0.0.1:5432/site_test). Use with describe.each so
 * the same tests run on both; without TEST_DATABASE_URL the PostgreSQL
 * variant is simply not registered.
 *
 * On PostgreSQL each test file gets its own throwaway database (created from
 * the TEST_DATABASE_URL connection, dropped at the end), so files running in
 * parallel never see each other's rows. Between tests, truncate.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { openDatabase, type Database, type DatabaseHandle, type DatabaseKind, type OpenDatabaseOptions } from '../../db/client'

/** What a test may ask of its database: a query log, another migrations folder (a migration's own test). */
export type TestDatabaseOptions = Pick<OpenDatabaseOptions, 'logger' | 'migrationsFolder'>

export type TestDatabaseTarget = { kind: DatabaseKind; open: (options?: TestDatabaseOptions) => Promise<DatabaseHandle> }

async function openPglite(options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = openDatabase({ dataDir: 'memory://', ...options })
  await handle.migrate()
  return handle
}

/** An empty database on the server of `baseUrl`, named `<prefix>_<random>`; `drop` removes it (sessions still open are ended). */
export async function createScratchDatabase(baseUrl: string, prefix = 'site_test'): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const onServer = async (statement: string) => {
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} })
    try {
      await admin.unsafe(statement)
    } finally {
      await admin.end({ timeout: 5 })
    }
  }
  await onServer(`create database "${name}"`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  // `with (force)` also ends an autovacuum worker that happens to be in the new database; a role that is not a
  // superuser may not (42501, "must be a member of the role whose process is being terminated"): wait and try again.
  const drop = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await onServer(`drop database if exists "${name}" with (force)`)
      } catch (error) {
        if ((error as { code?: string }).code !== '42501' || attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
  }
  return { url: url.toString(), name, drop }
}

/** A fresh PostgreSQL database next to `baseUrl`'s (TEST_DATABASE_URL's), migrated; dropped on close (also for `npm run bench:admin`). */
export async function openPostgres(baseUrl: string, options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase(baseUrl)
  const handle = openDatabase({ url: scratch.url, maxConnections: 10, ...options })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      await scratch.drop()
    },
  }
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ kind: 'pglite', open: openPglite }]
  const url = process.env.TEST_DATABASE_URL?.trim()
  if (url) targets.push({ kind: 'postgres', open: (options) => openPostgres(url, options) })
  return targets
}

/** Empties every lead table (truncating leads cascades to the rest), the spam folder, the daily counters and Pipedrive's locks. */
export async function truncateLeadTables(db: Database): Promise<void> {
  await db.execute(sql`truncate table leads, suspected_spam, daily_counters, pipedrive_person_locks, delivery_pauses cascade`)
}
