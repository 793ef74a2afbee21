/**
 * npm run admin:create -- --email pessoa@agencia.com.br
 *
 * Creates an admin of /admin in the site's database (DATABASE_URL, or the
 * embedded one in DATA_DIR), or sets a new password for an existing one
 * (which ends that admin's sessions). The password comes from ADMIN_PASSWORD
 * when set (for scripts and CI), or is asked for twice, without echo.
 *
 * The embedded database takes one process at a time: while the site runs on
 * it, this says so in one line and points to the setup link the server
 * printed (the first admin) or to stopping the server.
 */
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { AdminAccountError, saveAdminFromCommandLine } from '../app/admin/auth.server'
import { MIN_ADMIN_PASSWORD_LENGTH } from '../app/admin/password.server'
import { ADMIN_SETUP_PATH } from '../app/admin/setup.server'
import { adminDatabaseOrExit, commandArgument } from './lib/admin-command'

if (existsSync('.env')) process.loadEnvFile('.env')

/** Reads a line from the terminal without showing what is typed. */
async function askHidden(question: string): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk)
      done()
    },
  })
  const reader = createInterface({ input: process.stdin, output, terminal: true })
  process.stdout.write(question)
  muted = true
  const answer = await new Promise<string>((resolve) => reader.question('', resolve))
  reader.close()
  process.stdout.write('\n')
  return answer
}

const email = commandArgument('email')
if (!email) {
  console.error('Uso: npm run admin:create -- --email pessoa@agencia.com.br  (senha em ADMIN_PASSWORD ou digitada)')
  process.exit(1)
}

// Opened before the password is asked for: a folder in use is said at once.
const db = await adminDatabaseOrExit(
  `Com ele no ar, crie o primeiro admin pelo link ${ADMIN_SETUP_PATH}?token=… que o servidor mostrou ao iniciar; ` +
    'para outro admin ou outra senha, pare o servidor e rode este comando de novo.',
)

let password = process.env.ADMIN_PASSWORD ?? ''
if (!password) {
  if (!process.stdin.isTTY) {
    console.error('Defina ADMIN_PASSWORD ou rode o comando num terminal para digitar a senha.')
    process.exit(1)
  }
  password = await askHidden(`Senha (pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres): `)
  if ((await askHidden('Repita a senha: ')) !== password) {
    console.error('As senhas não conferem.')
    process.exit(1)
  }
}

try {
  const saved = await saveAdminFromCommandLine(db, email, password)
  console.log(
    saved.created ? `Administrador criado: ${saved.email}. Entre em /admin/entrar.` : `Senha de ${saved.email} trocada; as sessões abertas foram encerradas.`,
  )
  process.exit(0)
} catch (error) {
  console.error(error instanceof AdminAccountError ? error.message : error)
  process.exit(1)
}
