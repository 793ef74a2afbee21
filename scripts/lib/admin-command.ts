/**
 * What the admin commands (`npm run admin:create`, `npm run admin:unlock`)
 * share: their `--name value` arguments, and the site's database, opened the
 * way the server opens it (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { adminDatabase } from '../../app/admin/auth.server'
import { DataDirInUseError, type Database } from '../../db/client'

/** The command line's `--name value` or `--name=value`. */
export function commandArgument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  return inline ? inline.slice(name.length + 3) : index >= 0 ? process.argv[index + 1] : undefined
}

/**
 * The admin area's database. The embedded one takes one process at a time:
 * while another holds it (most likely the site itself) this prints one line,
 * no stack, that says so and then `whatToDo`, and exits 1.
 */
export function adminDatabaseOrExit(whatToDo: string): Promise<Database> {
  return adminDatabase().catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error
    const { folder, owner } = error
    console.error(`A pasta do banco embutido (${folder}) está em uso${owner ? ` pelo processo ${owner}` : ''}: o site está rodando? ${whatToDo}`)
    process.exit(1)
  })
}
