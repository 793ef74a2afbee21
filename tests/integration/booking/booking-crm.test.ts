/**
 * What the CRMs hear of a booked session (issue 44, item 6; ADR 056), from
 * the outbox to stand-ins that check each request as the vendors document it
 * (tests/support/crm-stand-ins.ts): RD Station gets one conversion named
 * `sessao-estrategica-agendada` with the time, HubSpot one submission of the
 * session's own form with its `sessao_estrategica` field, Pipedrive one
 * meeting on the person at the session's time in UTC. Once each, even when
 * Pipedrive made the activity and its answer was lost; nothing once the
 * session is cancelled before they were sent; a HubSpot form without the
 * field fails with HubSpot's words. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookingCrms, bookingCrmsFromEnv } from '~/booking/booking-crm.server'
import { bookingEffects, NO_OUTSIDE, type BookingOutside } from '~/booking/booking-effects.server'
import { bookFromPost, slotValue } from '~/booking/booking-page.server'
import { cancelBooking } from '~/booking/bookings.server'
import { getSchedulingSettings, setContentSource } from '~/content/content.server'
import type { SchedulingSettings } from '~/content/schemas'
import { createSeedSource } from '~/content/source.server'
import { crmHandlers, type CrmSettings } from '~/leads/crm.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { deliverOutbox } from '~/leads/outbox.server'
import { pipedriveHandlers } from '~/leads/pipedrive.server'
import { brasiliaMoment } from '~/utils/dates'
import { parseEnv } from '~/utils/env.server'
import { bookings, outbox, rateLimitHits } from '../../../db/schema'
import {
  startHubSpotStandIn,
  startPipedriveStandIn,
  startRdStationStandIn,
  type HubSpotSubmission,
  type PipedriveStandIn,
  type RdConversion,
} from '../../support/crm-stand-ins'
import { testDatabaseTargets } from '../../support/databases'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { CONTACT_FIELDS, cookieFrom, leadPost, TEST_SITE, VISITOR } from '../../support/lead-requests'
import type { VendorStandIn } from '../../support/vendor-stand-in'

/** A Monday morning in Brasília; the session is booked for Tuesday at 09:00 (12:00 UTC) with Ana Ribeiro. */
const NOW = brasiliaMoment('2026-03-30', '06:00')
const TUESDAY = '2026-03-31'
const START = brasiliaMoment(TUESDAY, '09:00')
const RD_KEY = 'chave-publica-do-rd-station'
const PIPEDRIVE_TOKEN = 'token-da-api-do-pipedrive-de-teste'
const PORTAL = '24681357'
const LEAD_GUID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'
const SESSION_GUID = '22222222-3333-4444-8555-666666666666'
const WHEN = 'terça-feira, 31 de março de 2026, às 09:00 (horário de Brasília), com Ana Ribeiro'

beforeAll(() => setContentSource(createSeedSource()))
afterAll(() => setContentSource(undefined))

describe('which CRMs hear of a booking', () => {
  it("each configured one, HubSpot only with the session's form of its own (another would refuse its field)", () => {
    const crms = { RDSTATION_API_KEY: RD_KEY, HUBSPOT_PORTAL_ID: PORTAL, HUBSPOT_FORM_GUID: LEAD_GUID, PIPEDRIVE_API_TOKEN: PIPEDRIVE_TOKEN }
    expect(bookingCrmsFromEnv(parseEnv({}))).toEqual([])
    expect(bookingCrmsFromEnv(parseEnv(crms))).toEqual(['rdstation', 'pipedrive'])
    expect(bookingCrmsFromEnv(parseEnv({ ...crms, HUBSPOT_FORM_GUID_SESSION: SESSION_GUID }))).toEqual(['rdstation', 'hubspot', 'pipedrive'])
  })
})

describe.each(testDatabaseTargets())('a booking into the CRMs on $kind', ({ open }) => {
  const { pipeline, db } = leadPipelineFixture(open)
  let settings: SchedulingSettings
  let rd: VendorStandIn<RdConversion>
  let hubspot: VendorStandIn<HubSpotSubmission>
  let pipedrive: PipedriveStandIn
  let bookingFormFields: string[]

  beforeAll(async () => {
    settings = await getSchedulingSettings()
    rd = await startRdStationStandIn({ apiKey: RD_KEY })
    // The session's form in HubSpot: the contact's fields and the session's; a test may take the session's away.
    hubspot = await startHubSpotStandIn({
      portalId: PORTAL,
      formFields: {
        [LEAD_GUID]: ['email', 'firstname', 'lastname', 'phone', 'company', 'message'],
        get [SESSION_GUID]() {
          return bookingFormFields
        },
      },
    })
    pipedrive = await startPipedriveStandIn({ apiToken: PIPEDRIVE_TOKEN })
  })
  afterAll(async () => {
    await Promise.all([rd?.close(), hubspot?.close(), pipedrive?.close()])
  })
  beforeEach(async () => {
    await db().delete(rateLimitHits)
    rd.reset()
    hubspot.reset()
    pipedrive.reset()
    bookingFormFields = ['email', 'firstname', 'lastname', 'phone', 'company', 'sessao_estrategica']
  })

  const crmSettings = (): CrmSettings => ({
    rdstation: { url: rd.url, apiKey: RD_KEY, perMinute: 100 },
    hubspot: {
      url: hubspot.url,
      portalId: PORTAL,
      formGuids: {
        home: LEAD_GUID,
        contact: LEAD_GUID,
        newsletter: LEAD_GUID,
        calculator: LEAD_GUID,
        presenceTest: LEAD_GUID,
        briefing: LEAD_GUID,
        booking: LEAD_GUID,
      },
      sessionFormGuid: SESSION_GUID,
      per10Seconds: 40,
    },
  })
  const outside = (): BookingOutside => ({ ...NO_OUTSIDE(TEST_SITE), crms: bookingCrms })
  /** The outbox worker at a moment, with the three CRMs. */
  const deliver = (at: Date = NOW) =>
    deliverOutbox({
      db: db(),
      timing: { timeoutMs: 2_000, retryScheduleMs: [1_000] },
      webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
      handlers: { ...crmHandlers(crmSettings()), ...pipedriveHandlers({ url: pipedrive.url, apiToken: PIPEDRIVE_TOKEN }, db) },
      now: () => at,
    })
  const crmRows = () =>
    db()
      .select()
      .from(outbox)
      .where(eq(outbox.event, `crm-booked:${bookingIdOf()}`))
  let lastBooking = ''
  const bookingIdOf = () => lastBooking

  /** Rafael sends /contato's form (from a campaign), then books Tuesday 09:00 with Ana Ribeiro. */
  async function bookTuesdayNine() {
    const outcome = await handleLeadAction({
      request: leadPost(
        '/contato',
        { ...CONTACT_FIELDS, name: 'Rafael Lima Souza' },
        // The visit landed from a campaign (the page posts its address).
        { pageUrl: `${TEST_SITE}/contato?utm_source=google&utm_medium=cpc&utm_campaign=clinicas` },
      ),
      context: VISITOR,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    if (outcome.status !== 'success') throw new Error(`the lead was refused: ${outcome.status}`)
    const booked = await bookFromPost({
      db: db(),
      request: new Request(`${TEST_SITE}/agendar?dia=${TUESDAY}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieFrom(outcome.headers) },
        body: new URLSearchParams({ horario: slotValue({ specialist: 'ana-ribeiro', start: START }) }),
      }),
      settings,
      now: NOW,
      outside: outside(),
    })
    if (!booked.ok || !booked.bookingId) throw new Error('the slot was not booked')
    lastBooking = booked.bookingId
    return booked.bookingId
  }

  it("sends RD Station a conversion, HubSpot the session's form and Pipedrive a meeting, once each", async () => {
    const bookingId = await bookTuesdayNine()
    expect((await crmRows()).map((row) => row.target).sort()).toEqual(['hubspot', 'pipedrive', 'rdstation'])

    expect(await deliver()).toMatchObject({ delivered: 3, pending: 0, failed: 0 })
    expect([rd.refused, hubspot.refused, pipedrive.refused]).toEqual([[], [], []])

    expect(rd.accepted).toEqual([
      {
        apiKey: RD_KEY,
        payload: {
          conversion_identifier: 'sessao-estrategica-agendada',
          email: CONTACT_FIELDS.email,
          name: 'Rafael Lima Souza',
          mobile_phone: '+5521998765432',
          company_name: CONTACT_FIELDS.company,
          traffic_source: 'google',
          traffic_medium: 'cpc',
          traffic_campaign: 'clinicas',
          cf_sessao_estrategica: WHEN,
          cf_especialista_sessao: 'Ana Ribeiro',
        },
      },
    ])

    expect(hubspot.accepted).toHaveLength(1)
    expect(hubspot.accepted[0]).toMatchObject({ formGuid: SESSION_GUID, body: { context: { pageUri: `${TEST_SITE}/agendar` } } })
    expect(Object.fromEntries((hubspot.accepted[0]!.body.fields as Array<{ name: string; value: string }>).map(({ name, value }) => [name, value]))).toEqual({
      email: CONTACT_FIELDS.email,
      firstname: 'Rafael',
      lastname: 'Lima Souza',
      phone: '+5521998765432',
      company: CONTACT_FIELDS.company,
      sessao_estrategica: WHEN,
    })

    expect(pipedrive.persons).toHaveLength(1)
    expect(pipedrive.activities).toEqual([
      {
        id: 1,
        subject: `Sessão Estratégica · Rafael Lima Souza (#${bookingId.slice(0, 8)})`,
        type: 'meeting',
        due_date: TUESDAY,
        due_time: '12:00',
        duration: '00:30',
        person_id: pipedrive.persons[0]!.id,
        note: expect.stringContaining(`Ver o lead no painel: ${TEST_SITE}/admin/leads/`),
      },
    ])
    const pipedriveRow = (await crmRows()).find((row) => row.target === 'pipedrive')
    expect(pipedriveRow!.payload).toMatchObject({ personId: pipedrive.persons[0]!.id, activityId: 1 })

    // Once: a later round sends nothing more.
    expect(await deliver(new Date(NOW.getTime() + 60_000))).toMatchObject({ delivered: 0 })
    expect([rd.accepted.length, hubspot.accepted.length, pipedrive.activities.length]).toEqual([1, 1, 1])
  })

  it('makes no second meeting when Pipedrive made one and its answer was lost', async () => {
    await bookTuesdayNine()
    pipedrive.loseAnswer('createActivity')
    await deliver()
    expect(pipedrive.activities).toHaveLength(1)
    expect((await crmRows()).find((row) => row.target === 'pipedrive')!.status).toBe('pending')
    // The retry finds the meeting by its reference among the person's activities.
    expect(await deliver(new Date(NOW.getTime() + 5_000))).toMatchObject({ delivered: 1 })
    expect(pipedrive.activities).toHaveLength(1)
    expect(pipedrive.calls.filter((call) => call === 'createActivity')).toHaveLength(1)
  })

  it('tells none of them of a session cancelled before they heard of it', async () => {
    const bookingId = await bookTuesdayNine()
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId))
    expect(await cancelBooking(db(), booking!.id, bookingEffects(outside(), settings, NOW).cancelled)).toHaveProperty('cancelled')
    expect((await crmRows()).map((row) => row.status)).toEqual(['skipped', 'skipped', 'skipped'])
    await deliver()
    expect([rd.seen(), hubspot.seen(), pipedrive.calls.length]).toEqual([0, 0, 0])
  })

  it("fails HubSpot's row with its words when the session's form lacks its field", async () => {
    bookingFormFields = ['email', 'firstname', 'lastname', 'phone', 'company']
    await bookTuesdayNine()
    expect(await deliver()).toMatchObject({ delivered: 2, failed: 1 })
    const failed = (await crmRows()).find((row) => row.target === 'hubspot')!
    expect(failed).toMatchObject({ status: 'failed', lastStatus: 400 })
    expect(failed.lastError).toContain('FIELD_NOT_IN_FORM_DEFINITION')
  })
})
