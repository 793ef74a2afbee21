/**
 * The database behind the lead pipeline, with one Drizzle API over two drivers:
 * - DATABASE_URL set → PostgreSQL through postgres.js (one pool per process);
 * - unset → embedded PGlite in DATA_DIR (default .data/), nothing to install.
 *
 * The process's handle is a plain module variable: the server, the Remix
 * routes and the outbox worker are one module graph (the bundled
 * build/server/server.js in production, Vite's graph in development; ADR 041),
 * so there is exactly one pool, and above all one PGlite instance (two on one
 * folder silently lose writes).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { Logger, SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema'

export { schema }

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
/** What `db.transaction(async (tx) => …)` hands its callback: a database whose statements run in that transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type DatabaseKind = 'postgres' | 'pglite'

export type DatabaseHandle = {
  db: Database
  kind: DatabaseKind
  /** Where it points, for logs (the logger masks a URL's password). */
  label: string
  /** Applies pending SQL migrations from db/migrations (idempotent). */
  migrate(): Promise<void>
  close(): Promise<void>
}

export type OpenDatabaseOptions = {
  /** postgres:// URL; when absent, PGlite. */
  url?: string
  /** PGlite folder, or `memory://` for a throwaway in-memory database. */
  dataDir?: string
  /** Pool size for PostgreSQL. */
  maxConnections?: number
  migrationsFolder?: string
  /** Drizzle's query log: each statement it sends (tests count a change's statements with it). */
  logger?: Logger
}

export const DEFAULT_MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'db/migrations')

// Any constant: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 7_342_019

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'

  constructor(
    message: string,
    /** The PGlite folder, and the process holding it when known. */
    readonly folder: string,
    readonly owner?: number,
  ) {
    super(message)
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite must never be opened by two processes at once (the second silently
 * loses writes): a lock file with our pid guards the folder. A lock left by a
 * process that is gone is taken over.
 */
function lockPgliteFolder(folder: string): () => void {
  const lockPath = `${folder}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockPath, 'utf8').trim())
      if (owner === process.pid || (Number.isInteger(owner) && owner > 0 && processIsAlive(owner))) {
        throw new DataDirInUseError(
          `The PGlite folder ${folder} is in use by process ${owner}. Only one process may open it: stop that process, or give this one another DATA_DIR (or DATABASE_URL).`,
          folder,
          owner,
        )
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirInUseError(`Could not lock the PGlite folder ${folder}`, folder)
}

/** How long the PostgreSQL client waits to open a connection (after a restart, a query may wait that long for one). */
export const CONNECT_TIMEOUT_SECONDS = 10

/**
 * What every postgres.js client of the app is opened with.
 *
 * `fetch_types: false`: by default each new connection first reads the array
 * types from pg_catalog, in a promise the driver drops (3.4.x,
 * porsager/postgres#1192, #1205, #1223, open). A connection that PostgreSQL
 * terminates during that read (a restart meeting an instance that starts, or
 * a pool that grows) rejects it, and the unhandled rejection ends the
 * process. The app reads and sends no array through the driver (Drizzle
 * serialises its own, raw SQL builds its arrays in SQL), so the read bought
 * nothing. tests/integration/database/connection-start.test.ts cuts a
 * connection there.
 */
const DRIVER_OPTIONS = { fetch_types: false, connect_timeout: CONNECT_TIMEOUT_SECONDS, onnotice: () => {} } as const

/** Opens a database (not shared): tests, the bench, and `getDatabase()` below. */
export function openDatabase(options: OpenDatabaseOptions = {}): DatabaseHandle {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER
  if (options.url) {
    const url = options.url
    const client = postgres(url, { ...DRIVER_OPTIONS, max: options.maxConnections ?? 10, idle_timeout: 30 })
    const db: Database = drizzlePostgres({ client, schema, ...(options.logger ? { logger: options.logger } : {}) })
    let closing: Promise<void> | undefined
    return {
      db,
      kind: 'postgres',
      label: url,
      async migrate() {
        // One connection so the advisory lock and the migration share a session.
        const migrator = postgres(url, { ...DRIVER_OPTIONS, max: 1 })
        try {
          await migrator`select pg_advisory_lock(${MIGRATION_LOCK_ID})`
          await migratePostgres(drizzlePostgres({ client: migrator, schema }), { migrationsFolder })
          await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`
        } finally {
          await migrator.end({ timeout: 5 })
        }
      },
      close: () => (closing ??= client.end({ timeout: 5 })),
    }
  }

  const dataDir = options.dataDir ?? '.data/pglite'
  const inMemory = dataDir.startsWith('memory://')
  const folder = path.resolve(dataDir)
  // PGlite creates only the last folder of its path.
  if (!inMemory) mkdirSync(path.dirname(folder), { recursive: true })
  const unlock = inMemory ? () => {} : lockPgliteFolder(folder)
  // btree_gist: the bookings' exclusion constraint (migration 0024, ADR 055); PostgreSQL has it in its contrib.
  const client = new PGlite(inMemory ? dataDir : folder, { extensions: { btree_gist } })
  const pgliteDb = drizzlePglite({ client, schema, ...(options.logger ? { logger: options.logger } : {}) })
  let closing: Promise<void> | undefined
  return {
    db: pgliteDb satisfies Database,
    kind: 'pglite',
    label: inMemory ? dataDir : `pglite:${folder}`,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => (closing ??= client.close().finally(unlock)),
  }
}

let shared: DatabaseHandle | undefined
let sharedMigrated: Promise<void> | undefined
/** Where the shared database's migrations are read (the built server copies them beside itself). */
let sharedMigrationsFolder: string | undefined

export type DatabaseSettings = { DATABASE_URL?: string | undefined; DATA_DIR: string }

/** The PGlite folder inside DATA_DIR; `memory://` gives a throwaway in-memory database (e2e runs). */
export function pgliteFolder(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : path.join(dataDir, 'pglite')
}

/** The built server's migrations folder (scripts/server.ts), before the shared database is first opened. */
export function setMigrationsFolder(folder: string): void {
  sharedMigrationsFolder = folder
}

/**
 * The process-wide database, opened on first use from the settings
 * (`getEnv()` in the app) and then shared by the whole process.
 */
export function getDatabase(settings: DatabaseSettings): DatabaseHandle {
  shared ??= settings.DATABASE_URL
    ? openDatabase({ url: settings.DATABASE_URL, migrationsFolder: sharedMigrationsFolder })
    : openDatabase({ dataDir: pgliteFolder(settings.DATA_DIR), migrationsFolder: sharedMigrationsFolder })
  return shared
}

/** Migrates the shared database once per process (later calls await the same run). */
export function migrateDatabase(settings: DatabaseSettings): Promise<void> {
  sharedMigrated ??= getDatabase(settings)
    .migrate()
    .catch((error: unknown) => {
      sharedMigrated = undefined
      throw error
    })
  return sharedMigrated
}

/** Closes the shared database (graceful shutdown). */
export async function closeDatabase(): Promise<void> {
  const handle = shared
  shared = undefined
  sharedMigrated = undefined
  await handle?.close()
}

/** The shared database once migrated: what a request handler reads and writes. */
export async function migratedDatabase(settings: DatabaseSettings): Promise<Database> {
  await migrateDatabase(settings)
  return getDatabase(settings).db
}

/** Rows of a raw statement, whichever driver ran it (postgres.js gives an array, PGlite an object with `rows`). */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] }
  return Array.isArray(result) ? result : result.rows
}

/** The SQLSTATE of a database error (or of what it wraps: Drizzle wraps the driver's error), e.g. '23505' for a unique violation. */
export function postgresErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = current.cause
  }
  return undefined
}

/** Connection-level failures: the server is away (refused, reset, timed out), shutting down or not accepting yet. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])

/** Whether `error` (or what it wraps: Drizzle wraps the driver's error) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    // SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutting down, cannot connect now).
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code))) return true
    current = current.cause
  }
  return false
}

export type WaitForDatabaseOptions = {
  /** Gives up after this long (the error is thrown again): `DATABASE_START_WAIT_SECONDS` at start-up. */
  waitMs: number
  /** Told of each failed attempt and the pause before the next. */
  onRetry?: (error: unknown, pauseMs: number) => void
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/**
 * Runs `step` (a start-up step: migrating, a first read) again while the
 * database is away, as an instance started during a restart of PostgreSQL
 * meets it: pauses of 250 ms doubling to 4 s, for `waitMs` at most. Any other
 * error (a migration that fails, a bad password) is thrown at once.
 */
export async function whileDatabaseStarts<T>(step: () => Promise<T>, options: WaitForDatabaseOptions): Promise<T> {
  const { waitMs, onRetry, now = Date.now, sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = options
  const deadline = now() + waitMs
  for (let pauseMs = 250; ; pauseMs = Math.min(pauseMs * 2, 4_000)) {
    try {
      return await step()
    } catch (error) {
      if (!isDatabaseUnavailable(error) || now() + pauseMs > deadline) throw error
      onRetry?.(error, pauseMs)
      await sleep(pauseMs)
    }
  }
}

/**
 * postgres.js 3.4.x can throw from a timer when a connection closes under
 * load (a PostgreSQL restart): `nextWrite` writes to a socket already set to
 * null (porsager/postgres#1154, fix proposed in #1209, not released). It is
 * thrown outside any query, so no `await` can catch it, and it ends the
 * process; the query it belonged to was already rejected with
 * CONNECTION_CLOSED. `start.server.ts` lets the process live through exactly
 * this error (ADR 042); remove it when the release fixes the bug (the test
 * tests/unit/driver-crash.test.ts fails then).
 */
export function isKnownDriverCrash(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    error.message === "Cannot read properties of null (reading 'write')" &&
    /\bnextWrite\b[^\n]*postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  )
}
