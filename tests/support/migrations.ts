/**
 * A copy of db/migrations that stops before one migration (or just after it),
 * so a test can give a database rows as the site wrote them then, and
 * migrate on (`handle.migrate()` after `writeMigrationsAround(…, true)`).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const MIGRATIONS = path.resolve('db/migrations')

type Journal = { entries: Array<{ idx: number; tag: string }> }
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal

/** Writes into `folder` the journal's entries before `tag` (and `tag` itself when `through`). */
export function writeMigrationsAround(folder: string, tag: string, through: boolean) {
  const last = journal.entries.findIndex((entry) => entry.tag === tag)
  if (last < 0) throw new Error(`no migration ${tag} in the journal`)
  const entries = journal.entries.slice(0, through ? last + 1 : last)
  mkdirSync(path.join(folder, 'meta'), { recursive: true })
  for (const entry of entries) copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }))
}
