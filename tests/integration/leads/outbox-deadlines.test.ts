/**
 * Deliveries that cannot hold each other (issue 41, item 2; ADR 053), with a
 * tarpit SMTP server (tests/support/smtp-stand-in.ts: after DATA it sends a
 * `250-` line every few hundred milliseconds, which resets Nodemailer's idle
 * timeout each time) and the CRM stand-ins:
 * - the e-mail's attempt ends by its deadline, recorded as a timeout and
 *   retried on the schedule;
 * - while the tarpit holds one lead's e-mail, another lead's CRM rows and
 *   e-mail are delivered;
 * - two workers on one database: the tarpit holds the first attempt past
 *   the lease the old code took (timeout + 5 s), and the e-mail still reaches
 *   the server once;
 * - the database refuses an e-mail's outcome (a restart) after the server
 *   took it: the worker records it once the database is back, and the
 *   e-mail is not sent again.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { crmHandlers, type CrmSettings } from '~/leads/crm.server'
import { submitLead, type LeadPipeline } from '~/leads/lead-service.server'
import { captureOrigin } from '~/leads/origin-tracking.server'
import { deliverOutbox, startOutboxWorker, type OutboxWorker } from '~/leads/outbox.server'
import { SALES_ALERT_TARGET, salesAlertHandlers, type SalesAlertSettings } from '~/leads/sales-alert.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { Database, DatabaseHandle } from '../../../db/client'
import { deliveryAttempts, leads, outbox } from '../../../db/schema'
import { startHubSpotStandIn, startRdStationStandIn, type HubSpotSubmission, type RdConversion } from '../../support/crm-stand-ins'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { eventually } from '../../support/eventually'
import { CONTACT_FIELDS, pageView } from '../../support/lead-requests'
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in'
import type { VendorStandIn } from '../../support/vendor-stand-in'

const RD_KEY = 'chave-publica-do-rd-station'
const PORTAL = '24681357'
const GUID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'
const FIELDS = ['email', 'firstname', 'lastname', 'phone', 'company', 'message']
/** A tarpit that never finishes: a line every 200 ms, for ever. */
const ENDLESS = { kind: 'tarpit', lineEveryMs: 200, forMs: null } as const

describe.each(testDatabaseTargets())('deliveries that cannot hold each other on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let smtp: SmtpStandIn
  let rd: VendorStandIn<RdConversion>
  let hubspot: VendorStandIn<HubSpotSubmission>
  const workers: OutboxWorker[] = []

  const pipeline = ({ timeoutMs }: { timeoutMs: number }): LeadPipeline => {
    const salesAlert: SalesAlertSettings = {
      smtpUrl: smtp.url,
      to: ['vendas@alavanca.example.com.br'],
      from: 'Site Alavanca <site@alavanca.example.com.br>',
      siteUrl: 'https://www.alavanca.example.com.br',
    }
    const crms: CrmSettings = {
      rdstation: { url: rd.url, apiKey: RD_KEY, perMinute: 100 },
      hubspot: {
        url: hubspot.url,
        portalId: PORTAL,
        formGuids: { home: GUID, contact: GUID, newsletter: GUID, calculator: GUID, presenceTest: GUID, briefing: GUID, booking: GUID },
        sessionFormGuid: null,
        per10Seconds: 40,
      },
    }
    return {
      db: handle.db,
      timing: { timeoutMs, retryScheduleMs: [500, 500, 500] },
      webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
      handlers: { ...salesAlertHandlers(salesAlert), ...crmHandlers(crms) },
    }
  }
  const sendLead = async (email: string, deps: LeadPipeline) =>
    submitLead(
      { form: 'contact', data: { ...CONTACT_FIELDS, email }, origin: (await captureOrigin(pageView('/contato'))).origin, consentVersion: 'teste' },
      deps,
    )
  const rowOf = async (email: string, target: string) => {
    const [row] = await handle.db
      .select({ status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError })
      .from(outbox)
      .innerJoin(leads, eq(leads.id, outbox.leadId))
      .where(and(eq(leads.email, email), eq(outbox.target, target)))
    return row
  }
  const worker = (deps: LeadPipeline) => {
    const started = startOutboxWorker({ intervalMs: 50, deps: () => deps })
    workers.push(started)
    return started
  }

  beforeAll(async () => {
    handle = await open()
    smtp = await startSmtpStandIn()
    rd = await startRdStationStandIn({ apiKey: RD_KEY })
    hubspot = await startHubSpotStandIn({ portalId: PORTAL, formFields: { [GUID]: FIELDS } })
  })
  afterAll(async () => {
    for (const started of workers.splice(0)) await started.stop({ boundMs: 0 })
    await Promise.all([smtp?.close(), rd?.close(), hubspot?.close()])
    await handle?.close()
  })
  beforeEach(async () => {
    for (const started of workers.splice(0)) await started.stop({ boundMs: 0 })
    await truncateLeadTables(handle.db)
    smtp.received.length = 0
    rd.reset()
    hubspot.reset()
    resetLeadRateLimiter()
  })

  it('ends an e-mail attempt the tarpit holds at its deadline, recorded as a timeout and retried', { timeout: 20_000 }, async () => {
    const first = smtp.attempts() + 1
    smtp.answer((attempt) => (attempt === first ? ENDLESS : { kind: 'accept' }))
    const deps = pipeline({ timeoutMs: 1_000 })
    await sendLead('tarpit@exemplo.com.br', deps)

    // Before deadlines, this pass never ended: every line of the tarpit reset Nodemailer's idle timeout.
    const run = await deliverOutbox(deps)
    expect(run).toMatchObject({ delivered: 2, pending: 1 })
    expect(await rowOf('tarpit@exemplo.com.br', SALES_ALERT_TARGET)).toEqual({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/^timeout: the attempt passed its deadline/),
    })
    // The connection was closed: the server never kept the message.
    await eventually(() => expect(smtp.abandoned()).toBeGreaterThan(0))
    expect(smtp.received).toHaveLength(0)

    // Retried on the schedule: the server answers this time.
    await eventually(async () => {
      await deliverOutbox(deps)
      expect(await rowOf('tarpit@exemplo.com.br', SALES_ALERT_TARGET)).toMatchObject({ status: 'delivered', attempts: 2 })
    })
    expect(smtp.received).toHaveLength(1)
  })

  it('delivers another lead’s CRM rows and e-mail while the tarpit holds one e-mail', { timeout: 30_000 }, async () => {
    const first = smtp.attempts() + 1
    smtp.answer((attempt) => (attempt === first ? ENDLESS : { kind: 'accept' }))
    // A deadline far away: what frees the other rows must be their own lanes, not the deadline.
    const deps = pipeline({ timeoutMs: 20_000 })
    await sendLead('primeira@exemplo.com.br', deps)
    worker(deps)
    await eventually(() => expect(smtp.tarpitted()).toBe(1))

    await sendLead('segunda@exemplo.com.br', deps)
    await eventually(async () => {
      for (const target of ['rdstation', 'hubspot', SALES_ALERT_TARGET]) {
        expect(await rowOf('segunda@exemplo.com.br', target)).toMatchObject({ status: 'delivered', attempts: 1 })
      }
    })
    // …while the first e-mail is still in the tarpit.
    expect(smtp.tarpitted()).toBe(1)
    expect(rd.accepted.map((conversion) => conversion.payload.email)).toEqual(['primeira@exemplo.com.br', 'segunda@exemplo.com.br'])
    expect(smtp.received.map(({ envelope }) => envelope.to)).toEqual([['vendas@alavanca.example.com.br']])
  })

  it('two workers on one database send the e-mail once while the tarpit holds it past the old lease', { timeout: 40_000 }, async () => {
    const first = smtp.attempts() + 1
    // Past the lease the old code took (1 s + 5 s), then the server accepts the message if its client is still there.
    smtp.answer((attempt) => (attempt === first ? { kind: 'tarpit', lineEveryMs: 250, forMs: 8_000 } : { kind: 'accept' }))
    const deps = pipeline({ timeoutMs: 1_000 })
    await sendLead('duas-instancias@exemplo.com.br', deps)
    worker(deps)
    worker(deps)

    // Delivered, and the tarpit has let go of the first attempt (accepted it or saw its client leave).
    await eventually(async () => {
      expect(await rowOf('duas-instancias@exemplo.com.br', SALES_ALERT_TARGET)).toMatchObject({ status: 'delivered' })
      expect(smtp.attempts()).toBeGreaterThanOrEqual(first)
      expect(smtp.tarpitted()).toBe(0)
    }, 20_000)
    const messageIds = smtp.received.map(({ mail }) => mail.messageId)
    expect(messageIds).toHaveLength(1)
    expect(await rowOf('duas-instancias@exemplo.com.br', SALES_ALERT_TARGET)).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  it('records an e-mail’s outcome the database refused at first (a restart), and does not send it again', async () => {
    // The database as a PostgreSQL restart leaves it for a moment: the next transactions fail as a cut connection does.
    let refusals = 0
    const restarting = (db: Database): Database =>
      new Proxy(db, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver)
          if (property !== 'transaction' || typeof value !== 'function') return value
          return (...args: unknown[]) => {
            if (refusals > 0) {
              refusals--
              return Promise.reject(Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' }))
            }
            return (value as (...inner: unknown[]) => unknown).apply(target, args)
          }
        },
      })
    // The server takes the message, and the database goes away before the outcome is written.
    smtp.answer(() => {
      refusals = 2
      return { kind: 'accept' }
    })
    const base = pipeline({ timeoutMs: 1_000 })
    const deps: LeadPipeline = { ...base, handlers: { [SALES_ALERT_TARGET]: base.handlers![SALES_ALERT_TARGET]! } }
    await sendLead('reinicio@exemplo.com.br', deps)

    // Before, the refused outcome failed the pass and the row waited for its lease to end, to be sent again.
    const run = await deliverOutbox({ ...deps, db: restarting(deps.db) })
    expect(run).toMatchObject({ claimed: 1, delivered: 1 })
    expect(refusals).toBe(0)
    expect(await rowOf('reinicio@exemplo.com.br', SALES_ALERT_TARGET)).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(await handle.db.select({ attempt: deliveryAttempts.attempt, outcome: deliveryAttempts.outcome }).from(deliveryAttempts)).toEqual([
      { attempt: 1, outcome: 'delivered' },
    ])
    expect(smtp.received).toHaveLength(1)
  })
})
