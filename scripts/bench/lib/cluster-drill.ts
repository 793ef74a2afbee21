/**
 * The cluster drill behind `npm run drill:cluster` (docs/bench-cluster.md,
 * ADR 042): three instances of the built server on one PostgreSQL behind
 * nginx (the README's docs/cdn/nginx-site.conf), a lead webhook receiver that
 * fails 30% of the time, a purge endpoint, and clients sending contact leads
 * through nginx as browsers without JavaScript do (the page's own timer, then
 * the post). Meanwhile a random instance is SIGKILLed or SIGTERMed every
 * 5-10 s and started again, PostgreSQL is restarted once (down a few
 * seconds), and a publish is sent. Then, lead by lead: acknowledged, stored,
 * stored twice, delivered, lost; redeliveries (one lead sent again under its
 * webhook-id after a lost answer) and deliveries of one lead under two ids;
 * answers by status; the longest any instance served the old content after
 * the publish; the purges made.
 *
 * Every lead also goes to the sales e-mail (a real SMTP server here,
 * tests/support/smtp-stand-in.ts) and to two CRMs (the RD Station and HubSpot
 * stand-ins). With `tarpit` (issue 41, ADR 053) the SMTP server holds a share
 * of the messages in a tarpit (a `250-` line every second, the message taken
 * only after 12 s, past the lease the old outbox took) and HubSpot never
 * answers a share of its requests; the drill then measures how long the other
 * targets (the lead webhook, RD Station) took to deliver each lead (p95), and
 * counts e-mails the SMTP server took twice (one Message-ID per row).
 *
 * An e-mail taken twice is explained, copy by copy (`classifyResends`):
 * - sent twice while the first attempt was alive: the second copy's SMTP
 *   connection opened before the first's closed, or an instance logged that
 *   another attempt had taken its row. Never acceptable (target: 0).
 * - sent again after a crash: an attempt of the row left no recorded
 *   outcome, and its instance logged so (the database out of reach past the
 *   lease and the retries, or the instance stopping first) or was SIGKILLed
 *   between the server taking the copy and the next one. At least once: the server took the message and the process
 *   died (or could not write) before recording so; the copies share their
 *   Message-ID, so the distinct e-mails are one per row.
 * - sent again after a cut answer: the first copy's attempt was recorded as
 *   a timeout or an interruption (the server took the message as the
 *   deadline cut the connection, before its 250 arrived).
 * - unexplained: none of these (target: 0).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, isNotNull } from 'drizzle-orm'
import { readSeedDataset, type SeedDocument } from '../../../app/content/seed-dataset.server'
import { openDatabase } from '../../../db/client'
import { deliveryAttempts, leads, outbox } from '../../../db/schema'
import { startContentLake } from '../../../tests/support/content-lake'
import { startHubSpotStandIn, startRdStationStandIn } from '../../../tests/support/crm-stand-ins'
import { sanityPublishRequest } from '../../../tests/support/sanity-webhook'
import { startSmtpStandIn, type ReceivedMail } from '../../../tests/support/smtp-stand-in'
import { startWebhookReceiver, verifyWebhook, type ReceivedWebhook } from '../../../tests/support/webhook-receiver'
import { builtServer, freePort, percentile, waitFor, waitWhileProgressing } from '../../lib/bench-support'
import { startNginx } from '../../lib/nginx'
import { postForm } from './chaos-drill'
import { classifyResends, type DrillEvents, type RecordedAttempt, type ResendKind } from './email-resends'
import type { ThrowawayPostgres } from './throwaway-postgres'

export type ClusterDrillOptions = {
  buildDir: string
  instances: number
  clients: number
  durationMs: number
  /** The clients stop once they have sent this many leads (a smoke's bound on its work: a faster server would send more, and the drain would take longer); undefined: no limit. */
  maxLeads?: number
  /** Share of lead webhook requests answered 500. */
  failureRate: number
  /** Seconds between two crashes: a random value in this range. */
  crashEveryMs: [number, number]
  /** How long PostgreSQL stays down in its one restart. */
  postgresDownMs: number
  /** The drain at the end: it fails when no pending delivery has gone out for `drainStallMs`, or after `drainTimeoutMs` in all. */
  drainStallMs: number
  drainTimeoutMs: number
  postgres: ThrowawayPostgres
  /** Share of e-mails the SMTP server holds in a tarpit, and of HubSpot requests it never answers (0: both answer at once). */
  tarpitRate: number
}

export type ClusterDrillReport = {
  ok: boolean
  problems: string[]
  figures: Array<[string, string]>
  /** Each e-mail the SMTP server took more than once: why, its copies' times and the row's recorded attempts. */
  resends: string[]
}

const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`
const PURGE_SECRET = `whsec_${randomBytes(32).toString('base64')}`
const SANITY_WEBHOOK_SECRET = `drill-${randomBytes(12).toString('hex')}`
const NEW_TITLE = `Publicado durante o exercício ${randomBytes(3).toString('hex')}`
const RD_KEY = `rd-${randomBytes(8).toString('hex')}`
const HUBSPOT_PORTAL = '24681357'
const HUBSPOT_GUID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'
/** The tarpit: a line every second, the message taken after 12 s (past the old lease: the worker's 3 s timeout + 5 s). */
const TARPIT = { kind: 'tarpit', lineEveryMs: 1_000, forMs: 12_000 } as const
const iso = (at: number | null) => (at === null ? 'never' : new Date(at).toISOString().slice(11, 23))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low)

type Instance = { port: number; base: string; process?: ChildProcess; stopping?: boolean }

export async function runClusterDrill(options: ClusterDrillOptions): Promise<ClusterDrillReport> {
  const runTag = `drill-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'drill-cluster-'))
  const log = createWriteStream(path.join(tempDir, 'instances.log'))
  const lake = await startContentLake({ dataset: readSeedDataset() })
  const oldTitle = (lake.documents.find((document) => document._id === 'aboutPage') as unknown as { hero: { title: string } }).hero.title

  const receiver = await startWebhookReceiver()
  const answeredWith = new Map<ReceivedWebhook, number>()
  receiver.answer((request) => {
    const status = Math.random() < options.failureRate ? 500 : 204
    answeredWith.set(request, status)
    return { status }
  })
  const purges = await startWebhookReceiver({ path: '/limpar-cache' })
  // Each purge verified as it arrives: its signature's timestamp is checked against the clock, and a long drain
  // (past standardwebhooks' five minutes) must not make a good signature look old. A bad one answers 401.
  const purgedTags: string[][] = []
  purges.answer((request) => {
    try {
      purgedTags.push((verifyWebhook(PURGE_SECRET, request) as { tags: string[] }).tags)
      return { status: 204 }
    } catch {
      return { status: 401 }
    }
  })
  const smtp = await startSmtpStandIn()
  smtp.answer(() => (Math.random() < options.tarpitRate ? TARPIT : { kind: 'accept' }))
  const rd = await startRdStationStandIn({ apiKey: RD_KEY })
  const hubspot = await startHubSpotStandIn({
    portalId: HUBSPOT_PORTAL,
    formFields: { [HUBSPOT_GUID]: ['email', 'firstname', 'lastname', 'phone', 'company', 'message'] },
  })
  // A vendor that hangs: a share of its requests never answered (the answers are drawn ahead, in order).
  hubspot.queue(...Array.from({ length: 20_000 }, () => (Math.random() < options.tarpitRate ? ('hang' as const) : { status: 200 })))

  const instances: Instance[] = []
  for (let index = 0; index < options.instances; index++) {
    const port = await freePort()
    instances.push({ port, base: `http://127.0.0.1:${port}` })
  }
  const nginxPort = await freePort()
  const env = (instance: Instance): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(instance.port),
    SITE_URL: `http://127.0.0.1:${nginxPort}`,
    TRUST_PROXY: 'loopback',
    DATABASE_URL: options.postgres.url,
    SESSION_SECRET: `segredo-do-exercicio-${runTag}`,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET,
    DELIVERY_RETRY_SCHEDULE: '100ms,200ms,300ms,500ms,500ms,1s,1s,1s,1s,1s,1s,1s,1s,1s',
    DELIVERY_TIMEOUT_MS: '3000',
    WEBHOOK_INLINE_TIMEOUT_MS: '2000',
    OUTBOX_POLL_INTERVAL_MS: '200',
    LEAD_RATE_LIMIT_PER_MINUTE: '1000000',
    POST_RATE_LIMIT_PER_MINUTE: '1000000',
    LEAD_MIN_FILL_MS: '0',
    LOG_REQUESTS: 'false',
    SANITY_PROJECT_ID: 'drillcluster',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: lake.url,
    SANITY_USE_CDN: 'false',
    SANITY_WEBHOOK_SECRET,
    CONTENT_CACHE_TTL_SECONDS: '3600',
    CACHE_PURGE_URL: purges.url,
    CACHE_PURGE_SECRET: PURGE_SECRET,
    SMTP_URL: smtp.url,
    SALES_ALERT_TO: 'vendas@alavanca.example.com.br',
    SALES_ALERT_FROM: 'site@alavanca.example.com.br',
    RDSTATION_API_KEY: RD_KEY,
    RDSTATION_API_URL: rd.url,
    RDSTATION_RATE_LIMIT_PER_MINUTE: '10000',
    HUBSPOT_PORTAL_ID: HUBSPOT_PORTAL,
    HUBSPOT_FORM_GUID: HUBSPOT_GUID,
    HUBSPOT_API_URL: hubspot.url,
    HUBSPOT_RATE_LIMIT_PER_10S: '1000',
  })
  const startInstance = async (instance: Instance) => {
    const child = spawn(process.execPath, [builtServer(options.buildDir)], { env: env(instance), stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.pipe(log, { end: false })
    child.stderr?.pipe(log, { end: false })
    instance.process = child
    instance.stopping = false
    // An instance must leave only when the drill stops it: any other exit is a crash of ours.
    child.once('exit', (code, signal) => {
      if (!instance.stopping) unexpectedExits.push(`${instance.base} (${signal ?? `code ${code}`})`)
    })
    if (!(await waitFor(async () => (await fetch(`${instance.base}/healthz`).catch(() => null))?.ok === true, 60_000))) {
      throw new Error(`instance ${instance.base} did not start (log: ${path.join(tempDir, 'instances.log')})`)
    }
  }
  const stopInstance = async (instance: Instance, signal: NodeJS.Signals) => {
    const child = instance.process
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    instance.stopping = true
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill(signal)
    await exited
  }

  const unexpectedExits: string[] = []
  let keepLog = true
  const counts = { kills: 0, terms: 0, postgresRestarts: 0, resent: 0, givenUp: 0 }
  const events: DrillEvents = { kills: [] }
  const byStatus = new Map<string, number>()
  const acknowledged = new Set<string>()
  let running = true
  let publishedAt: number | null = null
  let staleMs = 0
  let publishAnswer = 0
  const stops: Array<() => Promise<void>> = []
  try {
    await Promise.all(instances.map(startInstance))
    // On the port the instances' SITE_URL names.
    const nginx = await startNginx(
      instances.map((instance) => instance.base),
      { port: nginxPort },
    )
    stops.push(nginx.stop)

    const timerOf = async () => {
      for (;;) {
        const html = await fetch(`${nginx.base}/contato`)
          .then((response) => response.text())
          .catch(() => '')
        const timer = /name="_lead_timer" value="([^"]+)"/.exec(html)?.[1]
        if (timer) return timer.replaceAll('&amp;', '&')
        await sleep(200)
      }
    }
    let next = 0
    const clients = Array.from({ length: options.clients }, async (_unused, client) => {
      const timer = await timerOf()
      while (running && (options.maxLeads === undefined || next < options.maxLeads)) {
        const email = `${runTag}-${next++}@exemplo.com.br`
        const body = new URLSearchParams({
          name: `Cliente ${client}`,
          email,
          phone: '(11) 98765-4321',
          company: runTag,
          message: 'Quero automatizar o marketing da minha empresa com IA.',
          _lead_timer: timer,
          website: '',
        }).toString()
        for (let attempt = 0; ; attempt++) {
          const result = await postForm(`${nginx.base}/contato`, body, { 'X-Forwarded-For': `10.3.0.${(client % 250) + 1}` })
          const label = result.kind === 'refused' || result.kind === 'in-flight' ? result.kind : String(result.status)
          byStatus.set(label, (byStatus.get(label) ?? 0) + 1)
          if (result.kind === 'acknowledged') {
            acknowledged.add(email)
            break
          }
          if (result.kind === 'answered' && result.status < 500) break
          // No answer, a 502 from nginx or a 503 asking to try again: the person sends the same form again.
          if (attempt >= 8) {
            counts.givenUp++
            break
          }
          counts.resent++
          await sleep(result.status === 503 ? 1_000 : 250)
        }
      }
    })

    const publish = async () => {
      const about = structuredClone(lake.documents.find((document) => document._id === 'aboutPage')!) as SeedDocument & { hero: { title: string } }
      about.hero.title = NEW_TITLE
      lake.add(about)
      for (;;) {
        const request = await sanityPublishRequest(
          `${nginx.base}/api/content/revalidate`,
          { _id: 'aboutPage', _type: 'aboutPage' },
          { secret: SANITY_WEBHOOK_SECRET, idempotencyKey: `${runTag}-publicacao` },
        )
        const response = await fetch(request).catch(() => null)
        publishAnswer = response?.status ?? 0
        if (response?.ok) break
        await sleep(500)
      }
      publishedAt = Date.now()
      // Each instance, asked directly: the last time it served the old title after the publish.
      const watchUntil = publishedAt + 10_000
      await Promise.all(
        instances.map(async (instance) => {
          while (Date.now() < watchUntil) {
            const html = await fetch(`${instance.base}/sobre`)
              .then((response) => (response.ok ? response.text() : ''))
              .catch(() => '')
            if (html.includes(oldTitle) && !html.includes(NEW_TITLE)) staleMs = Math.max(staleMs, Date.now() - publishedAt!)
            await sleep(100)
          }
        }),
      )
    }

    const started = Date.now()
    const chaos = (async () => {
      let publishing: Promise<void> | undefined
      while (Date.now() - started < options.durationMs) {
        await sleep(between(options.crashEveryMs))
        if (Date.now() - started >= options.durationMs) break
        const instance = instances[Math.floor(Math.random() * instances.length)]!
        const signal: NodeJS.Signals = Math.random() < 0.5 ? 'SIGKILL' : 'SIGTERM'
        if (signal === 'SIGKILL') events.kills.push(Date.now())
        await stopInstance(instance, signal)
        if (signal === 'SIGKILL') counts.kills++
        else counts.terms++
        await startInstance(instance)
        const elapsed = (Date.now() - started) / options.durationMs
        if (counts.postgresRestarts === 0 && elapsed > 0.25) {
          await options.postgres.restart(options.postgresDownMs)
          counts.postgresRestarts++
        } else if (!publishing && elapsed > 0.45) publishing = publish()
      }
      await (publishing ?? publish())
    })()
    await chaos
    running = false
    await Promise.all(clients)
    const sendSeconds = (Date.now() - started) / 1000

    // Every instance up: the outbox delivers what the crashes left pending.
    const drainStarted = Date.now()
    const delivered2xx = () => receiver.received.filter((request) => (answeredWith.get(request) ?? 0) < 300 && request.body.includes(runTag))
    const drain = { stallMs: options.drainStallMs, capMs: options.drainTimeoutMs }
    await waitWhileProgressing(async () => {
      const emails = new Set(delivered2xx().map((request) => (JSON.parse(request.body) as { email: string }).email))
      return [...acknowledged].filter((email) => !emails.has(email)).length + (purges.received.length > 0 ? 0 : 1)
    }, drain)
    const handle = openDatabase({ url: options.postgres.url, maxConnections: 2 })
    let rows: Array<{ email: string; messageId: string | null; status: string | null }>
    let targetRows: Array<{ id: string; messageId: string; target: string; status: string; attempts: number; createdAt: Date; deliveredAt: Date | null }>
    let emailAttempts: Array<RecordedAttempt & { deliveryId: string }>
    try {
      const runRows = () =>
        handle.db
          .select({
            id: outbox.id,
            messageId: outbox.messageId,
            target: outbox.target,
            status: outbox.status,
            attempts: outbox.attempts,
            createdAt: outbox.createdAt,
            deliveredAt: outbox.deliveredAt,
          })
          .from(outbox)
          .innerJoin(leads, and(eq(outbox.leadId, leads.id), eq(leads.company, runTag)))
      // The other targets too: the e-mail, the CRMs (the tarpit and the hanging vendor retried on the schedule).
      await waitWhileProgressing(async () => (await runRows()).filter((row) => row.status === 'pending').length, {
        ...drain,
        capMs: Math.max(1_000, drain.capMs - (Date.now() - drainStarted)),
      })
      rows = await handle.db
        .select({ email: leads.email, messageId: outbox.messageId, status: outbox.status })
        .from(leads)
        .leftJoin(outbox, and(eq(outbox.leadId, leads.id), eq(outbox.target, 'lead_webhook'), isNotNull(outbox.leadId)))
        .where(eq(leads.company, runTag))
      targetRows = await runRows()
      emailAttempts = await handle.db
        .select({
          deliveryId: deliveryAttempts.deliveryId,
          attempt: deliveryAttempts.attempt,
          outcome: deliveryAttempts.outcome,
          error: deliveryAttempts.error,
          createdAt: deliveryAttempts.createdAt,
        })
        .from(deliveryAttempts)
        .innerJoin(outbox, and(eq(outbox.id, deliveryAttempts.deliveryId), eq(outbox.target, 'sales_email')))
        .innerJoin(leads, and(eq(outbox.leadId, leads.id), eq(leads.company, runTag)))
    } finally {
      await handle.close()
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000
    const deliverySeconds = (target: string) => {
      const times = targetRows
        .filter((row) => row.target === target && row.deliveredAt)
        .map((row) => row.deliveredAt!.getTime() - row.createdAt.getTime())
        .sort((a, b) => a - b)
      const undelivered = targetRows.filter((row) => row.target === target && row.status !== 'delivered').length
      return `p50 ${(percentile(times, 50) / 1000).toFixed(2)} s, p95 ${(percentile(times, 95) / 1000).toFixed(2)} s (${times.length} delivered, ${undelivered} not)`
    }
    const notDelivered = targetRows.filter((row) => row.status !== 'delivered')
    // Each e-mail carries a Message-ID made from its row: the server taking one twice is the e-mail sent twice.
    const runMails = smtp.received.filter(({ mail }) => (mail.text ?? '').includes(runTag))
    const mailsById = new Map<string, ReceivedMail[]>()
    for (const received of runMails) mailsById.set(received.mail.messageId ?? '', [...(mailsById.get(received.mail.messageId ?? '') ?? []), received])
    const mailsTwice = [...mailsById.values()].filter((copies) => copies.length > 1).length
    // Each copy after a row's first, explained: the row by its Message-ID (<webhook id@host>), its recorded attempts, the
    // instances' own word that another attempt took one of their rows, and the crashes.
    const emailRows = targetRows.filter((row) => row.target === 'sales_email')
    const rowOfMessage = (messageId: string) => emailRows.find((row) => messageId.startsWith(`<${row.messageId}@`))
    const instancesLog = readFileSync(path.join(tempDir, 'instances.log'), 'utf8')
    const loggedRows = (words: string) =>
      instancesLog
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes(words))
        .map((line) => (JSON.parse(line) as { deliveryId?: string }).deliveryId)
    // A late write of an attempt its worker had abandoned before the lease's end (`"abandoned":true`) is not one.
    const leaseTakenRows = new Set(
      instancesLog
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('another attempt holds the row') && !line.includes('"abandoned":true'))
        .map((line) => (JSON.parse(line) as { deliveryId?: string }).deliveryId),
    )
    const unrecordedRows = loggedRows('the row is retried at its lease')
    const resends = new Map<ResendKind, number>()
    const resendDetails: string[] = []
    for (const [messageId, copies] of mailsById) {
      if (copies.length < 2) continue
      const row = rowOfMessage(messageId)
      const kinds = classifyResends(
        copies,
        {
          recorded: emailAttempts.filter((attempt) => attempt.deliveryId === row?.id),
          claimed: row?.attempts ?? 0,
          unrecordedLogged: unrecordedRows.filter((id) => id === row?.id).length,
          leaseTaken: row ? leaseTakenRows.has(row.id) : false,
        },
        events,
      )
      for (const kind of kinds) resends.set(kind, (resends.get(kind) ?? 0) + 1)
      const times = copies.map(({ connection, takenAt }) => `connected ${iso(connection.openedAt)}, taken ${iso(takenAt)}, closed ${iso(connection.closedAt)}`)
      const history = emailAttempts
        .filter((attempt) => attempt.deliveryId === row?.id)
        .sort((a, b) => a.attempt - b.attempt)
        .map(
          (attempt) =>
            `#${attempt.attempt} ${attempt.outcome} at ${iso(attempt.createdAt.getTime())}${attempt.error ? ` (${attempt.error.slice(0, 60)})` : ''}`,
        )
      resendDetails.push(`${messageId} ${kinds.join(', ')}: copies [${times.join('; ')}]; recorded [${history.join('; ') || 'none'}]`)
    }
    const resent = (kind: ResendKind) => resends.get(kind) ?? 0
    const storedByEmail = new Map<string, number>()
    for (const row of rows) storedByEmail.set(row.email, (storedByEmail.get(row.email) ?? 0) + 1)
    const idsByEmail = new Map<string, Set<string>>()
    const twoHundredsById = new Map<string, number>()
    for (const request of delivered2xx()) {
      const email = (JSON.parse(request.body) as { email: string }).email
      const id = String(request.headers['webhook-id'] ?? '')
      idsByEmail.set(email, (idsByEmail.get(email) ?? new Set()).add(id))
      twoHundredsById.set(id, (twoHundredsById.get(id) ?? 0) + 1)
    }
    const lost = [...acknowledged].filter((email) => !storedByEmail.has(email))
    const storedTwice = [...storedByEmail.values()].filter((count) => count > 1).length
    const delivered = [...acknowledged].filter((email) => idsByEmail.has(email)).length
    const underTwoIds = [...idsByEmail.values()].filter((ids) => ids.size > 1).length
    const redeliveries = [...twoHundredsById.values()].filter((count) => count > 1).length
    const purgedAbout = purgedTags.some((tags) => tags.includes('aboutPage'))
    const statuses = [...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, count]) => `${label}: ${count}`)

    const figures: Array<[string, string]> = [
      [
        'instances',
        `${options.instances} behind nginx, ${options.clients} clients ${sendingFor(options)} (${sendSeconds.toFixed(0)} s until the last crash and the publish were over)`,
      ],
      [
        'crashes',
        `${counts.kills} SIGKILL, ${counts.terms} SIGTERM (each instance started again), ${counts.postgresRestarts} PostgreSQL restart (${options.postgresDownMs / 1000} s down); ${unexpectedExits.length} instances left by themselves`,
      ],
      ['acknowledged', `${acknowledged.size} leads (${counts.resent} posts sent again after no answer, a 502 or a 503; ${counts.givenUp} given up)`],
      [
        'stored',
        `${storedByEmail.size} (${storedTwice} stored twice; ${[...storedByEmail.keys()].filter((email) => !acknowledged.has(email)).length} never acknowledged)`,
      ],
      ['delivered', `${delivered} of the acknowledged (receiver failing ${Math.round(options.failureRate * 100)}%)`],
      ['lost', `${lost.length} acknowledged leads missing`],
      ['redeliveries', `${redeliveries} leads delivered again under the same webhook-id; ${underTwoIds} under two ids`],
      ['answers through nginx', statuses.join(', ')],
      ['publish', `answered ${publishAnswer}; longest an instance served the old content after it: ${staleMs} ms`],
      ['purges', `${purges.received.length} purge calls: ${purgedTags.map((tags) => tags.join(' ')).join('; ') || 'none'}`],
      ['drained in', `${drainSeconds.toFixed(1)} s`],
      [
        'slow targets',
        options.tarpitRate > 0
          ? `${Math.round(options.tarpitRate * 100)}% of e-mails in an SMTP tarpit (a line a second, taken after 12 s), ${Math.round(options.tarpitRate * 100)}% of HubSpot requests never answered`
          : 'none: the SMTP server and HubSpot answer at once',
      ],
      ['lead webhook delivery', deliverySeconds('lead_webhook')],
      ['RD Station delivery', deliverySeconds('rdstation')],
      ['HubSpot delivery', deliverySeconds('hubspot')],
      ['sales e-mail delivery', deliverySeconds('sales_email')],
      [
        'e-mails',
        `${runMails.length} taken by the SMTP server: ${mailsById.size} distinct (one Message-ID per row) for ${emailRows.length} rows; ${smtp.abandoned()} attempts cut by their deadline or a crash before the server took them`,
      ],
      [
        'e-mails sent again',
        `${mailsTwice} rows taken more than once: ${resent('while alive')} sent twice while the first attempt was alive; sent again after a crash (the server took it, its outcome was never written): ${resent('after a SIGKILL')} after a SIGKILL, ${resent('after a database error')} logged as not recorded by their instance (the database out of reach past the lease, or the instance stopped first); ${resent('after a cut answer')} after an answer cut by the deadline; ${resent('unexplained')} unexplained`,
      ],
    ]
    const problems: string[] = []
    if (acknowledged.size === 0) problems.push('no lead was acknowledged')
    if (lost.length > 0) problems.push(`${lost.length} acknowledged leads lost (${lost.slice(0, 3).join(', ')})`)
    if (storedTwice > 0) problems.push(`${storedTwice} leads stored twice`)
    if (delivered !== acknowledged.size) problems.push(`${acknowledged.size - delivered} acknowledged leads not delivered`)
    if (underTwoIds > 0) problems.push(`${underTwoIds} leads delivered under two webhook ids`)
    if (publishedAt === null) problems.push('the publish was never answered')
    if (staleMs > 5_000) problems.push(`an instance served the old content ${staleMs} ms after the publish`)
    if (!purgedAbout) problems.push('the changed document’s tag (aboutPage) was never purged')
    if (counts.kills + counts.terms === 0) problems.push('no instance was stopped: run longer')
    if (unexpectedExits.length > 0) problems.push(`instances left by themselves: ${unexpectedExits.join(', ')}`)
    if (notDelivered.length > 0) problems.push(`${notDelivered.length} deliveries to the other targets not delivered`)
    if (resent('while alive') > 0) problems.push(`${resent('while alive')} e-mails sent twice while the first attempt was alive`)
    if (resent('unexplained') > 0) problems.push(`${resent('unexplained')} e-mails sent again for no reason the drill knows`)
    if (mailsById.size !== emailRows.length) problems.push(`${mailsById.size} distinct e-mails for ${emailRows.length} rows`)
    keepLog = problems.length > 0
    if (keepLog) problems.push(`instances' log kept in ${path.join(tempDir, 'instances.log')}`)
    return { ok: problems.length === 0, problems, figures, resends: resendDetails }
  } finally {
    running = false
    await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGKILL')))
    for (const stop of stops) await stop()
    await Promise.all([receiver.close(), purges.close(), lake.close(), smtp.close(), rd.close(), hubspot.close()])
    await new Promise<void>((resolve) => log.end(() => resolve()))
    if (!keepLog) rmSync(tempDir, { recursive: true, force: true })
  }
}

/** How long the clients send: the drill's duration, and no more than `--max-leads` leads when it is given. */
function sendingFor(options: Pick<ClusterDrillOptions, 'durationMs' | 'maxLeads'>) {
  const duration = `for ${(options.durationMs / 1000).toFixed(0)} s`
  return options.maxLeads === undefined ? duration : `${duration}, stopping at ${options.maxLeads} leads`
}
