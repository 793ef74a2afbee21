/**
 * Leads into the CRMs from the outbox (issue 35, items 1 and 2; ADR 046):
 * RD Station Marketing's conversions API and HubSpot's Forms API v3, here
 * stand-ins that check each request as the vendors document it
 * (tests/support/crm-stand-ins.ts). Once per lead; 429 waits out its
 * Retry-After and arrives once; 5xx and silence are retried; a 4xx that says
 * the request is wrong fails with the vendor's words and is not retried; our
 * own throttle holds a burst below the vendor's limit without spending
 * attempts; nothing without configuration. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pauseTarget } from '~/delivery/outbox.server'
import { crmHandlers, type CrmSettings } from '~/leads/crm.server'
import { contactPageSchema, newsletterSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { LEAD_HIDDEN_FIELDS } from '~/leads/lead-forms'
import { submitLead, type LeadPipeline } from '~/leads/lead-service.server'
import { captureOrigin } from '~/leads/origin-tracking.server'
import { deliverOutbox } from '~/leads/outbox.server'
import { parseEnv } from '~/utils/env.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import { deliveryAttempts, deliveryPauses, outbox } from '../../../db/schema'
import { startHubSpotStandIn, startRdStationStandIn, type HubSpotSubmission, type RdConversion } from '../../support/crm-stand-ins'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { CONTACT_FIELDS, cookieFrom, leadPost, pageView, TEST_SITE, VISITOR } from '../../support/lead-requests'
import type { VendorStandIn } from '../../support/vendor-stand-in'

const visitor = VISITOR
// A surname of two words: HubSpot gets the first name and the rest.
const contactFields = { ...CONTACT_FIELDS, name: 'Rafael Lima Souza' }
const RD_KEY = 'chave-publica-do-rd-station'
const PORTAL = '24681357'
const DEFAULT_GUID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'
const CONTACT_GUID = '11111111-2222-4333-8444-555555555555'
const HUTK = '9f86d081884c7d659a2feaa0c55ad015'

describe.each(testDatabaseTargets())('leads into the CRMs on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let rd: VendorStandIn<RdConversion>
  let hubspot: VendorStandIn<HubSpotSubmission>

  const settings = ({ rdPerMinute = 100 } = {}): CrmSettings => ({
    rdstation: { url: rd.url, apiKey: RD_KEY, perMinute: rdPerMinute },
    hubspot: {
      url: hubspot.url,
      portalId: PORTAL,
      formGuids: {
        home: DEFAULT_GUID,
        contact: CONTACT_GUID,
        newsletter: DEFAULT_GUID,
        calculator: DEFAULT_GUID,
        presenceTest: DEFAULT_GUID,
        briefing: DEFAULT_GUID,
        booking: DEFAULT_GUID,
      },
      sessionFormGuid: null,
      per10Seconds: 40,
    },
  })
  const pipeline = ({ now, crms = settings() }: { now?: () => Date; crms?: CrmSettings | null } = {}): LeadPipeline => ({
    db: handle.db,
    timing: { timeoutMs: 1_000, retryScheduleMs: [1_000, 2_000] },
    webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
    ...(crms ? { handlers: crmHandlers(crms) } : {}),
    ...(now ? { now } : {}),
  })
  const later = (ms: number) => () => new Date(Date.now() + ms)
  const rows = (target: string) => handle.db.select().from(outbox).where(eq(outbox.target, target))

  /** A visit from a Google Ads campaign with marketing cookies accepted (HubSpot's cookie among them), then /contato. */
  async function sendContact(crms: CrmSettings | null = settings()) {
    const landing = await captureOrigin(pageView('/servicos/trafego?utm_source=google&utm_medium=cpc&utm_campaign=clinicas-rj'))
    return handleLeadAction({
      request: leadPost('/contato', contactFields, {
        cookie: `${cookieFrom(landing.headers)}; consentimento=aceito; hubspotutk=${HUTK}`,
        extra: { [LEAD_HIDDEN_FIELDS.pageTitle]: 'Contato | Alavanca Digital' },
      }),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline({ crms }),
    })
  }

  beforeAll(async () => {
    handle = await open()
    rd = await startRdStationStandIn({ apiKey: RD_KEY })
    hubspot = await startHubSpotStandIn({
      portalId: PORTAL,
      formFields: {
        [DEFAULT_GUID]: ['email', 'firstname', 'lastname', 'phone', 'company', 'message'],
        [CONTACT_GUID]: ['email', 'firstname', 'lastname', 'phone', 'company', 'message'],
      },
    })
  })
  afterAll(async () => {
    await Promise.all([rd?.close(), hubspot?.close()])
    await handle?.close()
  })
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    rd.reset()
    hubspot.reset()
    resetLeadRateLimiter()
  })

  it('RD Station’s event_uuid is kept on the delivered row; HubSpot’s row has none', async () => {
    expect((await sendContact()).status).toBe('success')
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2, failed: 0 })
    expect(rd.answered).toHaveLength(1)
    const [answer] = rd.answered as [{ event_uuid: string }]
    expect(answer.event_uuid).toMatch(/^[0-9a-f-]{36}$/)
    const [rdRow] = await rows('rdstation')
    expect(rdRow).toMatchObject({ status: 'delivered', vendorRef: answer.event_uuid })
    const [hubspotRow] = await rows('hubspot')
    expect(hubspotRow).toMatchObject({ status: 'delivered', vendorRef: null })
  })

  it('a contact lead reaches RD Station and HubSpot once each, with the fields each documents', async () => {
    expect((await sendContact()).status).toBe('success')
    expect((await rows('rdstation')).length + (await rows('hubspot')).length).toBe(2)
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2, pending: 0, failed: 0 })
    expect(await deliverOutbox(pipeline({ now: later(60_000) }))).toMatchObject({ claimed: 0 })
    expect(rd.refused).toEqual([])
    expect(hubspot.refused).toEqual([])

    expect(rd.accepted).toEqual([
      {
        apiKey: RD_KEY,
        payload: {
          conversion_identifier: 'contato',
          email: 'rafael@clinicaboavista.com.br',
          name: 'Rafael Lima Souza',
          mobile_phone: '+5521998765432',
          company_name: 'Clínica Boa Vista',
          traffic_source: 'google',
          traffic_medium: 'cpc',
          traffic_campaign: 'clinicas-rj',
          cf_mensagem: 'Preciso de mais pacientes vindos do Google.',
        },
      },
    ])

    expect(hubspot.accepted).toHaveLength(1)
    const [submission] = hubspot.accepted as [HubSpotSubmission]
    expect(submission.formGuid).toBe(CONTACT_GUID)
    expect(submission.body).toEqual({
      submittedAt: expect.any(Number),
      fields: [
        { objectTypeId: '0-1', name: 'email', value: 'rafael@clinicaboavista.com.br' },
        { objectTypeId: '0-1', name: 'firstname', value: 'Rafael' },
        { objectTypeId: '0-1', name: 'lastname', value: 'Lima Souza' },
        { objectTypeId: '0-1', name: 'phone', value: '+5521998765432' },
        { objectTypeId: '0-1', name: 'company', value: 'Clínica Boa Vista' },
        { objectTypeId: '0-1', name: 'message', value: 'Preciso de mais pacientes vindos do Google.' },
      ],
      context: { pageUri: `${TEST_SITE}/contato`, pageName: 'Contato | Alavanca Digital', hutk: HUTK },
      legalConsentOptions: {
        consent: {
          consentToProcess: true,
          text: expect.stringMatching(/^Usamos seus dados apenas para responder ao seu contato .* Política de Privacidade\.$/),
        },
      },
    })
    // The credentials live in the environment only: the stored rows carry the bodies, never the key.
    expect(JSON.stringify(await handle.db.select({ payload: outbox.payload }).from(outbox))).not.toContain(RD_KEY)
  })

  it('a name and a company sent over several lines reach the CRMs as one line each', async () => {
    const outcome = await handleLeadAction({
      request: leadPost('/contato', { ...contactFields, name: 'Rafael Lima\nAssunto: x', company: 'Clínica\r\nBoa   Vista\u2028' }),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    expect(outcome.status).toBe('success')
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2 })
    expect(rd.accepted).toEqual([{ apiKey: RD_KEY, payload: expect.objectContaining({ name: 'Rafael Lima Assunto: x', company_name: 'Clínica Boa Vista' }) }])
    const [submission] = hubspot.accepted as [HubSpotSubmission]
    expect(submission.body.fields).toEqual(
      expect.arrayContaining([
        { objectTypeId: '0-1', name: 'firstname', value: 'Rafael' },
        { objectTypeId: '0-1', name: 'lastname', value: 'Lima Assunto: x' },
        { objectTypeId: '0-1', name: 'company', value: 'Clínica Boa Vista' },
      ]),
    )
  })

  it('the newsletter claims consent to e-mails in RD Station because its box said so; without marketing cookies HubSpot gets no hutk', async () => {
    const outcome = await handleLeadAction({
      request: leadPost('/blog', { email: 'leitora@exemplo.com.br', consent: 'on' }, { cookie: `hubspotutk=${HUTK}` }),
      context: visitor,
      form: 'newsletter',
      schema: newsletterSchema,
      pipeline: pipeline(),
    })
    expect(outcome.status).toBe('success')
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2 })
    expect(rd.accepted[0]?.payload).toEqual({
      conversion_identifier: 'newsletter',
      email: 'leitora@exemplo.com.br',
      legal_bases: [{ category: 'communications', type: 'consent', status: 'granted' }],
    })
    const [submission] = hubspot.accepted as [HubSpotSubmission]
    expect(submission.formGuid).toBe(DEFAULT_GUID)
    expect(submission.body.fields).toEqual([{ objectTypeId: '0-1', name: 'email', value: 'leitora@exemplo.com.br' }])
    expect(submission.body.context).toEqual({ pageUri: `${TEST_SITE}/blog`, pageName: 'Newsletter do blog' })
  })

  it('a tool’s result goes to RD Station as custom fields', async () => {
    await submitLead(
      {
        form: 'presenceTest',
        data: { name: 'Patrícia Mello', email: 'patricia@exemplo.com.br', phone: '(21) 99876-1234' },
        origin: (await captureOrigin(pageView('/ferramentas/teste-presenca-digital'))).origin,
        results: { kind: 'test', overallScore: 49, categoryScores: [], recommendations: [], persona: { title: 'Explorador Digital', subtitle: '' } },
        consentVersion: 'teste',
      },
      pipeline(),
    )
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2 })
    expect(rd.accepted[0]?.payload).toMatchObject({
      conversion_identifier: 'teste-presenca',
      cf_pontuacao_presenca_digital: 49,
      cf_perfil_presenca_digital: 'Explorador Digital',
    })
  })

  it('429 with Retry-After: the row waits that long, then the lead arrives once', async () => {
    rd.queue({ status: 429, headers: { 'Retry-After': '30' }, body: { errors: { error_type: 'TOO_MANY_REQUESTS', error_message: 'Usage limit exceeded' } } })
    await sendContact({ ...settings(), hubspot: null })
    const sentAt = Date.now()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 1 })
    const [waiting] = await rows('rdstation')
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 429 })
    expect(waiting!.lastError).toContain('Usage limit exceeded')
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(sentAt + 29_000)
    // Not due before the vendor's time…
    expect(await deliverOutbox(pipeline({ now: later(10_000) }))).toMatchObject({ claimed: 0 })
    // …and sent once after it.
    expect(await deliverOutbox(pipeline({ now: later(31_000) }))).toMatchObject({ delivered: 1 })
    expect(rd.seen()).toBe(2)
    expect(rd.accepted).toHaveLength(1)
  })

  it('a 429 pauses RD Station for every instance until its Retry-After; HubSpot is not held', async () => {
    for (const email of ['a@clinica.com.br', 'b@clinica.com.br', 'c@clinica.com.br']) {
      await submitLead(
        { form: 'contact', data: { ...contactFields, email }, origin: (await captureOrigin(pageView('/contato'))).origin, consentVersion: 'teste' },
        pipeline(),
      )
    }
    rd.queue({ status: 429, headers: { 'Retry-After': '30' }, body: { errors: { error_type: 'TOO_MANY_REQUESTS', error_message: 'Usage limit exceeded' } } })
    const sentAt = Date.now()
    // One instance: its first RD Station request gets the 429, and it sends RD Station nothing more; HubSpot goes on.
    expect(await deliverOutbox(pipeline(), { perTarget: 1 })).toMatchObject({ claimed: 4, delivered: 3, pending: 1 })
    expect(rd.seen()).toBe(1)
    expect(hubspot.accepted).toHaveLength(3)
    const [pause] = await handle.db.select().from(deliveryPauses).where(eq(deliveryPauses.target, 'rdstation'))
    expect(pause!.until.getTime()).toBeGreaterThanOrEqual(sentAt + 29_000)
    // Another instance's shorter pause keeps the later one.
    await pauseTarget(handle.db, 'rdstation', new Date(sentAt + 5_000))
    expect((await handle.db.select().from(deliveryPauses).where(eq(deliveryPauses.target, 'rdstation')))[0]!.until).toEqual(pause!.until)
    // The other rows stay pending, no attempt spent.
    const untouched = (await rows('rdstation')).filter((row) => row.attempts === 0)
    expect(untouched).toHaveLength(2)
    expect(untouched.every((row) => row.status === 'pending')).toBe(true)
    // Another instance (its own deps), and the first again, send nothing to RD Station before the pause ends…
    expect(await deliverOutbox(pipeline({ now: later(10_000) }))).toMatchObject({ claimed: 0 })
    expect(await deliverOutbox(pipeline({ now: later(28_000) }), { perTarget: 1 })).toMatchObject({ claimed: 0 })
    expect(rd.seen()).toBe(1)
    // …and resume after it, each lead once.
    expect(await deliverOutbox(pipeline({ now: later(31_000) }))).toMatchObject({ delivered: 3, pending: 0 })
    expect(rd.seen()).toBe(4)
    expect(rd.accepted.map((conversion) => conversion.payload.email).sort()).toEqual(['a@clinica.com.br', 'b@clinica.com.br', 'c@clinica.com.br'])
    expect((await rows('rdstation')).map((row) => row.attempts).sort()).toEqual([1, 1, 2])
  })

  it('422 fails at once with the vendor’s words and is not retried', async () => {
    hubspot.queue({
      status: 400,
      body: { status: 'error', message: 'The request is not valid', errors: [{ message: 'Email address rafael@… is blocked', errorType: 'BLOCKED_EMAIL' }] },
    })
    rd.queue({ status: 422, body: { errors: { error_type: 'INVALID_FIELDS', error_message: 'cf_mensagem does not exist in this account' } } })
    await sendContact()
    expect(await deliverOutbox(pipeline())).toMatchObject({ failed: 2 })
    const [rdRow] = await rows('rdstation')
    expect(rdRow).toMatchObject({ status: 'failed', lastStatus: 422 })
    expect(rdRow!.lastError).toBe('HTTP 422: RD Station: INVALID_FIELDS: cf_mensagem does not exist in this account')
    const [hubspotRow] = await rows('hubspot')
    expect(hubspotRow).toMatchObject({ status: 'failed', lastStatus: 400 })
    expect(hubspotRow!.lastError).toBe('HTTP 400: HubSpot: The request is not valid · BLOCKED_EMAIL: Email address rafael@… is blocked')
    expect(await deliverOutbox(pipeline({ now: later(3_600_000) }))).toMatchObject({ claimed: 0 })
    expect(rd.seen() + hubspot.seen()).toBe(2)
  })

  it('5xx and a vendor that never answers are retried, and the lead arrives once', async () => {
    rd.queue({ status: 503, body: 'Service Unavailable' })
    hubspot.queue('hang')
    await sendContact()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 2 })
    const [rdRow] = await rows('rdstation')
    expect(rdRow).toMatchObject({ status: 'pending', lastStatus: 503 })
    const [hubspotRow] = await rows('hubspot')
    expect(hubspotRow).toMatchObject({ status: 'pending', lastStatus: null })
    expect(hubspotRow!.lastError).toMatch(/HubSpot: timeout after 1000 ms/)
    expect(await deliverOutbox(pipeline({ now: later(1_500) }))).toMatchObject({ delivered: 2 })
    expect(rd.accepted).toHaveLength(1)
    expect(hubspot.accepted).toHaveLength(1)
  })

  it('our throttle holds a burst under the account’s limit: the rest waits without spending an attempt', async () => {
    const crms = { ...settings({ rdPerMinute: 2 }), hubspot: null }
    for (const email of ['a@clinica.com.br', 'b@clinica.com.br', 'c@clinica.com.br']) {
      await submitLead(
        {
          form: 'contact',
          data: { ...contactFields, email },
          origin: (await captureOrigin(pageView('/contato'))).origin,
          consentVersion: 'teste',
        },
        pipeline({ crms }),
      )
    }
    expect(await deliverOutbox(pipeline({ crms }))).toMatchObject({ delivered: 2, pending: 1 })
    expect(rd.seen()).toBe(2)
    const waiting = (await rows('rdstation')).filter((row) => row.status === 'pending')
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatchObject({ attempts: 0, lastStatus: null })
    expect(await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, waiting[0]!.id))).toEqual([])
    // A minute on, the window has room again.
    expect(await deliverOutbox(pipeline({ crms, now: later(61_000) }))).toMatchObject({ delivered: 1 })
    expect(rd.accepted).toHaveLength(3)
  })

  it('without configuration no CRM row is written and the lead is stored as always', async () => {
    expect((await sendContact(null)).status).toBe('success')
    expect([...(await rows('rdstation')), ...(await rows('hubspot'))]).toEqual([])
    expect(rd.seen() + hubspot.seen()).toBe(0)
  })
})

describe('the CRMs’ variables', () => {
  it('HubSpot needs its portal and a form; RD Station its key; each off when unset', () => {
    expect(parseEnv({}).RDSTATION_API_KEY).toBeUndefined()
    expect(() => parseEnv({ HUBSPOT_PORTAL_ID: '24681357' })).toThrow(/HUBSPOT_FORM_GUID: required when HUBSPOT_PORTAL_ID is set/)
    expect(() => parseEnv({ HUBSPOT_PORTAL_ID: '24681357', HUBSPOT_FORM_GUID: 'formulario' })).toThrow(/HUBSPOT_FORM_GUID: must be a HubSpot form GUID/)
    const env = parseEnv({ HUBSPOT_PORTAL_ID: '24681357', HUBSPOT_FORM_GUID: DEFAULT_GUID, HUBSPOT_FORM_GUID_CONTACT: CONTACT_GUID, RDSTATION_API_KEY: RD_KEY })
    expect(env).toMatchObject({
      RDSTATION_API_URL: 'https://api.rd.services',
      HUBSPOT_API_URL: 'https://api.hsforms.com',
      RDSTATION_RATE_LIMIT_PER_MINUTE: 100,
    })
  })
})
