/**
 * A PostgreSQL server of its own for a drill: Debian's binaries
 * (/usr/lib/postgresql/<newest>/bin), a fresh cluster in a temporary folder
 * on a free port, trust authentication on 127.0.0.1 only. Run as the
 * `postgres` user when started as root (PostgreSQL refuses root). `restart`
 * stops it fast and starts it again after `downMs` (connections are refused
 * meanwhile); `stop` removes it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { freePort, waitFor } from '../../lib/bench-support'

export type ThrowawayPostgres = { url: string; restart: (downMs?: number) => Promise<void>; stop: () => Promise<void> }

function binDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const version = readdirSync(root)
    .sort((a, b) => Number(a) - Number(b))
    .at(-1)
  return version ? path.join(root, version, 'bin') : null
}

export function canStartThrowawayPostgres(): boolean {
  return binDir() !== null
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql), or pass a database URL')
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) => (asRoot ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const) : ([command, args] as const))
  const dir = mkdtempSync(path.join(tmpdir(), 'drill-postgres-'))
  chmodSync(dir, 0o777)
  const data = path.join(dir, 'data')
  const [initdb, initArgs] = run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'site', '-N', '-E', 'UTF8', '--locale', 'C'])
  execFileSync(initdb, initArgs, { stdio: 'ignore' })
  const port = await freePort()
  let server: ChildProcess | undefined
  const start = async () => {
    const [command, args] = run(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'])
    server = spawn(command, args, { stdio: 'ignore' })
    const url = `postgres://site@127.0.0.1:${port}/postgres`
    const up = await waitFor(async () => {
      const probe = postgres(url, { max: 1, connect_timeout: 1, onnotice: () => {} })
      try {
        await probe`select 1`
        return true
      } catch {
        return false
      } finally {
        await probe.end({ timeout: 1 })
      }
    }, 30_000)
    if (!up) throw new Error('the throwaway PostgreSQL did not start')
  }
  const halt = async () => {
    const current = server
    if (!current || current.exitCode !== null) return
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()))
    // SIGINT to the postmaster itself (under runuser it is a grandchild): PostgreSQL's fast shutdown, sessions cut.
    const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(pid, 'SIGINT')
    await exited
  }
  await start()
  const admin = postgres(`postgres://site@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} })
  await admin`create database site`
  await admin.end({ timeout: 5 })
  return {
    url: `postgres://site@127.0.0.1:${port}/site`,
    async restart(downMs = 0) {
      await halt()
      await new Promise((resolve) => setTimeout(resolve, downMs))
      await start()
    },
    async stop() {
      await halt()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
