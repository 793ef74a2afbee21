import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { freePort, waitFor } from '../../../scripts/lib/bench-support'

/**
 * Another instance of the production build the suite tests, with its own
 * environment: for what the main server is not configured for (two
 * instances on one PostgreSQL, the third parties loaded only when
 * configured). Its own embedded database unless `DATABASE_URL` is given.
 */
export async function startServer(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-server-'))
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      REMIX_BUILD_DIR: process.env.E2E_BUILD_DIR ?? 'build',
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
      ...env,
    },
    stdio: 'ignore',
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    server.kill('SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 300))
    rmSync(dataDir, { recursive: true, force: true })
  }
  const ready = await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 60_000)
  if (!ready) await stop()
  expect(ready, `${base} started`).toBe(true)
  return { base, stop }
}
