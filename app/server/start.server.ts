/**
 * One instance of the site, from start to stop: validates the environment,
 * applies pending migrations in this process (PGlite allows one process per
 * folder), starts the outbox worker, listens, and on SIGTERM/SIGINT drains.
 *
 * Called by the two entry points, which only differ in where the Remix build
 * comes from: scripts/server.ts (bundled into build/server/server.js with the
 * build itself: `npm start`) and scripts/dev-server.ts (Vite's middleware and
 * its module graph: `npm run dev`). Either way the server, the routes and the
 * worker share one module graph (ADR 041).
 */
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import type express from 'express'
import { adminSetupLine, issueAdminSetupToken, setupLinkOrigin } from '~/admin/setup.server'
import { watchContentVersion } from '~/content/publish.server'
import { deliveryTimingFromEnv, oncePerFleet, startOutboxWorker } from '~/delivery/outbox.server'
import { configurationProblems, configurationSummary, type AnyDeliveryTarget } from '~/delivery/target'
import { spamRetentionChore } from '~/leads/suspected-spam.server'
import { EnvError, getEnv, type Env } from '~/utils/env.server'
import { logError, logJson } from '~/utils/log.server'
import { closeDatabase, getDatabase, isKnownDriverCrash, migrateDatabase, setMigrationsFolder, whileDatabaseStarts } from '../../db/client'
import { createApp } from './app'
import { deliveryTargetsFromEnv } from './delivery-targets.server'
import { beginDraining, DRAIN_TIMEOUT_MS, drainInstance, OUTBOX_DRAIN_TIMEOUT_MS } from './lifecycle.server'

export type StartSiteOptions = {
  /** The production build, or a getter that loads it through Vite in development. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Folder of the client build (production). */
  clientDir?: string
  /** Vite's middlewares (development). */
  viteMiddlewares?: express.RequestHandler
  /** Closes Vite on shutdown (development). */
  closeVite?: () => Promise<void>
  /** The SQL migrations (the built server keeps a copy beside itself). */
  migrationsFolder?: string
}

/**
 * How long a stopping instance keeps accepting requests while /healthz says
 * 503, so a load balancer's checks take it out before its port closes.
 */
export const DRAIN_NOTICE_MS = 1_000

/**
 * The environment, or the process ends with a message naming each bad variable: the schema's problems, then each
 * delivery target's own check from the one list (ADR 054), such as WEBHOOK_URL without WEBHOOK_SECRET. Logs once
 * which targets are configured and which are not, by name.
 */
function environmentOrExit(): { env: Env; targets: readonly AnyDeliveryTarget[] } {
  try {
    const env = getEnv()
    const targets = deliveryTargetsFromEnv(env)
    const problems = configurationProblems(targets)
    if (problems.length > 0) throw new EnvError(problems)
    logJson({ level: 'info', msg: 'delivery targets', ...configurationSummary(targets) })
    return { env, targets }
  } catch (error) {
    if (error instanceof EnvError) {
      // Each variable by name and problem: never its value (a password, a token).
      logJson({ level: 'error', msg: 'invalid environment variables', problems: error.problems }, (text) => process.stderr.write(text))
      process.exit(1)
    }
    throw error
  }
}

export async function startSite({ build, clientDir, viteMiddlewares, closeVite, migrationsFolder }: StartSiteOptions) {
  // A local .env (copied from .env.example) is read when present; variables already set win.
  if (existsSync('.env')) process.loadEnvFile('.env')
  // The one list of targets (ADR 054), read once; the database is read on each claim.
  const { env, targets } = environmentOrExit()
  if (migrationsFolder) setMigrationsFolder(migrationsFolder)
  const database = getDatabase(env)
  let setupToken: string | null
  try {
    // Started while PostgreSQL restarts: each step waits for it a while, instead of the instance dying on its first refusal.
    const onRetry = (error: unknown, pauseMs: number) =>
      logJson({ level: 'warn', msg: 'database not answering yet', database: database.label, retryInMs: pauseMs, error })
    const waitMs = env.DATABASE_START_WAIT_SECONDS * 1000
    await whileDatabaseStarts(() => migrateDatabase(env), { onRetry, waitMs })
    // While no admin exists: a one-time link that creates the first one with the site running (ADR 032), printed once it listens.
    setupToken = await whileDatabaseStarts(() => issueAdminSetupToken(database.db), { onRetry, waitMs })
    logJson({ level: 'info', msg: 'database ready', database: database.label })
  } catch (error) {
    logError(error, { msg: 'database unavailable or migration failed', fields: { database: database.label } })
    process.exit(1)
  }
  const timing = deliveryTimingFromEnv(env)
  const outboxWorker = startOutboxWorker({
    intervalMs: env.OUTBOX_POLL_INTERVAL_MS,
    deps: () => ({ db: database.db, timing, targets }),
    // The spam folder keeps a post 30 days (ADR 039); one instance of the fleet deletes at a time.
    chores: [oncePerFleet(spamRetentionChore)],
  })
  // Instances on one PostgreSQL see each other's publishes; the embedded database is one process (ADR 042).
  const stopWatchingContent = database.kind === 'postgres' ? await watchContentVersion(database.db) : async () => {}

  const app = createApp({ env, build, clientDir, viteMiddlewares })
  const server = app.listen(env.PORT, () => {
    const { port } = server.address() as AddressInfo
    logJson({ level: 'info', msg: 'server started', url: `http://localhost:${port}`, mode: env.NODE_ENV })
    if (setupToken) console.log(adminSetupLine(setupLinkOrigin(env, port), setupToken))
  })

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    // /healthz says 503 from now on, and every answer closes its connection.
    beginDraining()
    logJson({ level: 'info', msg: 'shutting down', signal })
    // The last resort, past both bounds and the database's own close timeout (5 s, db/client.ts): the database is
    // still closed (PGlite flushes) before leaving.
    const force = setTimeout(
      () => {
        logJson({
          level: 'warn',
          msg: 'the drain passed its bounds: leaving',
          timeoutMs: DRAIN_NOTICE_MS + Math.max(DRAIN_TIMEOUT_MS, OUTBOX_DRAIN_TIMEOUT_MS),
        })
        void Promise.race([closeDatabase(), new Promise((resolve) => setTimeout(resolve, 2_000))]).finally(() => process.exit(1))
      },
      DRAIN_NOTICE_MS + Math.max(DRAIN_TIMEOUT_MS, OUTBOX_DRAIN_TIMEOUT_MS) + 10_000,
    )
    force.unref()
    await new Promise((resolve) => setTimeout(resolve, DRAIN_NOTICE_MS))
    // In-flight requests and the outbox's attempts, each within its bound; then the database, whatever happened.
    const code = await drainInstance({
      server,
      outbox: outboxWorker,
      stops: [stopWatchingContent, async () => await closeVite?.()],
      closeDatabase,
    })
    logJson({ level: 'info', msg: 'stopped', signal, code })
    process.exit(code)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  // The one uncaught error this process survives: postgres.js writing to a closed socket (db/client.ts). Any other ends
  // it, as Node would, for the orchestrator to start a clean one.
  process.on('uncaughtException', (error, origin) => {
    if (isKnownDriverCrash(error)) {
      logJson({ level: 'warn', msg: 'postgres.js wrote to a closed connection (porsager/postgres#1154): kept running' })
      return
    }
    // origin: 'unhandledRejection' for a promise nobody awaited (its stack is where the error was made, not who dropped it).
    logError(error, { fields: { origin } })
    process.exit(1)
  })
  return server
}
