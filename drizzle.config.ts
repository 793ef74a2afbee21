import { defineConfig } from 'drizzle-kit'

/**
 * `npm run db:generate` writes SQL migrations for changes in db/schema.ts into
 * db/migrations/ (commit them). No database is needed to generate; the server
 * applies pending migrations itself at start (db/migrate.ts), on PostgreSQL or PGlite.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
  strict: true,
  verbose: true,
})
