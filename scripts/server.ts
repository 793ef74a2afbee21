/**
 * Starts the site: `npm run dev` (Vite middleware, hot reload) or `npm start`
 * (the production build). Validates the environment first, applies pending
 * database migrations in this process (PGlite allows one process per folder),
 * starts the webhook outbox worker (which also deletes suspected spam past
 * its retention), and shuts down gracefully on SIGTERM/SIGINT.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import { adminSetupLine, issueAdminSetupToken } from '../app/admin/setup.server'
import { conversionSettingsFromEnv } from '../app/leads/conversions.server'
import { startOutboxWorker } from '../app/leads/outbox.server'
import { spamRetentionChore } from '../app/leads/suspected-spam.server'
import { webhookConfigurationProblem, webhookSettingsFromEnv } from '../app/leads/webhook.server'
import { createApp } from '../app/server/app'
import { EnvError, getEnv } from '../app/utils/env.server'
import { logJson } from '../app/utils/log.server'
import { closeDatabase, getDatabase, migrateDatabase } from '../db/client'
import remixConfig from '../remix.config.js'

// A local .env (copied from .env.example) is read when present; variables already set win.
if (existsSync('.env')) process.loadEnvFile('.env')

let env
try {
  env = getEnv()
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const webhookProblem = webhookConfigurationProblem(env)
if (webhookProblem) {
  console.error(`Variáveis de ambiente inválidas / invalid environment variables:\n  - ${webhookProblem}`)
  process.exit(1)
}

// The same database handle (globalThis) serves the Remix build, Vite's reloads and the worker.
try {
  await migrateDatabase(env)
  logJson({ level: 'info', msg: 'database ready', database: getDatabase(env).label })
} catch (error) {
  console.error(`Database unavailable or migration failed (${getDatabase(env).label}):`, error)
  process.exit(1)
}
const webhookSettings = webhookSettingsFromEnv(env)
const conversionSettings = conversionSettingsFromEnv(env)
const outboxWorker = startOutboxWorker({
  intervalMs: env.OUTBOX_POLL_INTERVAL_MS,
  deps: () => ({ db: getDatabase(env).db, webhook: webhookSettings, conversions: conversionSettings }),
  // The spam folder keeps a post 30 days (ADR 039).
  chores: [spamRetentionChore],
})
if (!webhookSettings.url) logJson({ level: 'info', msg: 'WEBHOOK_URL not set: lead deliveries are recorded as skipped' })
// While no admin exists: a one-time link that creates the first one with the site running (ADR 032), printed once it listens.
const setupToken = await issueAdminSetupToken(getDatabase(env).db)

const buildDir = path.resolve(remixConfig.buildDirectory ?? 'build')
let app
let closeVite: (() => Promise<void>) | undefined

if (env.NODE_ENV === 'production') {
  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
  app = createApp({ env, build, clientDir: path.join(buildDir, 'client') })
} else {
  const vite = await import('vite')
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
  closeVite = () => viteDevServer.close()
  app = createApp({
    env,
    build: () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    viteMiddlewares: viteDevServer.middlewares,
  })
}

const server = app.listen(env.PORT, () => {
  logJson({ level: 'info', msg: 'server started', url: `http://localhost:${env.PORT}`, mode: env.NODE_ENV })
  if (setupToken) console.log(adminSetupLine(env.SITE_URL, setupToken))
})

let shuttingDown = false
async function shutdown(signal: string) {
  if (shuttingDown) return
  shuttingDown = true
  logJson({ level: 'info', msg: 'shutting down', signal })
  // Give in-flight requests up to 10 s; then leave regardless.
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  server.close(async () => {
    // In-flight requests are done: finish the worker's pass, then close the database (PGlite flushes to disk).
    await outboxWorker.stop()
    await closeVite?.()
    await closeDatabase()
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
