/**
 * npm run admin:unlock -- --email pessoa@agencia.com.br
 *
 * Clears every count of an admin's sign-in attempts (the e-mail's, each
 * address's and each device's on it) in the site's database (DATABASE_URL,
 * or the embedded one in DATA_DIR), so the next right password gets in at
 * once from anywhere; writes the audit log. For an admin locked out by their
 * own typos or by a flood of strangers' guesses (ADR 032).
 *
 * The embedded database takes one process at a time: while the site runs on
 * it, this says so in one line; stop the server, run it, start the server.
 */
import { existsSync } from 'node:fs'
import { AdminAccountError, unlockAdminFromCommandLine } from '../app/admin/auth.server'
import { adminDatabaseOrExit, commandArgument } from './lib/admin-command'

if (existsSync('.env')) process.loadEnvFile('.env')

const email = commandArgument('email')
if (!email) {
  console.error('Uso: npm run admin:unlock -- --email pessoa@agencia.com.br')
  process.exit(1)
}

const db = await adminDatabaseOrExit('Pare o servidor, rode este comando de novo e inicie o servidor outra vez.')

try {
  const { email: admin, cleared } = await unlockAdminFromCommandLine(db, email)
  console.log(`Tentativas de entrada de ${admin} zeradas (${cleared} ${cleared === 1 ? 'registro apagado' : 'registros apagados'}). Entre em /admin/entrar.`)
  process.exit(0)
} catch (error) {
  console.error(error instanceof AdminAccountError ? error.message : error)
  process.exit(1)
}
