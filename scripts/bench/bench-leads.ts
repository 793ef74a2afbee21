/**
 * `npm run bench:leads`: posts N leads (default 2,000) from 32 concurrent
 * clients while a local webhook receiver fails 30% of deliveries, waits for
 * the outbox to retry them all, and prints accepted, stored, delivered,
 * p50/p95 latency and leads/s. Exits non-zero when an accepted lead is missing
 * from the database or was never delivered. See docs/bench-leads.md.
 *
 *   npm run bench:leads                      # HTTP: the production build, POST /contato
 *   npm run bench:leads -- --in-process      # the lead action and service in this process
 *   DATABASE_URL=postgres://… npm run bench:leads -- --in-process
 *   npm run bench:leads -- --chaos           # crash drill: SIGKILLs the server during the run (scripts/bench/lib/chaos-drill.ts)
 *
 * Options: --leads N, --concurrency N, --failure-rate 0.3, --database pglite|postgres,
 * --schedule "100ms,200ms,…", --drain-timeout 180 (s), --build-dir build, --port N,
 * --reply-slack 3000 (ms; --chaos: what a visitor may wait beyond the 2 s inline timeout).
 * PostgreSQL: DATABASE_URL (or BENCH_DATABASE_URL). Rows of each run are
 * tagged (company = bench-<run id>) and counted by that tag; nothing else is touched.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../../db/client'
import { leads, outbox } from '../../db/schema'
import { startWebhookReceiver, type ReceivedWebhook } from '../../tests/support/webhook-receiver'
import { builtServer, freePort, percentile, waitFor } from '../lib/bench-support'
import { runChaosDrill } from './lib/chaos-drill'
import { renderedContactTimer } from './lib/lead-timer'

const { values: args } = parseArgs({
  options: {
    'in-process': { type: 'boolean', default: false },
    leads: { type: 'string' },
    chaos: { type: 'boolean', default: false },
    'hang-rate': { type: 'string', default: '0.05' },
    concurrency: { type: 'string', default: '32' },
    'failure-rate': { type: 'string', default: '0.3' },
    database: { type: 'string' },
    // 13 attempts in all: a lead fails for good only if 13 tries in a row fail (0.3^13 ≈ 2e-7).
    schedule: { type: 'string', default: '100ms,200ms,300ms,500ms,500ms,1s,1s,1s,1s,1s,1s,1s' },
    'drain-timeout': { type: 'string', default: '180' },
    'build-dir': { type: 'string', default: process.env.REMIX_BUILD_DIR ?? 'build' },
    port: { type: 'string' },
    'reply-slack': { type: 'string' },
  },
})

const total = Number(args.leads ?? (args.chaos ? 1500 : 2000))
const concurrency = Number(args.concurrency)
const failureRate = Number(args['failure-rate'])
const drainTimeoutMs = Number(args['drain-timeout']) * 1000
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
const databaseKind = (args.database ?? (postgresUrl ? 'postgres' : 'pglite')) as 'pglite' | 'postgres'
if (databaseKind === 'postgres' && !postgresUrl) throw new Error('--database postgres needs DATABASE_URL (or BENCH_DATABASE_URL)')
const runTag = `bench-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`
const sessionSecret = `bench-${randomBytes(24).toString('hex')}`
const mode = args['in-process'] ? 'in-process' : 'http'

const services = ['ia', 'automacao', 'trafego', 'crescimento', 'outro'] as const
function leadFields(index: number): Record<string, string> {
  const ddd = 11 + (index % 80)
  const number = String(900_000_000 + index).slice(-9)
  return {
    name: `Cliente Bench ${index}`,
    email: `cliente${index}@${runTag}.bench.invalid`,
    phone: `(${ddd})${number.slice(0, 5)}-${number.slice(5)}`,
    message: `Quero crescer as vendas da minha empresa (lead de teste ${index}).`,
    company: runTag,
    service: services[index % services.length] ?? '',
  }
}

/** Runs `count` jobs with `concurrency` workers; each job reports its latency. */
async function runClients(count: number, job: (index: number, client: number) => Promise<boolean>) {
  const latencies: number[] = []
  let accepted = 0
  let rejected = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_unused, client) => {
      for (;;) {
        const index = next++
        if (index >= count) return
        const begin = performance.now()
        const ok = await job(index, client).catch((error: unknown) => {
          if (rejected < 5) console.error(`lead ${index}:`, error)
          return false
        })
        latencies.push(performance.now() - begin)
        if (ok) accepted++
        else rejected++
      }
    }),
  )
  return { latencies: latencies.sort((a, b) => a - b), accepted, rejected, seconds: (performance.now() - started) / 1000 }
}

type Counts = { stored: number; delivered: number; pending: number; failed: number }

async function countRun(handle: DatabaseHandle): Promise<Counts> {
  const [stored] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(eq(leads.company, runTag))
  const statuses = await handle.db
    .select({ status: outbox.status, n: sql<number>`count(*)::int` })
    .from(outbox)
    .innerJoin(leads, and(eq(leads.id, outbox.leadId), eq(leads.company, runTag)))
    .groupBy(outbox.status)
  const by = (status: string) => statuses.find((row) => row.status === status)?.n ?? 0
  return { stored: stored?.n ?? 0, delivered: by('delivered'), pending: by('pending'), failed: by('failed') }
}

function deliveredIds(received: ReceivedWebhook[], answered: Map<ReceivedWebhook, number>): Set<string> {
  const ids = new Set<string>()
  for (const request of received) {
    const status = answered.get(request) ?? 0
    const id = request.headers['webhook-id']
    if (status >= 200 && status < 300 && typeof id === 'string' && request.body.includes(runTag)) ids.add(id)
  }
  return ids
}

async function main() {
  if (args.chaos) {
    const ok = await runChaosDrill({
      leads: total,
      concurrency: Number(args.concurrency),
      failureRate,
      hangRate: Number(args['hang-rate']),
      buildDir: args['build-dir'] ?? 'build',
      databaseKind,
      postgresUrl,
      postgresRestartCommand: process.env.BENCH_PG_RESTART,
      schedule: args.schedule ?? '',
      drainTimeoutMs,
      runTag,
      replySlackMs: args['reply-slack'] === undefined ? undefined : Number(args['reply-slack']),
      leadFields,
    })
    if (!ok) process.exitCode = 1
    return
  }
  const receiver = await startWebhookReceiver()
  const answered = new Map<ReceivedWebhook, number>()
  receiver.answer((request) => {
    const status = Math.random() < failureRate ? 500 : 204
    answered.set(request, status)
    return { status }
  })

  const settings = {
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: webhookSecret,
    DELIVERY_RETRY_SCHEDULE: args.schedule,
    DELIVERY_TIMEOUT_MS: '5000',
    WEBHOOK_INLINE_TIMEOUT_MS: '2000',
    OUTBOX_POLL_INTERVAL_MS: '100',
    // 32 clients × ~60 leads each within a minute: far beyond the 5/min default, raised on purpose.
    LEAD_RATE_LIMIT_PER_MINUTE: '1000000',
    LEAD_MIN_FILL_MS: '0',
    SESSION_SECRET: sessionSecret,
    LOG_REQUESTS: 'false',
  }
  const tempDir = databaseKind === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'bench-leads-')) : null
  const databaseLabel = databaseKind === 'postgres' ? new URL(postgresUrl ?? '').host + new URL(postgresUrl ?? '').pathname : 'PGlite (on disk)'
  console.log(
    `bench:leads — ${mode}, ${databaseLabel}, ${total} leads, ${concurrency} clients, receiver failing ${Math.round(failureRate * 100)}%, run ${runTag}`,
  )

  let handle: DatabaseHandle | undefined
  let server: ChildProcess | undefined
  let result: Awaited<ReturnType<typeof runClients>>
  let drained = false
  const drainStarted = { at: 0 }

  try {
    if (mode === 'in-process') {
      Object.assign(process.env, settings)
      const { handleLeadAction } = await import('../../app/leads/lead-action.server')
      const { contactPageSchema } = await import('../../app/leads/form-schemas')
      const { startOutboxWorker } = await import('../../app/leads/outbox.server')
      const { deliveryTimingFromEnv } = await import('../../app/delivery/outbox.server')
      const { webhookSettingsFromEnv } = await import('../../app/leads/webhook.server')
      const { getEnv } = await import('../../app/utils/env.server')
      const { leadPost } = await import('../../tests/support/lead-requests')
      handle = openDatabase(databaseKind === 'postgres' ? { url: postgresUrl, maxConnections: 20 } : { dataDir: path.join(tempDir ?? '', 'pglite') })
      await handle.migrate()
      const pipeline = { db: handle.db, timing: deliveryTimingFromEnv(getEnv()), webhook: webhookSettingsFromEnv(getEnv()) }
      const worker = startOutboxWorker({ intervalMs: 100, perTarget: 50, deps: () => pipeline })
      try {
        result = await runClients(total, async (index, client) => {
          const outcome = await handleLeadAction({
            request: leadPost('/contato', leadFields(index)),
            context: { clientIp: `10.0.${Math.floor(client / 250)}.${(client % 250) + 1}` },
            form: 'contact',
            schema: contactPageSchema,
            pipeline,
          })
          return outcome.status === 'success' && outcome.leadId !== null
        })
        drainStarted.at = performance.now()
        const db = handle
        drained = await waitFor(async () => (await countRun(db)).pending === 0, drainTimeoutMs)
      } finally {
        await worker.stop()
      }
    } else {
      const buildDir = path.resolve(args['build-dir'] ?? 'build')
      if (!existsSync(builtServer(buildDir))) {
        throw new Error(`No production build in ${buildDir}: run "npm run build" first (or pass --build-dir), or use --in-process.`)
      }
      const port = args.port ? Number(args.port) : await freePort()
      const base = `http://127.0.0.1:${port}`
      server = spawn(process.execPath, [builtServer(buildDir)], {
        env: {
          ...process.env,
          ...settings,
          NODE_ENV: 'production',
          PORT: String(port),
          SITE_URL: base,
          TRUST_PROXY: 'loopback',
          ...(databaseKind === 'postgres' ? { DATABASE_URL: postgresUrl } : { DATABASE_URL: '', DATA_DIR: tempDir ?? '' }),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      // A fresh PGlite folder runs initdb first: allow for a busy machine.
      const up = await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 180_000)
      if (!up) throw new Error('the server did not start within 180 s')
      const probe = await fetch(`${base}/contato`)
      if (probe.status === 404) throw new Error('/contato does not exist in this build yet: run with --in-process, or build the app once the route is in.')

      // Each post carries the timer the contact page renders, signed with the server's secret.
      const { LEAD_HIDDEN_FIELDS } = await import('../../app/leads/lead-forms')
      result = await runClients(total, async (index, client) => {
        const body = new URLSearchParams(leadFields(index))
        body.set(LEAD_HIDDEN_FIELDS.timer, await renderedContactTimer(sessionSecret))
        body.set(LEAD_HIDDEN_FIELDS.honeypot, '')
        body.set(LEAD_HIDDEN_FIELDS.pageUrl, `${base}/contato?utm_source=bench`)
        const response = await fetch(`${base}/contato`, {
          method: 'POST',
          body,
          redirect: 'manual',
          headers: { 'X-Forwarded-For': `10.1.${Math.floor(client / 250)}.${(client % 250) + 1}`, 'User-Agent': 'bench-leads' },
        })
        await response.arrayBuffer()
        // Post/redirect/get: a redirect (or 2xx) is an accepted lead.
        return response.status >= 200 && response.status < 400
      })
      drainStarted.at = performance.now()
      const accepted = result.accepted
      drained = await waitFor(async () => deliveredIds(receiver.received, answered).size >= accepted, drainTimeoutMs)
      // PGlite admits one process: count only once the server has closed it.
      await new Promise<void>((resolve) => {
        server?.once('exit', () => resolve())
        server?.kill('SIGTERM')
      })
      server = undefined
      handle = openDatabase(databaseKind === 'postgres' ? { url: postgresUrl } : { dataDir: path.join(tempDir ?? '', 'pglite') })
    }

    const counts = await countRun(handle)
    const drainSeconds = (performance.now() - drainStarted.at) / 1000
    const received = receiver.received.filter((request) => request.body.includes(runTag))
    const failedAnswers = received.filter((request) => (answered.get(request) ?? 0) >= 300).length
    const uniqueDelivered = deliveredIds(receiver.received, answered).size
    const lines: Array<[string, string]> = [
      ['accepted', `${result.accepted} of ${total} (${result.rejected} refused)`],
      ['stored', String(counts.stored)],
      ['delivered', `${counts.delivered} (receiver saw ${uniqueDelivered} distinct webhook ids answered 2xx)`],
      ['pending / failed', `${counts.pending} / ${counts.failed}`],
      ['webhook requests', `${received.length} (${failedAnswers} answered 500 on purpose)`],
      ['latency p50 / p95', `${percentile(result.latencies, 50).toFixed(1)} ms / ${percentile(result.latencies, 95).toFixed(1)} ms`],
      ['throughput', `${(result.accepted / result.seconds).toFixed(1)} leads/s (${result.seconds.toFixed(1)} s)`],
      ['retries drained in', `${drainSeconds.toFixed(1)} s${drained ? '' : ' (timed out)'}`],
    ]
    for (const [label, value] of lines) console.log(`  ${label.padEnd(18)} ${value}`)

    const problems: string[] = []
    if (result.accepted === 0) problems.push('no lead was accepted')
    if (counts.stored !== result.accepted) problems.push(`${result.accepted - counts.stored} accepted leads are missing from the database`)
    if (counts.delivered !== result.accepted) problems.push(`${result.accepted - counts.delivered} accepted leads were not delivered`)
    if (problems.length > 0) {
      console.error(`FAILED: ${problems.join('; ')}`)
      process.exitCode = 1
    } else {
      console.log('OK: every accepted lead was stored and delivered.')
    }
  } finally {
    server?.kill('SIGTERM')
    await handle?.close()
    await receiver.close()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
