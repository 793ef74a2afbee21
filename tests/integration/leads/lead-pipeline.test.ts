/**
 * The lead pipeline end to end below HTTP: form post → handleLeadAction →
 * one transaction (lead, tracking, results, outbox) → signed webhook to a real
 * receiver on 127.0.0.1 → retries by the outbox. Runs on PGlite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set (tests/support/databases.ts).
 */
import { randomBytes } from 'node:crypto'
import { eq, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DeliveryTiming } from '~/delivery/outbox.server'
import { FORM_TIMER_MAX_AGE_MS } from '~/leads/abuse.server'
import { CONSENT_VERSION } from '~/leads/consent'
import { leadErrorMessages } from '~/leads/errors'
import { contactPageSchema, homeContactSchema, newsletterSchema } from '~/leads/form-schemas'
import { handleLeadAction, prepareLeadForm, type LeadActionData } from '~/leads/lead-action.server'
import { LEAD_HIDDEN_FIELDS } from '~/leads/lead-forms'
import { submitLead, type LeadPipeline } from '~/leads/lead-service.server'
import { captureOrigin, DIRECT_ACCESS, readOrigin } from '~/leads/origin-tracking.server'
import { deliverOutbox, LEASE_MARGIN_MS, startOutboxWorker } from '~/leads/outbox.server'
import type { WebhookSettings } from '~/leads/webhook.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import {
  agentBriefings,
  calculatorResults,
  deliveryAttempts,
  leadDailyRollup,
  leads,
  leadTracking,
  suspectedSpam,
  testResults,
  outbox,
} from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { eventually } from '../../support/eventually'
import { CONTACT_FIELDS, cookieFrom, leadPost, pageView, TEST_SITE } from '../../support/lead-requests'
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../support/webhook-receiver'

const secret = `whsec_${randomBytes(32).toString('base64')}`
const visitor = { clientIp: '203.0.113.7' }

const homeFields = { name: 'Mariana Souza', email: 'mariana@padaria.com.br', phone: '11987654321', message: 'Quero vender mais pelo Instagram.' }
const contactFields = CONTACT_FIELDS

function failureOf(outcome: Awaited<ReturnType<typeof handleLeadAction>>): { status: number; data: LeadActionData; headers: HeadersInit | undefined } {
  if (outcome.status === 'success') throw new Error('expected a failure, got success')
  return { status: outcome.response.init?.status ?? 200, data: outcome.response.data, headers: outcome.response.init?.headers }
}

describe.each(testDatabaseTargets())('lead pipeline on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let receiver: WebhookReceiver
  let closed = false

  type Settings = Partial<WebhookSettings & DeliveryTiming>
  const pipeline = ({ timeoutMs = 2_000, retryScheduleMs = [1_000, 2_000, 3_000], ...webhook }: Settings = {}, now?: () => Date): LeadPipeline => ({
    db: handle.db,
    timing: { timeoutMs, retryScheduleMs },
    webhook: { url: receiver.url, secret, inlineTimeoutMs: 1_500, ...webhook },
    ...(now ? { now } : {}),
  })
  const later = (ms: number) => () => new Date(Date.now() + ms)
  /** A post to /contato's action from the test visitor, on this database and receiver. */
  const sendContact = (request: Request, overrides: Settings = {}) =>
    handleLeadAction({ request, context: visitor, form: 'contact', schema: contactPageSchema, pipeline: pipeline(overrides) })
  const subscribe = (email: string) =>
    handleLeadAction({
      request: leadPost('/blog', { email, consent: 'on' }),
      context: visitor,
      form: 'newsletter',
      schema: newsletterSchema,
      pipeline: pipeline(),
    })

  /** Every row a lead can leave behind, table by table: a test that expects one lead sees anything more. */
  const allRows = async () => ({
    leads: await handle.db.select().from(leads),
    tracking: await handle.db.select().from(leadTracking),
    deliveries: await handle.db.select().from(outbox),
    attempts: await handle.db.select().from(deliveryAttempts),
    calculatorResults: await handle.db.select().from(calculatorResults),
    testResults: await handle.db.select().from(testResults),
    agentBriefings: await handle.db.select().from(agentBriefings),
    suspectedSpam: await handle.db.select().from(suspectedSpam),
    // The dashboard's roll-up, which the database's triggers keep (a lead's source, the hour it arrived, UTM source, campaign and landing page that day).
    rollup: await handle.db
      .select({ day: leadDailyRollup.day, dimension: leadDailyRollup.dimension, value: leadDailyRollup.value, leads: leadDailyRollup.leads })
      .from(leadDailyRollup)
      .orderBy(leadDailyRollup.dimension, leadDailyRollup.value),
  })
  /** How many rows each table holds (see allRows). */
  const rowCounts = async () => Object.fromEntries(Object.entries(await allRows()).map(([table, rows]) => [table, rows.length]))
  const nothingStored = {
    leads: 0,
    tracking: 0,
    deliveries: 0,
    attempts: 0,
    calculatorResults: 0,
    testResults: 0,
    agentBriefings: 0,
    suspectedSpam: 0,
    rollup: 0,
  }
  /** One lead delivered on its first try, without tool results: five roll-up rows (its source, hour, UTM source, campaign and landing page). */
  const oneLeadDelivered = { ...nothingStored, leads: 1, tracking: 1, deliveries: 1, attempts: 1, rollup: 5 }

  beforeAll(async () => {
    handle = await open()
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
    if (!closed) await handle?.close()
  })
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    receiver.received.length = 0
    receiver.answer(() => ({ status: 204 }))
    resetLeadRateLimiter()
  })

  it('stores a home form lead with its tracking and outbox rows and delivers the exact signed payload', async () => {
    const outcome = await handleLeadAction({
      request: leadPost('/?index', homeFields, { pageUrl: `${TEST_SITE}/` }),
      context: visitor,
      form: 'home',
      schema: homeContactSchema,
      pipeline: pipeline(),
    })
    expect(outcome.status).toBe('success')
    const rows = await allRows()
    // Exactly one lead, its tracking, one outbox row with its one attempt, and nothing else anywhere.
    expect(rows).toEqual({
      leads: [
        expect.objectContaining({
          name: 'Mariana Souza',
          email: 'mariana@padaria.com.br',
          phone: '(11) 98765-4321',
          message: 'Quero vender mais pelo Instagram.',
          source: 'formulario_home',
          formId: 'contact_section_home',
          company: null,
          service: null,
          consentVersion: CONSENT_VERSION,
          consentIp: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0',
          sessionId: expect.stringMatching(/^session_\d+_[a-z0-9]+$/),
          consentAt: expect.any(Date),
        }),
      ],
      tracking: [expect.objectContaining({ pageUrl: `${TEST_SITE}/`, referrer: DIRECT_ACCESS, conversionValue: 200, conversionCurrency: 'BRL' })],
      deliveries: [
        expect.objectContaining({ status: 'delivered', attempts: 1, lastStatus: 204, lastError: null, messageId: expect.stringMatching(/^msg_[0-9a-f]{32}$/) }),
      ],
      attempts: [expect.objectContaining({ attempt: 1, httpStatus: 204, error: null })],
      calculatorResults: [],
      testResults: [],
      agentBriefings: [],
      suspectedSpam: [],
      // Its Brasília day: the landing page's path (the form's page, first of the session), no UTM ('' is none).
      rollup: [
        { day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), dimension: 'hour', value: expect.stringMatching(/^\d{1,2}$/), leads: 1 },
        { day: expect.any(String), dimension: 'landing_page', value: '/', leads: 1 },
        { day: expect.any(String), dimension: 'source', value: 'formulario_home', leads: 1 },
        { day: expect.any(String), dimension: 'utm_campaign', value: '', leads: 1 },
        { day: expect.any(String), dimension: 'utm_source', value: '', leads: 1 },
      ],
    })
    const [lead] = rows.leads
    const [delivery] = rows.deliveries
    expect(outcome.status === 'success' && outcome.leadId).toBe(lead?.id)
    expect(rows.tracking[0]?.leadId).toBe(lead?.id)
    expect(delivery?.leadId).toBe(lead?.id)
    expect(rows.attempts[0]?.deliveryId).toBe(delivery?.id)

    expect(receiver.received).toHaveLength(1)
    const [request] = receiver.received
    if (!request || !lead || !delivery) throw new Error('missing rows or request')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['webhook-id']).toBe(delivery.messageId)
    const verified = verifyWebhook(secret, request)
    expect(verified).toEqual({
      leadId: lead.id,
      // Posted without JavaScript: no browser event to join.
      eventId: '',
      name: 'Mariana Souza',
      email: 'mariana@padaria.com.br',
      phone: '(11) 98765-4321',
      message: 'Quero vender mais pelo Instagram.',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      source: 'formulario_home',
      pageUrl: `${TEST_SITE}/`,
      referrer: DIRECT_ACCESS,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0',
      sessionId: lead.sessionId,
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      utmContent: '',
      utmTerm: '',
      formId: 'contact_section_home',
    })
    // A tampered body does not verify.
    expect(() => verifyWebhook(secret, { ...request, body: request.body.replace('Mariana', 'Mallory') })).toThrow()
  })

  it('sends /contato leads with company and service (formulario_contato)', async () => {
    const outcome = await sendContact(leadPost('/contato', contactFields))
    expect(outcome.status).toBe('success')
    expect(await rowCounts()).toEqual(oneLeadDelivered)
    expect(receiver.received).toHaveLength(1)
    const {
      leads: [lead],
      tracking: [tracking],
    } = await allRows()
    expect(lead).toMatchObject({
      source: 'formulario_contato',
      formId: 'contact_page_form',
      company: 'Clínica Boa Vista',
      service: 'trafego',
      phone: '(21) 99876-5432',
    })
    expect(tracking).toMatchObject({ pageUrl: `${TEST_SITE}/contato`, conversionValue: 200 })
    const payload = verifyWebhook(secret, receiver.received[0]!) as Record<string, unknown>
    expect(payload).toMatchObject({
      source: 'formulario_contato',
      formId: 'contact_page_form',
      company: 'Clínica Boa Vista',
      service: 'trafego',
      leadId: lead?.id,
    })
  })

  it("sends newsletter leads as 'Inscrição Newsletter' with an empty phone and no contact extras", async () => {
    expect((await subscribe('leitora@exemplo.com.br')).status).toBe('success')
    expect(await rowCounts()).toEqual(oneLeadDelivered)
    expect(receiver.received).toHaveLength(1)
    const {
      leads: [lead],
      tracking: [tracking],
    } = await allRows()
    expect(lead).toMatchObject({ name: 'Inscrição Newsletter', phone: '', email: 'leitora@exemplo.com.br', source: 'newsletter_blog', message: null })
    expect(tracking?.conversionValue).toBe(50)
    const payload = verifyWebhook(secret, receiver.received[0]!) as Record<string, unknown>
    expect(payload).toMatchObject({ name: 'Inscrição Newsletter', phone: '', message: '', source: 'newsletter_blog', email: 'leitora@exemplo.com.br' })
    expect(payload).not.toHaveProperty('company')
    expect(payload).not.toHaveProperty('service')
  })

  it("stores and sends a newsletter address with an '@' and a '.' but no dot after the '@'", async () => {
    expect((await subscribe('Nome.Sobrenome@Empresa')).status).toBe('success')
    const {
      leads: [lead],
    } = await allRows()
    expect(lead?.email).toBe('nome.sobrenome@empresa')
    expect(verifyWebhook(secret, receiver.received[0]!)).toMatchObject({ email: 'nome.sobrenome@empresa', source: 'newsletter_blog' })
  })

  it('stores tool results in their tables and sends them under results', async () => {
    const origin = (await readOrigin(leadPost('/ferramentas/calculadora', {}), new FormData())).origin
    const data = { name: 'Paula Reis', email: 'paula@loja.com.br', phone: '(31) 98888-7777' }
    await submitLead(
      {
        form: 'calculator',
        data,
        origin,
        consentVersion: CONSENT_VERSION,
        results: {
          kind: 'calculator',
          metricType: 'cac',
          value: 250,
          inputs: { totalCosts: 5000, newCustomers: 20 },
          status: 'Excelente',
          tips: ['Mantenha o canal'],
        },
      },
      pipeline(),
    )
    await submitLead(
      {
        form: 'presenceTest',
        data,
        origin,
        consentVersion: CONSENT_VERSION,
        results: {
          kind: 'test',
          overallScore: 62,
          categoryScores: [{ id: 'website_seo', name: 'Website e SEO', score: 12, maxScore: 20, percentage: 60 }],
          recommendations: ['Publique conteúdo toda semana'],
        },
      },
      pipeline(),
    )
    await submitLead(
      {
        form: 'briefing',
        data: { ...data, phone: '5531988887777' },
        origin,
        consentVersion: CONSENT_VERSION,
        results: {
          kind: 'briefing',
          businessName: 'Loja da Paula',
          businessType: 'ecommerce',
          agentPurpose: 'vendas',
          platforms: ['whatsapp', 'instagram'],
          tone: 'amigavel',
          countryCode: '+55',
        },
      },
      pipeline(),
    )
    // Three leads, each with its tracking and one delivery, and one result row per tool.
    expect(await rowCounts()).toEqual({
      leads: 3,
      tracking: 3,
      deliveries: 3,
      attempts: 3,
      calculatorResults: 1,
      testResults: 1,
      agentBriefings: 1,
      suspectedSpam: 0,
      // Three sources, and one hour, landing page, UTM source and campaign (none) for the three.
      rollup: 7,
    })
    const [calculator] = await handle.db.select().from(calculatorResults)
    expect(calculator).toMatchObject({
      metricType: 'cac',
      calculatedValue: 250,
      inputValues: { totalCosts: 5000, newCustomers: 20 },
      status: 'Excelente',
      tips: ['Mantenha o canal'],
    })
    const [test] = await handle.db.select().from(testResults)
    expect(test).toMatchObject({ overallScore: 62, recommendations: ['Publique conteúdo toda semana'], personaTitle: null })
    const [briefing] = await handle.db.select().from(agentBriefings)
    expect(briefing).toMatchObject({
      businessName: 'Loja da Paula',
      platforms: ['whatsapp', 'instagram'],
      contactName: 'Paula Reis',
      phone: '5531988887777',
      countryCode: '+55',
    })

    const payloads = receiver.received.map((request) => verifyWebhook(secret, request) as Record<string, unknown>)
    expect(payloads.map((payload) => payload.source)).toEqual(['calculadora_metricas', 'teste_presenca_digital', 'agent_briefing'])
    expect(payloads[0]?.results).toMatchObject({ metricType: 'cac', value: 250, inputs: { totalCosts: 5000, newCustomers: 20 } })
    expect(payloads[1]?.results).toMatchObject({ overallScore: 62 })
    expect(payloads[2]).toMatchObject({
      company: 'Loja da Paula',
      phone: '5531988887777',
      results: { businessName: 'Loja da Paula', platforms: ['whatsapp', 'instagram'] },
    })
  })

  it('keeps the lead when the receiver is down and delivers it, with the same webhook-id, once it is back', async () => {
    await receiver.down()
    try {
      const outcome = await sendContact(leadPost('/contato', contactFields))
      expect(outcome.status).toBe('success')
      const [pending] = await handle.db.select().from(outbox)
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null })
      expect(pending?.lastError).toMatch(/ECONNREFUSED|fetch failed/)
      expect((await handle.db.select().from(leads)).length).toBe(1)
      // Not due yet: the worker leaves it alone.
      expect(await deliverOutbox(pipeline())).toMatchObject({ claimed: 0 })
    } finally {
      await receiver.up()
    }
    expect(await deliverOutbox(pipeline({}, later(1_500)))).toMatchObject({ claimed: 1, delivered: 1 })
    const [delivered] = await handle.db.select().from(outbox)
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 204, lastError: null })
    expect(delivered?.deliveredAt).toBeInstanceOf(Date)
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0]?.headers['webhook-id']).toBe(delivered?.messageId)
    expect(verifyWebhook(secret, receiver.received[0]!)).toMatchObject({ leadId: delivered?.leadId })
  })

  it('retries a failing receiver with the same webhook-id and the same body until it answers 2xx', async () => {
    receiver.answer((_request, index) => (index < 2 ? { status: 503, body: 'indisponível' } : { status: 200 }))
    await sendContact(leadPost('/contato', contactFields))
    expect((await handle.db.select().from(outbox))[0]).toMatchObject({ status: 'pending', lastStatus: 503, lastError: 'HTTP 503: indisponível' })
    await deliverOutbox(pipeline({}, later(1_500)))
    expect((await handle.db.select().from(outbox))[0]).toMatchObject({ status: 'pending', attempts: 2 })
    await deliverOutbox(pipeline({}, later(4_000)))
    const [row] = await handle.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 })
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']))
    expect(ids).toEqual(new Set([row?.messageId]))
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1)
    for (const request of receiver.received) expect(() => verifyWebhook(secret, request)).not.toThrow()
  })

  it('marks a delivery failed when the schedule runs out', async () => {
    receiver.answer(() => ({ status: 500 }))
    await handleLeadAction({
      request: leadPost('/contato', contactFields),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline({ retryScheduleMs: [1_000] }),
    })
    await deliverOutbox(pipeline({ retryScheduleMs: [1_000] }, later(1_500)))
    const [row] = await handle.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastStatus: 500 })
    expect(await deliverOutbox(pipeline({ retryScheduleMs: [1_000] }, later(3_600_000)))).toMatchObject({ claimed: 0 })
    expect((await handle.db.select().from(leads)).length).toBe(1)
  })

  it('stops at 410 Gone: failed after one attempt, never retried', async () => {
    receiver.answer(() => ({ status: 410, body: 'endpoint removido' }))
    const outcome = await sendContact(leadPost('/contato', contactFields))
    expect(outcome.status).toBe('success')
    const [row] = await handle.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 410, lastError: 'HTTP 410: endpoint removido' })
    expect(await deliverOutbox(pipeline({}, later(86_400_000)))).toMatchObject({ claimed: 0 })
    expect(receiver.received).toHaveLength(1)
  })

  it("honours a 429's Retry-After instead of the schedule", async () => {
    receiver.answer((_request, index) => (index === 0 ? { status: 429, headers: { 'Retry-After': '120' } } : { status: 204 }))
    const before = Date.now()
    await sendContact(leadPost('/contato', contactFields))
    const [row] = await handle.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', lastStatus: 429 })
    const wait = (row?.nextAttemptAt.getTime() ?? 0) - before
    expect(wait).toBeGreaterThanOrEqual(119_000)
    expect(wait).toBeLessThan(130_000)
    // The 429 pauses the receiver for the fleet: the next lead makes no inline attempt, its row waits for the worker.
    await sendContact(leadPost('/contato', { ...contactFields, email: 'depois-do-429@exemplo.com.br' }))
    expect(receiver.received).toHaveLength(1)
    const [waiting] = await handle.db.select().from(outbox).where(ne(outbox.id, row!.id))
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, lastStatus: null })
    // The schedule's first retry (1 s) would be due by now; Retry-After is not.
    expect(await deliverOutbox(pipeline({}, later(60_000)))).toMatchObject({ claimed: 0 })
    expect(await deliverOutbox(pipeline({}, later(125_000)))).toMatchObject({ delivered: 2 })
  })

  it('records deliveries as skipped when no WEBHOOK_URL is configured', async () => {
    const outcome = await handleLeadAction({
      request: leadPost('/contato', contactFields),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline({ url: null }),
    })
    expect(outcome.status).toBe('success')
    const [row] = await handle.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'skipped', attempts: 0 })
    expect(await deliverOutbox(pipeline({}, later(86_400_000)))).toMatchObject({ claimed: 0 })
    expect(receiver.received).toHaveLength(0)
  })

  it('answers invalid input with 400, the spec messages, and stores nothing', async () => {
    const home = failureOf(
      await handleLeadAction({
        request: leadPost('/?index', { name: '', email: '', phone: '', message: '' }),
        context: visitor,
        form: 'home',
        schema: homeContactSchema,
        pipeline: pipeline(),
      }),
    )
    expect(home.status).toBe(400)
    expect(home.data.result.error).toEqual({
      name: ['Por favor, preencha todos os campos obrigatórios.'],
      email: ['Por favor, preencha todos os campos obrigatórios.'],
      phone: ['Por favor, preencha todos os campos obrigatórios.'],
    })

    const contact = failureOf(
      await sendContact(leadPost('/contato', { name: 'R', email: 'rafael@', phone: '2199', message: 'Oi', company: '', service: 'seo' })),
    )
    expect(contact.status).toBe(400)
    expect(contact.data.result.error).toMatchObject({
      name: ['O nome deve ter pelo menos 2 caracteres.'],
      email: ['Por favor, insira um e-mail válido.'],
      phone: ['Por favor, insira um número de telefone válido.'],
      message: ['Por favor, detalhe sua mensagem com pelo menos 10 caracteres.'],
    })
    // What was typed comes back to refill the form.
    expect(contact.data.result.initialValue).toMatchObject({ name: 'R', email: 'rafael@' })

    const newsletter = failureOf(
      await handleLeadAction({
        request: leadPost('/blog', { email: 'leitora@exemplo', consent: 'on' }),
        context: visitor,
        form: 'newsletter',
        schema: newsletterSchema,
        pipeline: pipeline(),
      }),
    )
    expect(newsletter.data.result.error).toEqual({ email: ['Por favor, insira um e-mail válido.'] })

    expect(await rowCounts()).toEqual(nothingStored)
    expect(receiver.received).toHaveLength(0)
  })

  it("gives bots a quiet success and no lead, keeping each post in the spam folder: honeypot, too fast, forged or another form's timer", async () => {
    const attempts = [
      leadPost('/contato', contactFields, { honeypot: 'https://spam.example' }),
      leadPost('/contato', contactFields, { filledInMs: 200 }),
      leadPost('/contato', contactFields, { timer: `${Date.now() - 60_000}.${'A'.repeat(43)}` }),
      // A valid timer, but rendered for the newsletter: timers are bound to their form.
      leadPost('/contato', contactFields, { form: 'newsletter' }),
    ]
    for (const request of attempts) {
      const outcome = await handleLeadAction({ request, context: visitor, form: 'contact', schema: contactPageSchema, pipeline: pipeline() })
      expect(outcome).toMatchObject({ status: 'success', leadId: null, value: null })
    }
    // Nothing delivered or queued: only the spam folder holds them (tests/integration/leads/spam-folder.test.ts).
    expect(await rowCounts()).toEqual({ ...nothingStored, suspectedSpam: 4 })
    expect((await allRows()).suspectedSpam.map((row) => row.reason)).toEqual(['honeypot', 'too_fast', 'timer_invalid', 'timer_invalid'])
    expect(receiver.received).toHaveLength(0)
  })

  it('stores and delivers a lead whose fields and origin carry NUL characters and lone surrogates', async () => {
    const origin = (await readOrigin(leadPost('/contato', {}), new FormData())).origin
    const stored = await submitLead(
      {
        form: 'contact',
        data: { ...contactFields, name: 'Rafa\u0000el', message: 'Olá \uD800 mundo, preciso de ajuda.' },
        origin: { ...origin, utmSource: 'ads\u0000x', pageTitle: '\uDC00Contato', userAgent: 'Robo\u0000/1.0' },
        consentVersion: CONSENT_VERSION,
      },
      pipeline(),
    )
    expect(await rowCounts()).toEqual(oneLeadDelivered)
    const {
      leads: [lead],
      tracking: [tracking],
    } = await allRows()
    expect(lead).toMatchObject({ id: stored.leadId, name: 'Rafael', message: 'Olá \uFFFD mundo, preciso de ajuda.', userAgent: 'Robo/1.0' })
    expect(tracking).toMatchObject({ utmSource: 'adsx', pageTitle: '\uFFFDContato' })
    expect(stored.delivery).toBe('delivered')
    expect(verifyWebhook(secret, receiver.received[0]!)).toMatchObject({ name: 'Rafael', utmSource: 'adsx' })
  })

  it('stores the lead without its tracking data when the database refuses a tracking value', async () => {
    const origin = (await readOrigin(leadPost('/contato', {}, { extra: { [LEAD_HIDDEN_FIELDS.pageTitle]: 'Contato' } }), new FormData())).origin
    // An engagement time past PostgreSQL's integer range: the kind of value only a bug or a forged post brings.
    const stored = await submitLead(
      { form: 'contact', data: contactFields, origin: { ...origin, utmSource: 'google', engagementTimeMsec: 3_000_000_000 }, consentVersion: CONSENT_VERSION },
      pipeline(),
    )
    // The lead, a tracking row with the refused value left out, its delivery.
    expect(await rowCounts()).toEqual(oneLeadDelivered)
    const {
      leads: [lead],
      tracking: [tracking],
      deliveries: [delivery],
    } = await allRows()
    expect(lead).toMatchObject({ id: stored.leadId, name: contactFields.name, email: contactFields.email })
    expect(tracking).toMatchObject({ leadId: stored.leadId, utmSource: null, engagementTimeMsec: null })
    expect(delivery?.status).toBe('delivered')
  })

  it('gives a form older than a cached copy plus a day in a tab, or posted without its timer, back with a message and what was typed, storing no lead', async () => {
    const expired = failureOf(await sendContact(leadPost('/contato', contactFields, { filledInMs: FORM_TIMER_MAX_AGE_MS + 60_000 })))
    expect(expired.status).toBe(400)
    expect(expired.data.message).toBe('Este formulário ficou aberto por muito tempo. Confira os dados e envie novamente.')
    expect(expired.data.result.initialValue).toMatchObject({ name: contactFields.name, message: contactFields.message })
    expect(expired.data.timer).toBeTruthy()
    // No lead; the post waits in the spam folder in case the person never sends it again.
    expect(await rowCounts()).toEqual({ ...nothingStored, suspectedSpam: 1 })
    const missing = failureOf(await sendContact(leadPost('/contato', contactFields, { filledInMs: null })))
    expect(missing.status).toBe(400)
    expect(missing.data.message).toBe('Não foi possível confirmar o envio. Confira os dados e envie novamente.')
    expect(await rowCounts()).toEqual({ ...nothingStored, suspectedSpam: 2 })
    // The page's loader renders a fresh timer, and the same data then goes through: the same person, so the folder lets go of both.
    const fresh = await sendContact(leadPost('/contato', contactFields))
    expect(fresh.status).toBe('success')
    expect(await rowCounts()).toEqual(oneLeadDelivered)
  })

  /** A timer as one cached copy of /contato hands it to every visitor it is served to. */
  const cachedContactTimer = async () => (await prepareLeadForm(pageView('/contato'), 'contact', { now: Date.now() - 10_000 })).leadForm.timer
  const leadIdOf = (outcome: Awaited<ReturnType<typeof handleLeadAction>>) => (outcome.status === 'success' ? outcome.leadId : null)

  it('stores one lead per submission: the same body posted again (double click, resent POST, retried fetch) gets the stored lead back', async () => {
    const timer = await cachedContactTimer()
    const first = await sendContact(leadPost('/contato', contactFields, { timer }))
    const again = await sendContact(leadPost('/contato', contactFields, { timer }))
    expect(first).toMatchObject({ status: 'success', leadId: expect.any(String) })
    expect(leadIdOf(again)).toBe(leadIdOf(first))
    expect(await rowCounts()).toEqual(oneLeadDelivered)
    expect(receiver.received).toHaveLength(1)
  })

  it('counts the same fields with extra spaces or the e-mail in capitals as the same submission', async () => {
    const timer = await cachedContactTimer()
    const first = await sendContact(leadPost('/contato', contactFields, { timer }))
    const retyped = await sendContact(
      leadPost(
        '/contato',
        {
          ...contactFields,
          name: `  ${contactFields.name.replace(' ', '   ')} `,
          email: ` ${contactFields.email.toUpperCase()}`,
          message: `${contactFields.message.replaceAll(' ', '  ')}\r\n`,
          company: `${contactFields.company}\t`,
        },
        { timer },
      ),
    )
    expect(leadIdOf(retyped)).toBe(leadIdOf(first))
    expect(await rowCounts()).toEqual(oneLeadDelivered)
  })

  it('stores two leads when two visitors of one cached copy (one timer) send different messages with one e-mail, each delivered', async () => {
    // A small company whose team shares one address, or one person writing twice from the same copy of the page.
    const timer = await cachedContactTimer()
    const first = await sendContact(leadPost('/contato', contactFields, { timer }))
    const second = await sendContact(leadPost('/contato', { ...contactFields, message: 'Também queremos um agente de IA no WhatsApp.' }, { timer }))
    expect(first).toMatchObject({ status: 'success', leadId: expect.any(String) })
    expect(second).toMatchObject({ status: 'success', leadId: expect.any(String) })
    expect(leadIdOf(second)).not.toBe(leadIdOf(first))
    const { leads: stored, deliveries } = await allRows()
    expect(stored.map((lead) => [lead.email, lead.message]).sort()).toEqual(
      [
        [contactFields.email, contactFields.message],
        [contactFields.email, 'Também queremos um agente de IA no WhatsApp.'],
      ].sort(),
    )
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['delivered', 'delivered'])
    expect(receiver.received.map((request) => (verifyWebhook(secret, request) as { message: string }).message).sort()).toEqual(
      [contactFields.message, 'Também queremos um agente de IA no WhatsApp.'].sort(),
    )
    // Any other field that differs is another submission too: another sender, another phone.
    await sendContact(leadPost('/contato', { ...contactFields, email: 'outra.pessoa@exemplo.com.br' }, { timer }))
    await sendContact(leadPost('/contato', { ...contactFields, phone: '(21) 91234-5678' }, { timer }))
    expect((await allRows()).leads).toHaveLength(4)
  })

  it('limits lead posts per address and form: the sixth in a minute gets 429 and the spec message', async () => {
    const post = (clientIp: string, form: 'contact' | 'newsletter' = 'contact') =>
      form === 'contact'
        ? handleLeadAction({
            request: leadPost('/contato', contactFields),
            context: { clientIp },
            form,
            schema: contactPageSchema,
            pipeline: pipeline({ url: null }),
          })
        : handleLeadAction({
            request: leadPost('/blog', { email: 'a@exemplo.com', consent: 'on' }),
            context: { clientIp },
            form,
            schema: newsletterSchema,
            pipeline: pipeline({ url: null }),
          })
    for (let index = 0; index < 5; index++) expect((await post('198.51.100.1')).status).toBe('success')
    const limited = failureOf(await post('198.51.100.1'))
    expect(limited.status).toBe(429)
    expect(Number(new Headers(limited.headers).get('Retry-After'))).toBeGreaterThan(0)
    expect(Number(new Headers(limited.headers).get('Retry-After'))).toBeLessThanOrEqual(60)
    expect(limited.data.message).toBe('Muitas tentativas. Aguarde 1 minuto e tente novamente.')
    expect(limited.data.result.error).toEqual({ '': ['Muitas tentativas. Aguarde 1 minuto e tente novamente.'] })
    // Another address, or another form, has its own allowance.
    expect((await post('198.51.100.2')).status).toBe('success')
    expect((await post('198.51.100.1', 'newsletter')).status).toBe('success')
    expect((await allRows()).leads).toHaveLength(7)
  })

  it('carries the first touch of the session (utm, referrer, landing page) to a lead sent from another page', async () => {
    const landing = pageView('/blog?utm_source=instagram&utm_medium=social&utm_campaign=black-friday&fbclid=IwAR123', {
      Referer: 'https://l.instagram.com/',
    })
    const first = await captureOrigin(landing)
    const cookie = cookieFrom(first.headers)
    expect(cookie).toMatch(/^lead_origin=/)
    expect(first.origin).toMatchObject({
      utmSource: 'instagram',
      referrer: 'https://l.instagram.com/',
      landingPage: `${TEST_SITE}/blog?utm_source=instagram&utm_medium=social&utm_campaign=black-friday&fbclid=IwAR123`,
    })

    // A later page view in the session: no new cookie, same first touch.
    const second = await prepareLeadForm(pageView('/contato?utm_source=google', { Cookie: cookie, Referer: 'https://www.google.com/' }), 'contact')
    expect(second.headers.has('Set-Cookie')).toBe(false)
    expect(second.leadForm.pageUrl).toBe(`${TEST_SITE}/contato?utm_source=google`)

    const outcome = await handleLeadAction({
      request: leadPost('/contato', contactFields, {
        // The visitor accepted marketing cookies: _fbc is rebuilt from the landing page's fbclid.
        cookie: `${cookie}; consentimento=aceito`,
        timer: second.leadForm.timer,
        extra: {
          [LEAD_HIDDEN_FIELDS.pageTitle]: 'Contato | Alavanca Digital',
          [LEAD_HIDDEN_FIELDS.engagementTimeMsec]: '45210',
          [LEAD_HIDDEN_FIELDS.eventId]: 'evt-123',
        },
      }),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
      now: Date.now() + 5_000,
    })
    expect(outcome.status).toBe('success')
    expect(await rowCounts()).toEqual(oneLeadDelivered)
    const {
      leads: [lead],
      tracking: [tracking],
    } = await allRows()
    expect(lead?.sessionId).toBe(first.firstTouch.sessionId)
    expect(tracking).toMatchObject({
      pageUrl: `${TEST_SITE}/contato`,
      pageTitle: 'Contato | Alavanca Digital',
      pageLocation: first.firstTouch.landingPage,
      referrer: 'https://l.instagram.com/',
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'black-friday',
      utmContent: null,
      fbclid: 'IwAR123',
      fbc: `fb.1.${first.firstTouch.startedAt}.IwAR123`,
      engagementTimeMsec: 45210,
      eventId: 'evt-123',
    })
    expect(verifyWebhook(secret, receiver.received[0]!)).toMatchObject({
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'black-friday',
      referrer: 'https://l.instagram.com/',
      sessionId: first.firstTouch.sessionId,
    })
  })

  it('runs the worker in the background until every lead is delivered', async () => {
    receiver.answer((_request, index) => (index % 2 === 0 ? { status: 500 } : { status: 204 }))
    const fast = pipeline({ retryScheduleMs: [100, 100, 100], inlineTimeoutMs: 0 })
    for (let index = 0; index < 4; index++) {
      await submitLead(
        {
          form: 'contact',
          data: { ...contactFields, email: `pessoa${index}@exemplo.com.br` },
          origin: (await readOrigin(leadPost('/contato', {}), new FormData())).origin,
          consentVersion: CONSENT_VERSION,
        },
        fast,
      )
    }
    expect((await handle.db.select().from(outbox)).every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true)
    const worker = startOutboxWorker({ intervalMs: 50, deps: () => fast })
    try {
      await eventually(async () => {
        const rows = await handle.db.select().from(outbox)
        expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered'])
      })
    } finally {
      await worker.stop()
    }
    const delivered = new Set(receiver.received.filter((_request, index) => index % 2 === 1).map((request) => request.headers['webhook-id']))
    expect(delivered.size).toBe(4)
  })

  it('never delivers a row twice when two workers run side by side (FOR UPDATE SKIP LOCKED)', async () => {
    const quiet = pipeline({ inlineTimeoutMs: 0 })
    const origin = (await readOrigin(leadPost('/contato', {}), new FormData())).origin
    for (let index = 0; index < 30; index++) {
      await submitLead({ form: 'contact', data: { ...contactFields, email: `p${index}@exemplo.com.br` }, origin, consentVersion: CONSENT_VERSION }, quiet)
    }
    receiver.answer(() => ({ status: 204, delayMs: 20 }))
    const runs = await Promise.all([deliverOutbox(quiet, { perTarget: 5 }), deliverOutbox(quiet, { perTarget: 5 }), deliverOutbox(quiet, { perTarget: 5 })])
    expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(30)
    expect(receiver.received).toHaveLength(30)
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(30)
    const rows = await handle.db.select().from(outbox).where(eq(outbox.status, 'delivered'))
    expect(rows.every((row) => row.attempts === 1)).toBe(true)
  })

  it('records an outcome in one transaction: when its attempt cannot be written, the row stays due and is retried', async () => {
    const quiet = pipeline({ inlineTimeoutMs: 0 })
    const origin = (await readOrigin(leadPost('/contato', {}), new FormData())).origin
    await submitLead({ form: 'contact', data: contactFields, origin, consentVersion: CONSENT_VERSION }, quiet)
    // The database refuses the attempt's row, the second statement of the outcome.
    await handle.db.execute(
      sql`create function refuse_delivery_attempt() returns trigger language plpgsql as $$ begin raise exception 'attempt refused by the test'; end $$`,
    )
    await handle.db.execute(
      sql`create trigger refuse_delivery_attempt before insert on delivery_attempts for each row execute function refuse_delivery_attempt()`,
    )
    try {
      await expect(deliverOutbox(quiet)).rejects.toThrow()
    } finally {
      await handle.db.execute(sql`drop trigger if exists refuse_delivery_attempt on delivery_attempts`)
      await handle.db.execute(sql`drop function if exists refuse_delivery_attempt()`)
    }
    expect(receiver.received).toHaveLength(1)
    // The row's update went with it: still pending under the attempt's lease, no outcome, no history.
    const [row] = await handle.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null, deliveredAt: null })
    expect(await handle.db.select().from(deliveryAttempts)).toEqual([])
    // Once the lease runs out, the worker sends it again (same webhook-id) and records that attempt.
    expect(await deliverOutbox(pipeline({ inlineTimeoutMs: 0 }, later(2_000 + LEASE_MARGIN_MS + 1_000)))).toMatchObject({ claimed: 1, delivered: 1 })
    expect(await handle.db.select().from(outbox)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2, lastStatus: 204 })])
    expect((await handle.db.select().from(deliveryAttempts)).map((attempt) => [attempt.attempt, attempt.outcome])).toEqual([[2, 'delivered']])
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1)
  })

  it('answers with the database message and keeps the input when the database is down', async () => {
    // Last test of the block: it takes the database away for good (a fresh one would cost seconds on PGlite).
    await handle.close()
    closed = true
    const outcome = await sendContact(leadPost('/contato', contactFields))
    const failed = failureOf(outcome)
    expect(failed.status).toBe(503)
    expect(failed.data.message).toBe('Erro ao enviar mensagem. Por favor, tente novamente.')
    expect(failed.data.result.error).toEqual({ '': [leadErrorMessages.database] })
    expect(failed.data.result.initialValue).toMatchObject({ name: contactFields.name, email: contactFields.email, message: contactFields.message })
    expect(receiver.received).toHaveLength(0)
  })
})
