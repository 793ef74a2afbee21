import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { builtServer, freePort, waitFor } from '../../../scripts/lib/bench-support'

/**
 * Another instance of the production build the suite tests, with its own
 * environment: for what the main server is not configured for (two
 * instances on one PostgreSQL, the third parties loaded only when
 * configured). Its own embedded database unless `DATABASE_URL` is given.
 * With `output`, what it writes to stdout and stderr is added there.
 */
export type StartedServer = {
  base: string
  stop: () => Promise<void>
  /** Sends a signal (SIGTERM: a graceful stop); resolves with the exit code once the process has left. */
  signal: (name: NodeJS.Signals) => Promise<number | null>
}

export async function startServer(env: Record<string, string>, { output }: { output?: string[] } = {}): Promise<StartedServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-server-'))
  const server = spawn(process.execPath, [builtServer(process.env.E2E_BUILD_DIR)], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
      ...env,
    },
    stdio: output ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  })
  for (const stream of [server.stdout, server.stderr]) stream?.on('data', (chunk: Buffer) => output?.push(chunk.toString('utf8')))
  const base = `http://127.0.0.1:${port}`
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
  const stop = async () => {
    server.kill('SIGKILL')
    // Gone before its data folder is removed.
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  const signal = async (name: NodeJS.Signals) => {
    server.kill(name)
    return exited
  }
  await expectServing({ base, stop, timeoutMs: 60_000, what: () => `${base} started` })
  return { base, stop, signal }
}

/**
 * Waits until `base` answers /healthz; otherwise stops what was started and
 * fails, saying `what()` (read only then: a log that says why).
 */
export async function expectServing({ base, stop, timeoutMs, what }: { base: string; stop: () => Promise<void>; timeoutMs: number; what: () => string }) {
  const ready = await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, timeoutMs)
  if (ready) return
  const message = what()
  await stop()
  expect(ready, message).toBe(true)
}

/** The admin that `startAdminServer` creates. */
export const ADMIN = { email: 'gestora@alavancadigital.com.br', password: 'senha-longa-de-teste-123' }

/** An instance whose embedded database has the admin (`npm run admin:create`) before it starts. */
export async function startAdminServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-admin-'))
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', ADMIN.email], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: ADMIN.password },
    stdio: 'pipe',
  })
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LEAD_MIN_FILL_MS: '0', SESSION_SECRET: 'segredo-do-servidor-do-admin', ...env })
  return {
    base: server.base,
    stop: async () => {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
