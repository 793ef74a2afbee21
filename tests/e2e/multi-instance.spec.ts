import { readSeedDataset, type SeedDocument } from '../../app/content/seed-dataset.server'
import { startContentLake, type ContentLake } from '../support/content-lake'
import { sanityPublishRequest } from '../support/sanity-webhook'
import { startSmtpStandIn } from '../support/smtp-stand-in'
import { startTcpProxy } from '../support/tcp-proxy'
import { startWebhookReceiver, verifyWebhook } from '../support/webhook-receiver'
import { expect, test } from './fixtures'
import { contactTimer, postContactLead, throwawayDatabase, uniqueLead, type ThrowawayDatabase } from './support/cluster'
import { startServer, type StartedServer } from './support/servers'

/**
 * Instances of the production build on one PostgreSQL, as behind a load
 * balancer (ADR 041, ADR 042): one lead rate limit, a publish that reaches
 * every instance, a graceful stop and a database outage that lose no lead.
 * Registered when TEST_DATABASE_URL names a PostgreSQL server (CI); the
 * embedded database is one process by design. What the server says, once:
 * `@desktop @nojs`.
 */
const baseUrl = process.env.TEST_DATABASE_URL?.trim()
const SESSION_SECRET = 'segredo-compartilhado-pelas-instancias'
const WEBHOOK_SECRET = 'segredo-do-webhook-de-publicacao'

if (baseUrl) {
  let database: ThrowawayDatabase
  const servers: StartedServer[] = []
  test.beforeEach(async () => {
    database = await throwawayDatabase(baseUrl)
  })
  test.afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop()
    await database.close()
  })
  /** The test's database behind a TCP proxy the test cuts: the proxy, and the database's URL through it. */
  const databaseBehindProxy = async () => {
    const target = new URL(database.url)
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    target.host = `127.0.0.1:${proxy.port}`
    return { proxy, url: target.toString() }
  }
  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer({ DATABASE_URL: database.url, SESSION_SECRET, LEAD_MIN_FILL_MS: '0', ...env })
    servers.push(server)
    return server
  }

  test('@desktop @nojs two servers on one PostgreSQL enforce one lead rate limit', async () => {
    test.setTimeout(120_000)
    const LIMIT = 3
    const bases = [(await start({ LEAD_RATE_LIMIT_PER_MINUTE: String(LIMIT) })).base, (await start({ LEAD_RATE_LIMIT_PER_MINUTE: String(LIMIT) })).base]
    // Every post counts, refused ones too: empty posts, alternating between the instances.
    const post = async (base: string) => (await fetch(`${base}/contato`, { method: 'POST', body: new URLSearchParams(), redirect: 'manual' })).status
    const statuses = []
    for (let index = 0; index < LIMIT + 1; index++) statuses.push(await post(bases[index % 2]!))
    expect(statuses.slice(0, LIMIT)).not.toContain(429)
    expect(statuses[LIMIT]).toBe(429)
    // Either instance now refuses: the budget is one.
    expect(await post(bases[0]!)).toBe(429)
    expect(await post(bases[1]!)).toBe(429)
  })

  test('@desktop @nojs two people posting one slot at once on two instances: one booking, and the other is told it was just taken', async () => {
    test.setTimeout(120_000)
    const [first, second] = [await start(), await start()]
    const visitors = await Promise.all(
      [first!, second!].map(async (server, index) => {
        const sent = await postContactLead(server.base, uniqueLead(`agenda-${index}`), await contactTimer(server.base))
        // The lead's post/redirect/get, with the booking page's cookie.
        expect(sent.status).toBe(302)
        expect(sent.cookies).toContain('lead_agenda=')
        return { base: server.base, cookies: sent.cookies }
      }),
    )
    // The first free time, as the first visitor's page offers it.
    const page = await (await fetch(`${visitors[0]!.base}/agendar`, { headers: { Cookie: visitors[0]!.cookies } })).text()
    const slot = /name="horario"[^>]*value="([^"]+)"/.exec(page)?.[1] ?? /value="([^"]+)"[^>]*name="horario"/.exec(page)?.[1]
    expect(slot).toBeTruthy()
    const answers = await Promise.all(
      visitors.map(async ({ base, cookies }) => {
        const response = await fetch(`${base}/agendar`, {
          method: 'POST',
          headers: { Cookie: cookies, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ horario: slot! }),
          redirect: 'manual',
        })
        return { status: response.status, html: await response.text() }
      }),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409])
    expect(answers.find((answer) => answer.status === 409)!.html).toContain('Esse horário acabou de ser reservado')
    const booked = await database.sql`select count(*)::int as count from bookings where status = 'booked'`
    expect(booked[0]!.count).toBe(1)
  })

  test.describe('a publish', () => {
    let lake: ContentLake
    test.beforeEach(async () => {
      lake = await startContentLake({ dataset: readSeedDataset() })
    })
    test.afterEach(async () => {
      await lake.close()
    })

    const aboutTitle = () => {
      const about = lake.documents.find((document) => document._id === 'aboutPage') as unknown as { hero: { title: string } }
      return about.hero.title
    }
    const retitleAbout = (title: string) => {
      const about = structuredClone(lake.documents.find((document) => document._id === 'aboutPage')!) as SeedDocument & { hero: { title: string } }
      about.hero.title = title
      lake.add(about)
    }
    /** Sanity's webhook call, sent again after a 503 (the database out of reach) as Sanity does, under the same key. */
    const publish = async (base: string, key: string) => {
      await expect(async () => {
        const request = await sanityPublishRequest(
          `${base}/api/content/revalidate`,
          { _id: 'aboutPage', _type: 'aboutPage' },
          { secret: WEBHOOK_SECRET, idempotencyKey: key },
        )
        expect((await fetch(request)).status).toBe(200)
      }).toPass({ timeout: 15_000 })
    }
    /** How long until `base` shows `title` on /sobre (polled every 100 ms; a failed test past 5 s). */
    const showsWithin = async (base: string, title: string) => {
      const started = Date.now()
      await expect.poll(async () => (await (await fetch(`${base}/sobre`)).text()).includes(title), { timeout: 5_000, intervals: [100] }).toBe(true)
      return Date.now() - started
    }

    test('@desktop @nojs reaches every instance within 5 s, also after their connections were cut, and purges its tags once', async () => {
      test.setTimeout(120_000)
      const purgeSecret = `whsec_${Buffer.from('segredo-da-limpeza-de-cache-do-teste').toString('base64')}`
      const purges = await startWebhookReceiver({ path: '/limpar-cache' })
      const env = {
        CACHE_PURGE_URL: purges.url,
        CACHE_PURGE_SECRET: purgeSecret,
        OUTBOX_POLL_INTERVAL_MS: '200',
        SANITY_PROJECT_ID: 'e2ecluster',
        SANITY_DATASET: 'production',
        SANITY_API_HOST: lake.url,
        SANITY_USE_CDN: 'false',
        SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Only a publish may refresh what the instances keep: an hour of content cache, and the page cache on.
        CONTENT_CACHE_TTL_SECONDS: '3600',
      }
      const [first, second] = [await start(env), await start(env)]
      const original = aboutTitle()
      for (const { base } of [first!, second!]) {
        const page = await fetch(`${base}/sobre`)
        expect(await page.text()).toContain(original)
        // What a CDN purges by: the page's document types and `site`.
        expect(page.headers.get('Surrogate-Key')?.split(' ')).toEqual(['site', 'aboutPage'])
        expect(page.headers.get('Cache-Tag')).toBe('site,aboutPage')
      }

      retitleAbout('Publicação nova em todas as instâncias')
      // Both keep their cached copy until told.
      expect(await (await fetch(`${second!.base}/sobre`)).text()).toContain(original)
      await publish(first!.base, 'publicacao-1')
      expect(await showsWithin(first!.base, 'Publicação nova em todas as instâncias')).toBeLessThan(5_000)
      expect(await showsWithin(second!.base, 'Publicação nova em todas as instâncias')).toBeLessThan(5_000)

      // Every instance's connections cut (a failover, a pooler restarting): each still notices the next publish
      // by the stored version before it serves from a cache, once its client has reconnected.
      const cut = await database.sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database.name} and pid <> pg_backend_pid()`
      expect(cut.length).toBeGreaterThanOrEqual(2)
      retitleAbout('Publicação depois das conexões cortadas')
      await publish(first!.base, 'publicacao-2')
      expect(await showsWithin(second!.base, 'Publicação depois das conexões cortadas')).toBeLessThan(5_000)
      expect(await showsWithin(first!.base, 'Publicação depois das conexões cortadas')).toBeLessThan(5_000)
      const [versions] = await database.sql`select count(*)::int as publishes from content_publishes`
      expect(versions?.publishes).toBe(2)
      // The CDN heard of each publish once, from whichever instance's worker claimed it, with the page's tag.
      await expect.poll(() => purges.received.length, { timeout: 10_000 }).toBe(2)
      // No purge left to send (every purge row delivered), so none can come after these two.
      const undelivered = async () => (await database.sql`select count(*)::int as rows from outbox where lead_id is null and status <> 'delivered'`)[0]?.rows
      await expect.poll(undelivered, { timeout: 10_000 }).toBe(0)
      expect(purges.received.map((request) => verifyWebhook(purgeSecret, request))).toEqual([{ tags: ['aboutPage'] }, { tags: ['aboutPage'] }])
      await purges.close()
    })
  })

  test('@desktop @nojs SIGTERM while posts are in flight: healthz says 503, every acknowledged lead is stored, the process exits 0', async () => {
    test.setTimeout(120_000)
    // A receiver that takes a second to answer keeps each post in flight (the inline delivery attempt).
    const receiver = await startWebhookReceiver()
    receiver.answer(() => ({ status: 204, delayMs: 1_000 }))
    const server = await start({
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: `whsec_${Buffer.from('segredo-do-receptor-do-teste-sigterm').toString('base64')}`,
      LEAD_RATE_LIMIT_PER_MINUTE: '1000',
    })
    const timer = await contactTimer(server.base)
    const leads = Array.from({ length: 8 }, (_, index) => uniqueLead(`sigterm-${index}`))
    const posts = leads.map((lead) => postContactLead(server.base, lead, timer).catch(() => null))
    // Posts in flight: the receiver holds the first delivery attempt for a second.
    await expect.poll(() => receiver.received.length, { timeout: 10_000, intervals: [20] }).toBeGreaterThan(0)
    const exited = server.signal('SIGTERM')
    // Still listening while it drains, it tells a load balancer to stop sending.
    await expect.poll(async () => (await fetch(`${server.base}/healthz`).catch(() => null))?.status, { timeout: 2_000, intervals: [50] }).toBe(503)
    const answers = await Promise.all(posts)
    expect(await exited).toBe(0)
    const acknowledged = leads.filter((_, index) => answers[index]?.status === 302)
    await receiver.close()
    // Each post in flight got its answer.
    expect(answers.map((answer) => answer?.status)).toEqual(leads.map(() => 302))
    const stored = await database.sql`select email from leads`
    expect(stored.map((row) => row.email).sort()).toEqual(acknowledged.map((lead) => lead.email).sort())
  })

  test('@desktop @nojs SIGTERM while a tarpit SMTP server holds the sales e-mail: the drain waits for the outbox within its bound, says so, closes the database, exits 0', async () => {
    test.setTimeout(120_000)
    // After DATA, a line every half second for ever: Nodemailer's idle timeout never fires.
    const smtp = await startSmtpStandIn()
    smtp.answer(() => ({ kind: 'tarpit', lineEveryMs: 500, forMs: null }))
    const output: string[] = []
    try {
      const server = await startServer(
        {
          DATABASE_URL: database.url,
          SESSION_SECRET,
          LEAD_MIN_FILL_MS: '0',
          SMTP_URL: smtp.url,
          SALES_ALERT_TO: 'vendas@alavanca.example.com.br',
          SALES_ALERT_FROM: 'site@alavanca.example.com.br',
          OUTBOX_POLL_INTERVAL_MS: '100',
          // A deadline past the outbox's drain bound: the bound is what ends the attempt.
          DELIVERY_TIMEOUT_MS: '60000',
        },
        { output },
      )
      servers.push(server)
      const lead = uniqueLead('tarpit-sigterm')
      expect((await postContactLead(server.base, lead, await contactTimer(server.base))).status).toBe(302)
      await expect.poll(() => smtp.tarpitted(), { timeout: 20_000 }).toBe(1)

      expect(await server.signal('SIGTERM')).toBe(0)
      const lines = output
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; targets?: string })
      const messages = lines.map((line) => line.msg)
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'draining: waiting for the outbox', targets: 'sales_email: 1' }))
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'outbox attempts interrupted at the drain bound: retried later', targets: 'sales_email: 1' }))
      expect(messages.filter((msg) => msg?.startsWith('requests still running'))).toEqual([])
      expect(messages.slice(-2)).toEqual(['database closed', 'stopped'])
      // The interrupted attempt was recorded before the database closed: the row waits for another instance.
      const rows = await database.sql`select status, attempts, last_error from outbox where target = 'sales_email'`
      expect(rows).toEqual([{ status: 'pending', attempts: 1, last_error: 'interrupted: the instance was stopping' }])
      expect(smtp.received).toEqual([])
    } finally {
      await smtp.close()
    }
  })

  test('@desktop @nojs an instance started while PostgreSQL restarts waits for it, says so, then serves', async () => {
    test.setTimeout(120_000)
    const { proxy, url } = await databaseBehindProxy()
    try {
      // The migrations' one connection gets through; the database goes away before the instance's first query.
      proxy.refuseAfter(1)
      const output: string[] = []
      const starting = startServer({ DATABASE_URL: url, SESSION_SECRET, LEAD_MIN_FILL_MS: '0' }, { output })
      const retries = () => output.join('').match(/"msg":"database not answering yet"/g)?.length ?? 0
      await expect.poll(retries, { timeout: 30_000, intervals: [200] }).toBeGreaterThanOrEqual(3)
      // Migrated before the refusals: it was the step after them that waited (it used to end the process).
      expect((await database.sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)[0]?.applied).toBeGreaterThan(0)
      proxy.restore()
      const server = await starting
      servers.push(server)
      const lead = uniqueLead('inicio-sem-banco')
      expect((await postContactLead(server.base, lead, await contactTimer(server.base))).status).toBe(302)
      expect((await database.sql`select email from leads`).map((row) => row.email)).toEqual([lead.email])
    } finally {
      await proxy.close()
    }
  })

  test('@desktop @nojs a database outage: the post gets its form back, filled, with a 503; the instance recovers by itself', async () => {
    test.setTimeout(120_000)
    const { proxy, url } = await databaseBehindProxy()
    try {
      const server = await start({ DATABASE_URL: url, LEAD_RATE_LIMIT_PER_MINUTE: '1000' })
      const timer = await contactTimer(server.base)
      proxy.cut()
      const lead = uniqueLead('queda-do-banco')
      const during = await postContactLead(server.base, lead, timer)
      expect(during.status).toBe(503)
      expect(during.retryAfter).toBe('5')
      expect(during.html).toContain('Erro ao enviar mensagem. Por favor, tente novamente.')
      // The form comes back as it was typed.
      expect(during.html).toContain(`value="${lead.email}"`)
      // Pages that need no database keep answering; those that do say to try again.
      expect((await fetch(`${server.base}/sobre`)).status).toBe(200)
      const signIn = await fetch(`${server.base}/admin/entrar`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'gestora@exemplo.com.br', password: 'uma-senha-qualquer-longa' }),
        redirect: 'manual',
      })
      expect(signIn.status).toBe(503)
      expect(signIn.headers.get('Retry-After')).toBe('5')
      expect(signIn.headers.get('Cache-Control')).toBe('private, no-store')
      proxy.restore()
      await expect.poll(async () => (await postContactLead(server.base, lead, timer)).status, { timeout: 20_000, intervals: [500] }).toBe(302)
      const stored = await database.sql`select email from leads`
      expect(stored.map((row) => row.email)).toEqual([lead.email])
    } finally {
      await proxy.close()
    }
  })
}
