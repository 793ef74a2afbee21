/**
 * Leads into Pipedrive from the outbox (issue 35, item 3; ADR 047): the
 * person found by e-mail or created, then a lead titled with the form and
 * the company, against a stand-in that keeps persons and leads as Pipedrive
 * does (tests/support/crm-stand-ins.ts). A lost answer after Pipedrive made
 * the person or the lead (the crash between its answer and our record) makes
 * no second one; 429 and 5xx are retried, a refusal fails with Pipedrive's
 * words. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signIn as adminSignIn } from '~/admin/auth.server'
import { emailKey } from '~/leads/email-key.server'
import { submitLead, type LeadPipeline, type LeadContactData } from '~/leads/lead-service.server'
import { captureOrigin } from '~/leads/origin-tracking.server'
import { deliverOutbox } from '~/leads/outbox.server'
import { PIPEDRIVE_TARGET, pipedriveHandlers, type PipedriveRowPayload } from '~/leads/pipedrive.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import { pipedrivePersonLocks, rateLimitHits, outbox } from '../../../db/schema'
import { startPipedriveStandIn, type PipedriveStandIn } from '../../support/crm-stand-ins'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { CONTACT_FIELDS, pageView } from '../../support/lead-requests'

const TOKEN = 'token-da-api-do-pipedrive-de-teste'
const contact: LeadContactData = { ...CONTACT_FIELDS, name: 'Rafael Lima Souza' }

describe.each(testDatabaseTargets())('leads into Pipedrive on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let pipedrive: PipedriveStandIn

  const pipeline = ({ now, configured = true }: { now?: () => Date; configured?: boolean } = {}): LeadPipeline => {
    const settings = configured ? { url: pipedrive.url, apiToken: TOKEN } : null
    return {
      db: handle.db,
      timing: { timeoutMs: 1_000, retryScheduleMs: [1_000, 2_000] },
      webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
      handlers: pipedriveHandlers(settings, () => handle.db),
      ...(now ? { now } : {}),
    }
  }
  const later = (ms: number) => () => new Date(Date.now() + ms)
  const rows = () => handle.db.select().from(outbox).where(eq(outbox.target, PIPEDRIVE_TARGET))
  const send = async (data: LeadContactData = contact, form: 'contact' | 'home' = 'contact') =>
    submitLead({ form, data, origin: (await captureOrigin(pageView('/contato'))).origin, consentVersion: 'teste' }, pipeline())

  beforeAll(async () => {
    handle = await open()
    pipedrive = await startPipedriveStandIn({ apiToken: TOKEN })
  })
  afterAll(async () => {
    await pipedrive?.close()
    await handle?.close()
  })
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    await handle.db.delete(rateLimitHits)
    pipedrive.reset()
    resetLeadRateLimiter()
  })

  it('creates the person and a lead titled with the form and the company, and keeps both ids', async () => {
    const { leadId } = await send()
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 1 })
    expect(pipedrive.refused).toEqual([])
    expect(pipedrive.calls).toEqual(['searchPersons', 'createPerson', 'listLeads', 'createLead'])
    expect(pipedrive.persons).toEqual([
      {
        id: 1,
        name: 'Rafael Lima Souza',
        emails: [{ value: 'rafael@clinicaboavista.com.br', primary: true, label: 'work' }],
        phones: [{ value: '+5521998765432', primary: true, label: 'mobile' }],
      },
    ])
    expect(pipedrive.leads).toEqual([{ id: expect.any(String), title: `Página de contato · Clínica Boa Vista (#${leadId.slice(0, 8)})`, person_id: 1 }])
    const [row] = await rows()
    expect(row).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(row!.payload).toMatchObject({ personId: 1, pipedriveLeadId: pipedrive.leads[0]!.id } satisfies Partial<PipedriveRowPayload>)
    expect(JSON.stringify(row!.payload)).not.toContain(TOKEN)
  })

  it('a person already in Pipedrive gets the new lead; a second lead of the same person makes no second person', async () => {
    await send()
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 1 })
    await send({ ...contact, email: 'RAFAEL@clinicaboavista.com.br', company: null }, 'home')
    // The first lead's hold on the person's e-mail lasts 30 s; then the second finds the person.
    expect(await deliverOutbox(pipeline({ now: later(31_000) }))).toMatchObject({ delivered: 1 })
    expect(pipedrive.persons).toHaveLength(1)
    expect(pipedrive.leads.map((lead) => lead.title.replace(/ \(#\w+\)$/, ''))).toEqual([
      'Página de contato · Clínica Boa Vista',
      'Formulário da página inicial · Rafael Lima Souza',
    ])
  })

  it('two rows of one e-mail delivered at once (two instances) make one person: the second waits for the first’s lock', async () => {
    await send()
    await send({ ...contact, email: 'Rafael@ClinicaBoaVista.com.br', company: null }, 'home')
    // Searches that take a while: without the lock, both rows would search before either made the person.
    pipedrive.slow('searchPersons', 150)
    const instance = () => deliverOutbox(pipeline(), { perTarget: 1, maxClaims: 1 })
    const [a, b] = await Promise.all([instance(), instance()])
    expect(a.claimed + b.claimed).toBe(2)
    expect(a.delivered + b.delivered).toBe(1)
    expect(a.pending + b.pending).toBe(1)
    expect(pipedrive.persons).toHaveLength(1)
    const waiting = (await rows()).find((row) => row.status === 'pending')
    // Deferred: no attempt spent, due again when the lock would end.
    expect(waiting).toMatchObject({ attempts: 0 })
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
    // The first kept the person's id and let the lock go: nothing is left of it, nor of the e-mail.
    expect(await handle.db.select().from(pipedrivePersonLocks)).toEqual([])
    expect(await deliverOutbox(pipeline({ now: later(31_000) }))).toMatchObject({ delivered: 1 })
    expect(pipedrive.persons).toHaveLength(1)
    expect(pipedrive.leads).toHaveLength(2)
    expect(new Set(pipedrive.leads.map((lead) => lead.person_id))).toEqual(new Set([1]))
  })

  it('a lock held after a lost answer is keyed by the e-mail’s SHA-256 and holds another row of that e-mail until it ends', async () => {
    pipedrive.loseAnswer('createPerson')
    await send()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 1 })
    expect(await handle.db.select({ key: pipedrivePersonLocks.emailSha256 }).from(pipedrivePersonLocks)).toEqual([{ key: emailKey(contact.email) }])
    await send({ ...contact, email: contact.email.toUpperCase() }, 'home')
    // Both rows are due again before the lock ends: neither searches while Pipedrive may still be making the person.
    pipedrive.calls.length = 0
    expect(await deliverOutbox(pipeline({ now: later(2_000) }))).toMatchObject({ claimed: 2, pending: 2 })
    expect(pipedrive.calls).toEqual([])
    // Once it ends, each row finds the person. Whether the second row meets the first's new lock depends on the
    // order the two attempts reach the database (the test above makes that overlap on purpose), so only the
    // outcome is asserted here: every row delivered within two rounds, and no person made.
    const afterLock = await deliverOutbox(pipeline({ now: later(31_000) }))
    expect(afterLock.delivered).toBeGreaterThanOrEqual(1)
    expect(afterLock.delivered + afterLock.pending).toBe(2)
    await deliverOutbox(pipeline({ now: later(62_000) }))
    expect((await rows()).map((row) => row.status)).toEqual(['delivered', 'delivered'])
    expect(pipedrive.calls.filter((call) => call === 'createPerson')).toEqual([])
    expect(pipedrive.persons).toHaveLength(1)
    expect(pipedrive.leads).toHaveLength(2)
  })

  it('after deliveries of one e-mail and a failed admin sign-in, neither the limits nor the lock hold an e-mail', async () => {
    await send()
    await send({ ...contact, email: contact.email.toUpperCase() }, 'home')
    pipedrive.slow('searchPersons', 150)
    // A lock taken, a row deferred by it, and one held after a lost answer.
    const instance = () => deliverOutbox(pipeline(), { perTarget: 1, maxClaims: 1 })
    await Promise.all([instance(), instance()])
    await send({ ...contact, email: 'outra@clinicaboavista.com.br' })
    pipedrive.loseAnswer('createPerson')
    await deliverOutbox(pipeline())
    const signIn = await adminSignIn(
      new Request('http://localhost/admin/entrar'),
      { email: 'Dona@Agencia.com.br', password: 'errada' },
      { db: handle.db, clientIp: '203.0.113.5' },
    )
    expect(signIn).toMatchObject({ ok: false, status: 400 })
    const keys = (await handle.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key)
    expect(keys.some((key) => key.includes(emailKey('dona@agencia.com.br')))).toBe(true)
    expect(keys.filter((key) => key.includes('@'))).toEqual([])
    const locks = await handle.db.select().from(pipedrivePersonLocks)
    expect(locks.map((lock) => lock.emailSha256)).toEqual([emailKey('outra@clinicaboavista.com.br')])
    expect(JSON.stringify(locks)).not.toContain('@')
  })

  it('Pipedrive made the person but the answer was lost: the retry finds it, and no second person is made', async () => {
    pipedrive.loseAnswer('createPerson')
    await send()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 1 })
    expect(pipedrive.persons).toHaveLength(1)
    const [waiting] = await rows()
    expect(waiting!.lastError).toMatch(/Pipedrive: fetch failed/)
    expect(await deliverOutbox(pipeline({ now: later(31_000) }))).toMatchObject({ delivered: 1 })
    expect(pipedrive.persons).toHaveLength(1)
    expect(pipedrive.leads).toHaveLength(1)
  })

  it('Pipedrive made the lead but the answer was lost: the retry finds it by its reference, and no second lead is made', async () => {
    pipedrive.loseAnswer('createLead')
    await send()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 1 })
    expect(pipedrive.leads).toHaveLength(1)
    // The person's id was kept with the row: the retry does not search again.
    expect((await rows())[0]!.payload).toMatchObject({ personId: 1 })
    pipedrive.calls.length = 0
    expect(await deliverOutbox(pipeline({ now: later(1_500) }))).toMatchObject({ delivered: 1 })
    expect(pipedrive.calls).toEqual(['listLeads'])
    expect(pipedrive.persons).toHaveLength(1)
    expect(pipedrive.leads).toHaveLength(1)
    expect((await rows())[0]!.payload).toMatchObject({ pipedriveLeadId: pipedrive.leads[0]!.id })
  })

  it('429 and 5xx are retried; a refusal fails at once with Pipedrive’s words', async () => {
    pipedrive.queue('searchPersons', { status: 429, headers: { 'Retry-After': '2' }, body: { success: false, error: 'Rate limit exceeded' } })
    pipedrive.queue('searchPersons', { status: 503, body: { success: false, error: 'Service unavailable' } })
    await send()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 1 })
    expect((await rows())[0]).toMatchObject({ lastStatus: 429 })
    expect(await deliverOutbox(pipeline({ now: later(31_000) }))).toMatchObject({ pending: 1 })
    expect((await rows())[0]).toMatchObject({ lastStatus: 503, lastError: 'HTTP 503: Pipedrive: Service unavailable' })
    expect(await deliverOutbox(pipeline({ now: later(62_000) }))).toMatchObject({ delivered: 1 })
    expect(pipedrive.persons).toHaveLength(1)

    await truncateLeadTables(handle.db)
    resetLeadRateLimiter()
    pipedrive.queue('createLead', { status: 402, body: { success: false, error: 'Payment required', error_info: 'Your company account is not paid' } })
    await send({ ...contact, email: 'outra@clinica.com.br' })
    expect(await deliverOutbox(pipeline())).toMatchObject({ failed: 1 })
    expect((await rows())[0]).toMatchObject({
      status: 'failed',
      lastStatus: 402,
      lastError: 'HTTP 402: Pipedrive: Payment required · Your company account is not paid',
    })
    expect(await deliverOutbox(pipeline({ now: later(3_600_000) }))).toMatchObject({ claimed: 0 })
  })

  it('without PIPEDRIVE_API_TOKEN nothing is queued', async () => {
    await submitLead(
      { form: 'contact', data: contact, origin: (await captureOrigin(pageView('/contato'))).origin, consentVersion: 'teste' },
      pipeline({ configured: false }),
    )
    expect(await rows()).toEqual([])
    expect(pipedrive.calls).toEqual([])
  })
})
