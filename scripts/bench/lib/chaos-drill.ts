/**
 * The crash drill behind `npm run bench:leads -- --chaos` (docs/bench-leads.md).
 *
 * Posts leads to the production build's /contato from concurrent clients
 * while the server is killed with SIGKILL at random moments and started
 * again (and, with PostgreSQL, the database is restarted once), against a
 * webhook receiver that fails some deliveries and hangs on others. Then it
 * waits for the outbox to catch up and checks, lead by lead, that every lead
 * the server acknowledged (a redirect reached the client) is stored exactly
 * once and was delivered under one webhook id, and that a hanging receiver
 * never kept a visitor waiting much past the inline timeout.
 *
 * Each post opens its own connection, so "refused" (the server was down: the
 * lead was never sent) is told apart from "lost in flight" (sent, no answer).
 * Either way, and after a 5xx, the client sends the same form again, as a
 * person clicking "Enviar" once more would: the same body (same rendered
 * form, same timer, same fields), so a lead the crash stored before its
 * answer was lost is answered again, never stored twice (the submission key
 * is what was sent: ADR 029).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../../db/client'
import { leads, outbox } from '../../../db/schema'
import { startWebhookReceiver, type ReceivedWebhook } from '../../../tests/support/webhook-receiver'
import { builtServer, freePort, percentile, waitFor } from '../../lib/bench-support'
import { renderedContactTimer } from './lead-timer'

export type ChaosOptions = {
  leads: number
  concurrency: number
  /** Share of webhook requests answered 500. */
  failureRate: number
  /** Share of webhook requests the receiver never answers in time. */
  hangRate: number
  buildDir: string
  databaseKind: 'pglite' | 'postgres'
  postgresUrl: string | undefined
  /** Shell command that restarts PostgreSQL (default: pg_ctlcluster on the newest local cluster). */
  postgresRestartCommand: string | undefined
  schedule: string
  drainTimeoutMs: number
  runTag: string
  /** What a visitor may wait beyond the inline timeout (default REPLY_SLACK_MS); must stay under HANG_MS for the check to mean anything. */
  replySlackMs?: number
  leadFields: (index: number) => Record<string, string>
}

const INLINE_TIMEOUT_MS = 2_000
const HANG_MS = 20_000
/** What a visitor may wait beyond the inline timeout: the transaction, rendering and a busy 2-core machine. */
const REPLY_SLACK_MS = 3_000

export type PostResult = { kind: 'acknowledged' | 'refused' | 'in-flight' | 'answered'; status: number; ms: number }

/** One POST on a fresh connection (no keep-alive), so a refused connection is known never to have reached the server. */
export function postForm(url: string, body: string, headers: Record<string, string>): Promise<PostResult> {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = httpRequest(
      url,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), ...headers } },
      (response) => {
        response.resume()
        response.on('end', () => {
          const status = response.statusCode ?? 0
          resolve({ kind: status >= 300 && status < 400 ? 'acknowledged' : 'answered', status, ms: performance.now() - started })
        })
        response.on('error', () => resolve({ kind: 'in-flight', status: 0, ms: performance.now() - started }))
      },
    )
    request.setTimeout(60_000, () => request.destroy(new Error('timeout')))
    request.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ kind: error.code === 'ECONNREFUSED' ? 'refused' : 'in-flight', status: 0, ms: performance.now() - started })
    })
    request.end(body)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function defaultPostgresRestart(): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : []
  const version = versions.at(-1)
  if (!version) throw new Error('--chaos with PostgreSQL needs BENCH_PG_RESTART (a command that restarts the server)')
  return `pg_ctlcluster ${version} main restart`
}

export async function runChaosDrill(options: ChaosOptions): Promise<boolean> {
  const replySlackMs = options.replySlackMs ?? REPLY_SLACK_MS
  // A slack that lets a visitor wait out the hanging receiver would check nothing.
  if (!(replySlackMs >= 0 && INLINE_TIMEOUT_MS + replySlackMs < HANG_MS))
    throw new Error(`reply slack ${replySlackMs} ms: the limit must stay under the hanging receiver's ${HANG_MS} ms`)
  const buildDir = path.resolve(options.buildDir)
  if (!existsSync(builtServer(buildDir))) throw new Error(`No production build in ${buildDir}: run "npm run build" first (or pass --build-dir).`)
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'chaos-leads-'))
  const serverLog = path.join(tempDir, 'server.log')
  const log = createWriteStream(serverLog)
  const sessionSecret = `chaos-${options.runTag}-segredo`
  const webhookSecret = `whsec_${Buffer.from(`chaos-${options.runTag}-webhook-secret`).toString('base64')}`
  const restartPostgres = options.databaseKind === 'postgres' ? (options.postgresRestartCommand ?? defaultPostgresRestart()) : null

  const receiver = await startWebhookReceiver()
  /** The status each webhook request got; 0 for one the receiver left hanging. */
  const answered = new Map<ReceivedWebhook, number>()
  /** Set by the chaos below for its first kill: called right after the receiver's next 2xx is sent. */
  let afterTwoHundred: (() => void) | null = null
  receiver.answer((request) => {
    const roll = Math.random()
    if (roll < options.hangRate) {
      answered.set(request, 0)
      return { status: 204, delayMs: HANG_MS }
    }
    const status = roll < options.hangRate + options.failureRate ? 500 : 204
    answered.set(request, status)
    if (status < 300 && afterTwoHundred) setImmediate(afterTwoHundred)
    if (status < 300) afterTwoHundred = null
    return { status }
  })

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    SITE_URL: base,
    TRUST_PROXY: 'loopback',
    SESSION_SECRET: sessionSecret,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: webhookSecret,
    DELIVERY_RETRY_SCHEDULE: options.schedule,
    DELIVERY_TIMEOUT_MS: '3000',
    WEBHOOK_INLINE_TIMEOUT_MS: String(INLINE_TIMEOUT_MS),
    OUTBOX_POLL_INTERVAL_MS: '100',
    LEAD_RATE_LIMIT_PER_MINUTE: '1000000',
    POST_RATE_LIMIT_PER_MINUTE: '1000000',
    LEAD_MIN_FILL_MS: '0',
    LOG_REQUESTS: 'false',
    ...(options.databaseKind === 'postgres' ? { DATABASE_URL: options.postgresUrl ?? '' } : { DATABASE_URL: '', DATA_DIR: path.join(tempDir, 'data') }),
  }

  let server: ChildProcess | undefined
  let starts = 0
  async function startServer(): Promise<void> {
    const child = spawn(process.execPath, [builtServer(buildDir)], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.pipe(log, { end: false })
    child.stderr?.pipe(log, { end: false })
    server = child
    starts++
    const up = await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 120_000)
    if (!up) throw new Error(`the server did not come back within 120 s (log: ${serverLog})`)
  }
  /** Stops the server: SIGKILL for a crash (no graceful shutdown), SIGTERM to let it close the database. */
  async function stopServer(signal: NodeJS.Signals): Promise<void> {
    const child = server
    if (!child || child.exitCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill(signal)
    await exited
  }

  console.log(
    `bench:leads --chaos — ${options.databaseKind === 'postgres' ? 'PostgreSQL' : 'PGlite (on disk)'}, ${options.leads} leads, ${options.concurrency} clients, ` +
      `receiver failing ${Math.round(options.failureRate * 100)}% and hanging ${Math.round(options.hangRate * 100)}%, SIGKILL every 1.5–4 s, run ${options.runTag}`,
  )

  const { LEAD_HIDDEN_FIELDS } = await import('../../../app/leads/lead-forms')
  const acknowledged = new Map<string, number>()
  const counts = { refusedRetries: 0, inFlight: 0, serverErrors: 0, givenUp: 0, answeredError: 0 }
  let kills = 0
  let postgresRestarts = 0
  let clientsDone = false
  const started = performance.now()

  try {
    await startServer()
    let next = 0
    const clients = Promise.all(
      Array.from({ length: options.concurrency }, async (_unused, client) => {
        for (;;) {
          const index = next++
          if (index >= options.leads) return
          const fields = options.leadFields(index)
          // One rendered form per lead: every resend carries the same body (timer and fields), built once here.
          const body = new URLSearchParams(fields)
          body.set(LEAD_HIDDEN_FIELDS.timer, await renderedContactTimer(sessionSecret))
          body.set(LEAD_HIDDEN_FIELDS.honeypot, '')
          for (let resends = 0; ;) {
            const result = await postForm(`${base}/contato`, body.toString(), {
              'X-Forwarded-For': `10.2.0.${(client % 250) + 1}`,
              'User-Agent': 'bench-leads-chaos',
            })
            if (result.kind === 'acknowledged') {
              acknowledged.set(fields.email ?? '', result.ms)
              break
            }
            if (result.kind === 'answered' && result.status < 500) {
              counts.answeredError++
              break
            }
            if (result.kind === 'refused') counts.refusedRetries++
            else if (result.kind === 'in-flight') counts.inFlight++
            else counts.serverErrors++
            // Refused (never sent) is always sent again; a lost answer or a 5xx up to five times.
            if (result.kind !== 'refused' && ++resends > 5) {
              counts.givenUp++
              break
            }
            await sleep(150)
          }
        }
      }),
    ).finally(() => {
      clientsDone = true
    })

    // The first kill comes at the latest once a quarter of the leads is acknowledged: a small run
    // (npm test's smoke) that sends faster than the first random delay still crashes mid-run.
    const firstKillAfter = Math.max(1, Math.floor(options.leads / 4))
    const chaos = (async () => {
      while (!clientsDone) {
        const delay = 1_500 + Math.random() * 2_500
        const since = performance.now()
        while (!clientsDone && performance.now() - since < delay && !(kills === 0 && acknowledged.size >= firstKillAfter)) await sleep(25)
        if (clientsDone) break
        // The first kill lands just after the receiver sent a 2xx, before the server can record it: the crash
        // that leaves a delivered lead's row leased (sent again under its webhook id when the lease ends).
        if (kills === 0) {
          await Promise.race([new Promise<void>((resolve) => (afterTwoHundred = resolve)), sleep(5_000)])
          afterTwoHundred = null
        }
        await stopServer('SIGKILL')
        kills++
        await startServer()
        if (restartPostgres && postgresRestarts === 0 && kills === 2) {
          // Once, with the server up: its pool and the worker must ride it out.
          execSync(restartPostgres, { stdio: 'ignore' })
          postgresRestarts++
        }
      }
    })()
    await Promise.all([clients, chaos])
    const sendSeconds = (performance.now() - started) / 1000

    // The last server stays up: the outbox delivers what the kills left pending.
    const drainStarted = performance.now()
    const drainLeftMs = () => options.drainTimeoutMs - (performance.now() - drainStarted)
    const emailOf = (request: ReceivedWebhook) => {
      try {
        return (JSON.parse(request.body) as { email?: string }).email ?? ''
      } catch {
        return ''
      }
    }
    const deliveredEmails = (requests: readonly ReceivedWebhook[]) =>
      new Set(requests.filter((request) => (answered.get(request) ?? 0) >= 200 && (answered.get(request) ?? 0) < 300).map(emailOf))
    const allDelivered = (emails: readonly string[], since = 0) =>
      waitFor(
        async () => {
          const delivered = deliveredEmails(receiver.received.slice(since))
          return emails.every((email) => delivered.has(email))
        },
        Math.max(0, drainLeftMs()),
      )
    let drained = await allDelivered([...acknowledged.keys()])

    // PGlite admits one process: read the rows once the server has closed the folder.
    const readRows = async () => {
      const handle = openDatabase(options.databaseKind === 'postgres' ? { url: options.postgresUrl } : { dataDir: path.join(tempDir, 'data', 'pglite') })
      try {
        return await handle.db
          .select({ email: leads.email, messageId: outbox.messageId, status: outbox.status })
          .from(leads)
          .leftJoin(outbox, eq(outbox.leadId, leads.id))
          .where(eq(leads.company, options.runTag))
      } finally {
        await handle.close()
      }
    }
    await stopServer('SIGTERM')
    let rows = await readRows()
    // A killed server may have had its 2xx and died before recording it: the receiver saw the lead, the row is still
    // leased. The next server sends it again once that lease ends (under the same webhook id); wait for that, then read again.
    let leasesWaited = 0
    for (;;) {
      const unrecorded = rows.filter((row) => acknowledged.has(row.email) && row.status !== 'delivered').map((row) => row.email)
      if (unrecorded.length === 0 || drainLeftMs() <= 0) break
      leasesWaited += unrecorded.length
      const since = receiver.received.length
      await startServer()
      drained = await allDelivered(unrecorded, since)
      await stopServer('SIGTERM')
      rows = await readRows()
    }
    server = undefined
    const drainSeconds = (performance.now() - drainStarted) / 1000

    const rowsByEmail = new Map<string, typeof rows>()
    for (const row of rows) rowsByEmail.set(row.email, [...(rowsByEmail.get(row.email) ?? []), row])
    const twoHundredsById = new Map<string, number>()
    for (const request of receiver.received) {
      const status = answered.get(request) ?? 0
      const id = request.headers['webhook-id']
      if (status >= 200 && status < 300 && typeof id === 'string') twoHundredsById.set(id, (twoHundredsById.get(id) ?? 0) + 1)
    }
    const lost: string[] = []
    const duplicated: string[] = []
    let delivered = 0
    for (const email of acknowledged.keys()) {
      const stored = rowsByEmail.get(email) ?? []
      if (stored.length === 0) lost.push(email)
      else if (stored.length > 1) duplicated.push(email)
      const [row] = stored
      if (row?.messageId && row.status === 'delivered' && (twoHundredsById.get(row.messageId) ?? 0) > 0) delivered++
    }
    const resentIds = [...twoHundredsById.values()].filter((count) => count > 1).length
    const latencies = [...acknowledged.values()].sort((a, b) => a - b)
    const slowest = latencies.at(-1) ?? 0
    const storedNotAcknowledged = [...rowsByEmail.keys()].filter((email) => !acknowledged.has(email)).length
    const received = receiver.received.filter((request) => request.body.includes(options.runTag))
    await new Promise<void>((resolve) => log.end(() => resolve()))
    const answeredAgain = readFileSync(serverLog, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"lead sent again, answered with the stored one"')).length

    const lines: Array<[string, string]> = [
      ['acknowledged', `${acknowledged.size} of ${options.leads} (${counts.givenUp} given up after 5 resends, ${counts.answeredError} refused with a 4xx)`],
      [
        'resent',
        `${counts.inFlight} answers lost in flight at a kill, ${counts.serverErrors} 5xx replies: sent again with the same form (${answeredAgain} had been stored before the crash: answered, not stored again)`,
      ],
      ['stored', `${rows.length} (${storedNotAcknowledged} never acknowledged)`],
      ['delivered', `${delivered} of the acknowledged, under one webhook id each`],
      ['lost', `${lost.length} acknowledged leads missing, ${duplicated.length} stored twice`],
      ['webhook requests', `${received.length} (500 on purpose and hangs included; ${resentIds} ids re-sent after a crash, deduplicated by webhook-id)`],
      [
        'crashes',
        `${kills} SIGKILLs, ${starts} server starts${restartPostgres ? `, ${postgresRestarts} PostgreSQL restart` : ''}, ${counts.refusedRetries} posts refused while down (re-sent)`,
      ],
      ['latency p50 / p95', `${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 95).toFixed(1)} ms`],
      ['slowest reply', `${slowest.toFixed(0)} ms (inline timeout ${INLINE_TIMEOUT_MS} ms; hanging receiver ${HANG_MS} ms)`],
      ['throughput', `${(acknowledged.size / sendSeconds).toFixed(1)} leads/s (${sendSeconds.toFixed(1)} s)`],
      [
        'retries drained in',
        `${drainSeconds.toFixed(1)} s${drained ? '' : ' (timed out)'}${leasesWaited ? ` (${leasesWaited} left leased by a killed server: sent again when the lease ended)` : ''}`,
      ],
    ]
    for (const [label, value] of lines) console.log(`  ${label.padEnd(18)} ${value}`)

    const problems: string[] = []
    if (acknowledged.size === 0) problems.push('no lead was acknowledged')
    const storedTwice = [...rowsByEmail.values()].filter((stored) => stored.length > 1).length
    if (storedTwice > 0) problems.push(`${storedTwice} leads were stored twice`)
    if (kills === 0) problems.push('the server was never killed (run more leads)')
    if (lost.length > 0) problems.push(`${lost.length} acknowledged leads are missing (${lost.slice(0, 3).join(', ')})`)
    if (duplicated.length > 0) problems.push(`${duplicated.length} acknowledged leads were stored twice`)
    if (delivered !== acknowledged.size) problems.push(`${acknowledged.size - delivered} acknowledged leads were not delivered`)
    if (slowest > INLINE_TIMEOUT_MS + replySlackMs) problems.push(`a visitor waited ${slowest.toFixed(0)} ms (limit ${INLINE_TIMEOUT_MS + replySlackMs} ms)`)
    if (problems.length > 0) {
      console.error(`FAILED: ${problems.join('; ')} (server log: ${serverLog})`)
      return false
    }
    console.log('OK: every acknowledged lead was stored once and delivered.')
    rmSync(tempDir, { recursive: true, force: true })
    return true
  } finally {
    clientsDone = true
    await stopServer('SIGKILL')
    if (!log.closed) log.end()
    await receiver.close()
  }
}
