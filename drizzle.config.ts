import path from 'node:path'
import { defineConfig } from 'drizzle-kit'

/**
 * `npm run db:generate` writes SQL migrations for changes in db/schema.ts into
 * db/migrations/ (commit them). No database is needed to generate; the server
 * applies pending migrations itself at start (db/migrate.ts), on PostgreSQL or PGlite.
 *
 * `npm run db:studio` opens Drizzle Studio on the site's database: DATABASE_URL
 * when set, else the embedded one in DATA_DIR (stop the dev server first: PGlite
 * takes one process at a time).
 */
const databaseUrl = process.env.DATABASE_URL?.trim()
const pgliteFolder = path.join(process.env.DATA_DIR?.trim() || '.data', 'pglite')

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
  strict: true,
  verbose: true,
  ...(databaseUrl ? { dbCredentials: { url: databaseUrl } } : { driver: 'pglite', dbCredentials: { url: pgliteFolder } }),
})
