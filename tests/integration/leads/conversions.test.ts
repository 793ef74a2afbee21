/**
 * Server-side conversions from the outbox (ADR 031): a lead whose
 * visitor accepted cookies is sent to GA4's Measurement Protocol and Meta's
 * Conversions API, here two local receivers standing in for them, with the
 * browser event's id; none without consent or configuration; retried like
 * the webhook. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { changeLeadStatus } from '~/admin/lead-status.server'
import { CONSENT_VERSION } from '~/leads/consent'
import { CLOSED_LOOP_SOURCE, type ConversionSettings } from '~/leads/conversions.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { LEAD_HIDDEN_FIELDS } from '~/leads/lead-forms'
import { submitLead, type LeadPipeline } from '~/leads/lead-service.server'
import { readOrigin } from '~/leads/origin-tracking.server'
import { deliverOutbox } from '~/leads/outbox.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import { leads, outbox } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { leadPost, TEST_SITE } from '../../support/lead-requests'
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const visitor = { clientIp: '203.0.113.7' }
const fields = {
  name: 'Rafael Lima Souza',
  email: 'Rafael@ClinicaBoaVista.com.br',
  phone: '(21) 99876-5432',
  message: 'Preciso de mais pacientes vindos do Google.',
}
const EVENT_ID = '6f1c2b8e-3d4a-4f5b-9c7d-8e9f0a1b2c3d'
const CONSENTED = 'consentimento=aceito; _ga=GA1.1.1234567890.1764000000; _fbp=fb.1.1764000000000.42'
const PIXEL = '1234567890'

describe.each(testDatabaseTargets())('conversions from the outbox on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let ga4: WebhookReceiver
  let meta: WebhookReceiver
  let webhookReceiver: WebhookReceiver

  const conversions = (): ConversionSettings => ({
    ga4: { url: ga4.url, measurementId: 'G-TESTE12345', apiSecret: 'segredo-da-api-ga4' },
    meta: { url: meta.url.replace(`/${PIXEL}/events`, ''), pixelId: PIXEL, accessToken: 'token-de-acesso-da-meta-para-testes' },
  })
  const pipeline = (now?: () => Date, withConversions = true): LeadPipeline => ({
    db: handle.db,
    timing: { timeoutMs: 2_000, retryScheduleMs: [1_000, 2_000] },
    webhook: { url: webhookReceiver.url, secret: `whsec_${randomBytes(32).toString('base64')}`, inlineTimeoutMs: 0 },
    ...(withConversions ? { conversions: conversions() } : {}),
    ...(now ? { now } : {}),
  })
  const later = (ms: number) => () => new Date(Date.now() + ms)
  const send = (cookie: string | undefined, withConversions = true) =>
    handleLeadAction({
      request: leadPost('/contato', fields, { ...(cookie ? { cookie } : {}), extra: { [LEAD_HIDDEN_FIELDS.eventId]: EVENT_ID } }),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(undefined, withConversions),
    })
  const targets = async () => (await handle.db.select({ target: outbox.target }).from(outbox)).map((row) => row.target).sort()

  beforeAll(async () => {
    handle = await open()
    ga4 = await startWebhookReceiver({ path: '/mp/collect' })
    meta = await startWebhookReceiver({ path: `/v21.0/${PIXEL}/events` })
    webhookReceiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await Promise.all([ga4?.close(), meta?.close(), webhookReceiver?.close()])
    await handle?.close()
  })
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    for (const receiver of [ga4, meta, webhookReceiver]) {
      receiver.received.length = 0
      receiver.answer(() => ({ status: 200 }))
    }
    resetLeadRateLimiter()
  })

  it('with consent, sends generate_lead to GA4 and Lead to Meta with the browser’s event id and the data hashed by each one’s rules', async () => {
    expect((await send(CONSENTED)).status).toBe('success')
    expect(await targets()).toEqual(['ga4', 'lead_webhook', 'meta'])
    const [lead] = await handle.db.select().from(leads)
    expect(lead?.marketingConsent).toBe(true)

    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 3, pending: 0, failed: 0 })

    expect(ga4.received).toHaveLength(1)
    const ga4Request = ga4.received[0]!
    expect(new URL(ga4Request.url, 'http://receiver').searchParams.get('measurement_id')).toBe('G-TESTE12345')
    expect(new URL(ga4Request.url, 'http://receiver').searchParams.get('api_secret')).toBe('segredo-da-api-ga4')
    expect(JSON.parse(ga4Request.body)).toEqual({
      client_id: '1234567890.1764000000',
      timestamp_micros: expect.any(Number),
      user_data: {
        sha256_email_address: [sha256('rafael@clinicaboavista.com.br')],
        sha256_phone_number: [sha256('+5521998765432')],
        address: [{ sha256_first_name: sha256('rafael'), sha256_last_name: sha256('lima souza') }],
      },
      events: [
        {
          name: 'generate_lead',
          params: { event_id: EVENT_ID, form_name: 'contact_form', value: 200, currency: 'BRL', page_location: `${TEST_SITE}/contato` },
        },
      ],
    })

    expect(meta.received).toHaveLength(1)
    const metaRequest = meta.received[0]!
    expect(new URL(metaRequest.url, 'http://receiver').searchParams.get('access_token')).toBe('token-de-acesso-da-meta-para-testes')
    const [event] = (JSON.parse(metaRequest.body) as { data: Array<Record<string, unknown>> }).data
    expect(event).toEqual({
      event_name: 'Lead',
      event_time: expect.any(Number),
      event_id: EVENT_ID,
      action_source: 'website',
      event_source_url: `${TEST_SITE}/contato`,
      user_data: {
        em: [sha256('rafael@clinicaboavista.com.br')],
        // Meta's rule: digits with the country code, no '+'.
        ph: [sha256('5521998765432')],
        fn: [sha256('rafael')],
        ln: [sha256('lima souza')],
        external_id: [sha256(lead!.sessionId!)],
        client_ip_address: '203.0.113.7',
        client_user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0',
        fbp: 'fb.1.1764000000000.42',
      },
      custom_data: { value: 200, currency: 'BRL', content_name: 'contact_form' },
    })
    // No credential is stored with the lead.
    const stored = JSON.stringify(await handle.db.select().from(outbox))
    expect(stored).not.toContain('segredo-da-api-ga4')
    expect(stored).not.toContain('token-de-acesso')
  })

  it('hashes a briefing’s phone in the E.164 of the country chosen, not as a Brazilian number', async () => {
    const origin = (await readOrigin(leadPost('/criar-agente', {}, { cookie: CONSENTED }), new FormData())).origin
    await submitLead(
      {
        form: 'briefing',
        // What briefingContact gives for (201) 555-0123 in the United States: the dial code's digits, then the number's.
        data: { name: 'Mary Smith', email: 'mary@example.com', phone: '12015550123' },
        origin,
        consentVersion: CONSENT_VERSION,
        results: { kind: 'briefing', businessName: 'Smith Realty', platforms: [], countryCode: '+1' },
      },
      pipeline(),
    )
    await deliverOutbox(pipeline())
    expect(JSON.parse(ga4.received[0]!.body).user_data.sha256_phone_number).toEqual([sha256('+12015550123')])
    const [event] = (JSON.parse(meta.received[0]!.body) as { data: Array<{ user_data: Record<string, unknown> }> }).data
    expect(event!.user_data.ph).toEqual([sha256('12015550123')])
  })

  it('without consent, or with no conversion API configured, only the webhook hears of the lead', async () => {
    await send(undefined)
    await send('consentimento=recusado; _ga=GA1.1.1.2')
    expect(await targets()).toEqual(['lead_webhook', 'lead_webhook'])
    expect((await handle.db.select().from(leads)).map((lead) => lead.marketingConsent)).toEqual([false, false])

    await truncateLeadTables(handle.db)
    await send(CONSENTED, false)
    expect(await targets()).toEqual(['lead_webhook'])
    await deliverOutbox(pipeline())
    expect(ga4.received).toHaveLength(0)
    expect(meta.received).toHaveLength(0)
  })

  it('retries a conversion API that fails, with the same body, and never sends the URL’s key to the log', async () => {
    meta.answer((_request, index) => (index === 0 ? { status: 500, body: 'erro temporário' } : { status: 200 }))
    await send(CONSENTED)
    await deliverOutbox(pipeline())
    const metaRow = async () => (await handle.db.select().from(outbox)).find((row) => row.target === 'meta')
    expect(await metaRow()).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500, lastError: 'HTTP 500: erro temporário' })
    await deliverOutbox(pipeline(later(1_500)))
    expect(await metaRow()).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 })
    expect(meta.received).toHaveLength(2)
    expect(meta.received[0]!.body).toBe(meta.received[1]!.body)
    expect(ga4.received).toHaveLength(1)
  })

  describe('the closed loop: sales marks the lead qualified or won', () => {
    const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'vendas@agencia.com.br' }
    const mark = (leadId: string, status: 'contacted' | 'qualified' | 'won', at: Date) =>
      changeLeadStatus(handle.db, admin, { status, reason: null, leadIds: [leadId] }, { now: at, conversions: conversions() })
    /** A GA4 body (`events`) or a Meta one (`data`), as the receivers got it. */
    type SentBody = {
      client_id?: string
      user_data?: unknown
      timestamp_micros?: number
      events: [{ name: string; params: Record<string, unknown> }]
      data: [{ event_name: string; event_id: string; user_data: unknown; custom_data: Record<string, unknown> }]
    }
    const bodies = (receiver: WebhookReceiver) => receiver.received.map((request) => JSON.parse(request.body) as SentBody)

    it('sends each stage once to GA4 and Meta with the first event’s user data and client ids, its own event id and the time of the change', async () => {
      expect((await send(CONSENTED)).status).toBe('success')
      await deliverOutbox(pipeline())
      const [first] = bodies(ga4)
      const [firstMeta] = bodies(meta)
      const [{ id }] = (await handle.db.select({ id: leads.id }).from(leads)) as [{ id: string }]

      // Times of the changes, a little in the past: each row is due at once.
      const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - minutes * 60_000)
      const qualifiedAt = minutesAgo(10)
      expect(await mark(id, 'qualified', qualifiedAt)).toEqual({ ok: true, changed: 1 })
      expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2, failed: 0 })
      const [, qualify] = bodies(ga4)
      expect(qualify).toEqual({
        client_id: first!.client_id,
        user_data: first!.user_data,
        timestamp_micros: qualifiedAt.getTime() * 1000,
        events: [
          {
            name: 'qualify_lead',
            params: { event_id: `${id}:qualificado`, form_name: 'contact_form', value: 200, currency: 'BRL', lead_status: 'qualificado' },
          },
        ],
      })
      const [, qualifyMeta] = bodies(meta)
      expect(qualifyMeta!.data).toEqual([
        {
          event_name: 'QualifiedLead',
          event_time: Math.floor(qualifiedAt.getTime() / 1000),
          event_id: `${id}:qualificado`,
          action_source: 'system_generated',
          user_data: firstMeta!.data[0].user_data,
          custom_data: { ...firstMeta!.data[0].custom_data, event_source: 'crm', lead_event_source: CLOSED_LOOP_SOURCE },
        },
      ])
      expect(qualifyMeta!.data[0].event_id).not.toBe(firstMeta!.data[0].event_id)

      // A slip back to contacted and qualified again sends nothing twice; won sends its own.
      await mark(id, 'contacted', minutesAgo(9))
      await mark(id, 'qualified', minutesAgo(8))
      const wonAt = minutesAgo(7)
      await mark(id, 'won', wonAt)
      await deliverOutbox(pipeline())
      expect(bodies(ga4).map((body) => body.events[0].name)).toEqual(['generate_lead', 'qualify_lead', 'close_convert_lead'])
      expect(bodies(ga4)[2]!.timestamp_micros).toBe(wonAt.getTime() * 1000)
      expect(bodies(meta).map((body) => body.data[0].event_name)).toEqual(['Lead', 'QualifiedLead', 'ConvertedLead'])
    })

    it('straight from new to won sends both stages; a lead without marketing consent sends nothing', async () => {
      expect((await send(CONSENTED)).status).toBe('success')
      expect((await send(undefined)).status).toBe('success')
      await deliverOutbox(pipeline())
      const rows = await handle.db.select({ id: leads.id, consent: leads.marketingConsent }).from(leads)
      const consented = rows.find((row) => row.consent)!.id
      const refused = rows.find((row) => !row.consent)!.id
      ga4.received.length = 0
      meta.received.length = 0

      await mark(consented, 'won', new Date())
      await mark(refused, 'won', new Date())
      await deliverOutbox(pipeline())
      expect(
        bodies(ga4)
          .map((body) => [body.events[0].name, body.events[0].params.event_id])
          .sort(),
      ).toEqual([
        ['close_convert_lead', `${consented}:cliente`],
        ['qualify_lead', `${consented}:qualificado`],
      ])
      expect(bodies(meta)).toHaveLength(2)
      expect(await handle.db.select({ target: outbox.target }).from(outbox).where(eq(outbox.leadId, refused))).toEqual([{ target: 'lead_webhook' }])
    })
  })
})
