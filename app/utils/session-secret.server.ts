/**
 * The production fallback for SESSION_SECRET when it is not set.
 *
 * The secret signs the flash cookie and the lead forms' time trap. A random
 * secret per process would make every form rendered before a restart carry a
 * timer the next process cannot verify, and the lead would be taken for a bot:
 * a lost lead. So the generated secret is written once to DATA_DIR (next to
 * the embedded database, mode 0600) and read back by every later start.
 * Several instances that do not share DATA_DIR must set SESSION_SECRET.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const SESSION_SECRET_FILE = 'session-secret'

export type PersistedSecret = { secret: string; file: string | null }

function readSecret(file: string): string | null {
  try {
    const secret = readFileSync(file, 'utf8').trim()
    return secret.length >= 32 ? secret : null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Reads `<dataDir>/session-secret`, creating it on first use. `file` is null
 * when the secret could not be kept (an in-memory DATA_DIR or a read-only
 * disk): the caller warns that it lasts for this process only.
 */
export function persistedSessionSecret(dataDir: string): PersistedSecret {
  const fresh = randomBytes(32).toString('hex')
  if (dataDir.startsWith('memory://')) return { secret: fresh, file: null }
  const file = path.resolve(dataDir, SESSION_SECRET_FILE)
  try {
    const existing = readSecret(file)
    if (existing) return { secret: existing, file }
    mkdirSync(path.dirname(file), { recursive: true })
    try {
      // 'wx': two processes starting together must not each write their own.
      writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' })
      return { secret: fresh, file }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const winner = readSecret(file)
      return winner ? { secret: winner, file } : { secret: fresh, file: null }
    }
  } catch {
    return { secret: fresh, file: null }
  }
}
