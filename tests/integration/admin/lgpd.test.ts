/**
 * LGPD requests in the admin area (ADR 032): everything held for an e-mail
 * (any case, the briefing's contact e-mail too), its JSON export, and its
 * deletion after confirmation, with an audit entry that holds no personal
 * data. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto'
import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signIn as adminSignIn } from '~/admin/auth.server'
import { statusChangedFlash, takeStatusChanged } from '~/admin/lead-status.server'
import { deletionFlash, handleLgpdDeletion, lgpdMessages, lgpdView, takeDeletionNotice } from '~/admin/lgpd-page.server'
import { personData, recordExport } from '~/admin/lgpd.server'
import { bookSlot } from '~/booking/bookings.server'
import { emailKey } from '~/leads/email-key.server'
import { contactPageSchema, newsletterSchema } from '~/leads/form-schemas'
import { handleLeadAction, type HandleLeadActionOptions, type LeadSchema } from '~/leads/lead-action.server'
import type { LeadPipeline } from '~/leads/lead-service.server'
import { briefingContact, briefingResults, briefingServerSchema } from '~/tools/briefing/briefing.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import { rowsOf, type DatabaseHandle } from '../../../db/client'
import { adminAuditLog, bookings, calculatorResults, leads, leadTracking, pipedrivePersonLocks, suspectedSpam, outbox } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { leadPost, TEST_SITE } from '../../support/lead-requests'

const briefing = {
  businessName: 'Ateliê Reis',
  businessType: 'ecommerce',
  agentPurpose: 'vendas',
  mainGoals: 'Responder as clientes no WhatsApp fora do horário da loja.',
  targetAudience: 'Clientes da loja.',
  tone: 'amigavel',
  operatingHours: 'personalizado',
  name: 'Joana Reis',
  country: 'BR',
  phone: '(11) 98765-4321',
  intent: 'send',
  etapa: '5',
}
const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'dpo@agencia.com.br' }
const post = (fields: Record<string, string>, confirm?: string) =>
  new Request(`${TEST_SITE}/admin/lgpd`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: fields.email ?? '', ...(confirm === undefined ? {} : { confirmacao: confirm }) }),
  })

describe.each(testDatabaseTargets())('LGPD requests on $kind', ({ open }) => {
  let handle: DatabaseHandle
  /** Every table of the site's schema, as the database lists them: a table added later is searched too. */
  const schemaTables = async () => {
    const rows = await rowsOf<{ name: string }>(
      handle.db,
      sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
    return rows.map((row) => row.name)
  }
  /** The tables with a row whose text (every column, JSON included) holds `email` in any case. */
  const tablesHolding = async (tables: string[], email: string) => {
    const holding: string[] = []
    for (const table of tables) {
      const [row] = await rowsOf<{ found: boolean }>(
        handle.db,
        sql`select exists (select 1 from ${sql.identifier(table)} as t where position(${email.toLowerCase()} in lower(t::text)) > 0) as found`,
      )
      if (row?.found) holding.push(table)
    }
    return holding
  }
  const pipeline = (): LeadPipeline => ({
    db: handle.db,
    timing: { timeoutMs: 1_000, retryScheduleMs: [1_000] },
    webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
  })
  /** A lead form's post from one visitor, stored on this database (no webhook). */
  const submit = <Schema extends LeadSchema>(options: Omit<HandleLeadActionOptions<Schema>, 'context' | 'pipeline'>) =>
    handleLeadAction({ ...options, context: { clientIp: '203.0.113.9' }, pipeline: pipeline() })
  const send = (email: string) =>
    submit({
      request: leadPost('/contato', { name: 'Joana Reis', email, phone: '(11) 98765-4321', message: 'Quero saber mais sobre automação.' }),
      form: 'contact',
      schema: contactPageSchema,
    })
  const subscribe = (email: string) => submit({ request: leadPost('/blog', { email, consent: 'on' }), form: 'newsletter', schema: newsletterSchema })
  const sendBriefing = (email: string) =>
    submit({
      request: leadPost('/criar-agente', { ...briefing, email }, { form: 'briefing' }),
      form: 'briefing',
      schema: briefingServerSchema,
      contact: briefingContact,
      results: briefingResults,
    })

  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    await handle.db.delete(adminAuditLog)
    resetLeadRateLimiter()
  })

  it('finds every lead of the e-mail in any case, with its tracking and deliveries, and exports it with an audit entry', async () => {
    await send('Joana@Exemplo.com.br')
    await send('joana@exemplo.com.br')
    await send('outra@exemplo.com.br')
    const held = await personData(handle.db, ' JOANA@exemplo.com.br ')
    expect(held.leads).toHaveLength(2)
    for (const lead of held.leads) {
      expect(lead.tracking).toHaveLength(1)
      expect(lead.deliveries).toHaveLength(1)
      // Each outbox row keeps its count of attempts beside their history.
      expect(lead.deliveries[0]).toMatchObject({ attempts: expect.any(Number), history: expect.any(Array) })
      expect(lead).not.toHaveProperty('submissionKey')
    }
    expect(JSON.stringify(held)).not.toContain('outra@exemplo.com.br')
    await recordExport(handle.db, admin, held)
    const view = await lgpdView(handle.db, new URLSearchParams({ email: 'joana@exemplo.com.br', confirmar: '1' }))
    expect(view).toMatchObject({ confirming: true, invalid: false })
    expect(view.leads).toHaveLength(2)
  })

  it('lists on the page, oldest first, exactly the leads the export holds, whichever form sent them', async () => {
    expect((await send('Joana@Exemplo.com.br')).status).toBe('success')
    expect((await subscribe('JOANA@exemplo.com.br')).status).toBe('success')
    expect((await sendBriefing('joana@exemplo.com.br')).status).toBe('success')
    expect((await send('outra@exemplo.com.br')).status).toBe('success')
    const stored = await handle.db.select().from(leads).orderBy(asc(leads.createdAt))
    const joana = stored.filter((lead) => lead.email.toLowerCase() === 'joana@exemplo.com.br')
    const view = await lgpdView(handle.db, new URLSearchParams({ email: ' Joana@exemplo.com.br' }))
    expect(view).toMatchObject({ email: 'joana@exemplo.com.br', invalid: false, confirming: false, deleted: null })
    // What each line of the list shows: the lead's page, its name, its form, when it came.
    expect(view.leads).toEqual(joana.map((lead) => ({ id: lead.id, name: lead.name, source: lead.source, createdAt: lead.createdAt.toISOString() })))
    expect(view.leads?.map((lead) => [lead.source, lead.name])).toEqual([
      ['formulario_contato', 'Joana Reis'],
      ['newsletter_blog', 'Inscrição Newsletter'],
      ['agent_briefing', 'Joana Reis'],
    ])
    // The same leads, in the same order, as the JSON export of that e-mail.
    const held = await personData(handle.db, 'joana@exemplo.com.br')
    expect(view.leads?.map((lead) => lead.id)).toEqual(held.leads.map((lead) => lead.id))
    // Nothing held: an empty list, and no deletion to confirm.
    expect(await lgpdView(handle.db, new URLSearchParams({ email: 'ninguem@exemplo.com.br', confirmar: '1' }))).toMatchObject({ leads: [], confirming: false })
  })

  it('deletes only after the e-mail is typed again, everything with it, and audits counts, never the data', async () => {
    await send('joana@exemplo.com.br')
    await send('outra@exemplo.com.br')
    expect(await handleLgpdDeletion(handle.db, admin, post({ email: 'joana@exemplo.com.br' }, 'joana@exemplo.com'))).toEqual({
      ok: false,
      status: 400,
      message: lgpdMessages.mismatch,
    })
    expect(await handleLgpdDeletion(handle.db, admin, post({ email: 'joana@exemplo.com.br' }, ' JOANA@exemplo.com.br'))).toEqual({
      ok: true,
      deleted: { leads: 1, deliveries: 1, spam: 0 },
    })
    expect((await personData(handle.db, 'joana@exemplo.com.br')).leads).toEqual([])
    // The other person's lead, and only it, is still there, with its rows.
    expect((await handle.db.select({ email: leads.email }).from(leads)).map((row) => row.email)).toEqual(['outra@exemplo.com.br'])
    expect(await handle.db.select().from(leadTracking)).toHaveLength(1)
    expect(await handle.db.select().from(outbox)).toHaveLength(1)
    const audit = await handle.db.select().from(adminAuditLog)
    expect(audit.map((row) => [row.adminEmail, row.action, row.details])).toEqual([[admin.email, 'lgpd_delete', { leads: 1, deliveries: 1, spam: 0 }]])
    expect(JSON.stringify(audit)).not.toContain('joana')
  })

  it('says what a deletion removed once, from the server’s own message, never from the URL', async () => {
    // A link that claims a deletion shows none.
    expect(await lgpdView(handle.db, new URLSearchParams({ excluidos: '9', spam: '4' }))).toMatchObject({ deleted: null })
    const setCookie = await deletionFlash(post({}), { leads: 2, deliveries: 5, spam: 1 })
    const cookie = setCookie.slice(0, setCookie.indexOf(';'))
    const next = new Request(`${TEST_SITE}/admin/lgpd`, { headers: { Cookie: cookie } })
    const notice = await takeDeletionNotice(next)
    expect(notice.deleted).toEqual({ leads: 2, spam: 1 })
    // The message is spent by the page that shows it.
    expect(notice.setCookie).toMatch(/Max-Age=0/)
    expect(await lgpdView(handle.db, new URLSearchParams(), notice.deleted)).toMatchObject({ deleted: { leads: 2, spam: 1 } })
    // A forged or unsigned message says nothing.
    const forged = new Request(`${TEST_SITE}/admin/lgpd`, {
      headers: { Cookie: cookie.replace(/=.*/, '=eyJsZ3BkRGVsZXRlZCI6eyJsZWFkcyI6OX19') },
    })
    expect((await takeDeletionNotice(forged)).deleted).toBeNull()
    // Another page's message (the leads table's) is neither shown nor spent here.
    const other = await statusChangedFlash(post({}), 3)
    const leadsMessage = new Request(`${TEST_SITE}/admin/lgpd`, { headers: { Cookie: other.slice(0, other.indexOf(';')) } })
    expect(await takeDeletionNotice(leadsMessage)).toEqual({ deleted: null, setCookie: null })
    expect((await takeStatusChanged(leadsMessage)).changed).toBe(3)
  })

  it('finds, exports and deletes what waits in the spam folder under the e-mail, and nobody else’s', async () => {
    // Two posts the honeypot caught (an autofilled hidden field): one from Joana, one from someone else.
    const trapped = (email: string) =>
      submit({
        request: leadPost('/contato', { name: 'Joana Reis', email, phone: '(11) 98765-4321', message: 'Quero saber mais.' }, { honeypot: 'autofill' }),
        form: 'contact',
        schema: contactPageSchema,
      })
    await trapped('Joana@Exemplo.com.br')
    await trapped('outra@exemplo.com.br')
    expect(await handle.db.select().from(leads)).toEqual([])

    const view = await lgpdView(handle.db, new URLSearchParams({ email: 'joana@exemplo.com.br', confirmar: '1' }))
    expect(view).toMatchObject({ leads: [], spam: 1, confirming: true })
    const held = await personData(handle.db, ' JOANA@exemplo.com.br ')
    expect(held.suspectedSpam).toHaveLength(1)
    expect(held.suspectedSpam[0]).toMatchObject({ form: 'contact', reason: 'honeypot', submission: { data: { email: 'joana@exemplo.com.br' } } })
    await recordExport(handle.db, admin, held)

    expect(await handleLgpdDeletion(handle.db, admin, post({ email: 'joana@exemplo.com.br' }, 'joana@exemplo.com.br'))).toEqual({
      ok: true,
      deleted: { leads: 0, deliveries: 0, spam: 1 },
    })
    expect((await handle.db.select({ email: suspectedSpam.email }).from(suspectedSpam)).map((row) => row.email)).toEqual(['outra@exemplo.com.br'])
    const audit = await handle.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id))
    expect(audit.map((row) => [row.action, row.details])).toEqual([
      ['lgpd_export', { leads: 0, spam: 1 }],
      ['lgpd_delete', { leads: 0, deliveries: 0, spam: 1 }],
    ])
  })

  it("finds and deletes a newsletter subscriber whose address has no dot after the '@'", async () => {
    expect((await subscribe('nome.sobrenome@empresa')).status).toBe('success')
    const view = await lgpdView(handle.db, new URLSearchParams({ email: 'Nome.Sobrenome@Empresa' }))
    expect(view).toMatchObject({ invalid: false })
    expect(view.leads).toHaveLength(1)
    expect(await handleLgpdDeletion(handle.db, admin, post({ email: 'nome.sobrenome@empresa' }, 'nome.sobrenome@empresa'))).toEqual({
      ok: true,
      deleted: { leads: 1, deliveries: 1, spam: 0 },
    })
  })

  it('leaves the e-mail in no table of the schema, the rate limits’ included', async () => {
    const tables = await schemaTables()
    expect(tables).toEqual(expect.arrayContaining(['leads', 'suspected_spam', 'rate_limit_hits', 'agent_briefings', 'outbox']))
    // Everything the site keeps of Joana: a message, a briefing, a trapped post, Pipedrive's per-person lock and failed admin sign-ins on her e-mail.
    expect((await send('Joana@Exemplo.com.br')).status).toBe('success')
    expect((await sendBriefing('joana@exemplo.com.br')).status).toBe('success')
    await submit({
      request: leadPost(
        '/contato',
        { name: 'Joana Reis', email: 'JOANA@exemplo.com.br', phone: '(11) 98765-4321', message: 'Quero saber mais.' },
        { honeypot: 'x' },
      ),
      form: 'contact',
      schema: contactPageSchema,
    })
    // Pipedrive's lock on her, as sendToPipedrive takes it: under her e-mail's digest, never the e-mail.
    const digest = emailKey('joana@exemplo.com.br')
    await handle.db.insert(pipedrivePersonLocks).values({ emailSha256: digest, deliveryId: randomUUID(), expiresAt: new Date(Date.now() + 30_000) })
    const signIn = { db: handle.db, clientIp: '203.0.113.9' }
    expect(await adminSignIn(new Request(`${TEST_SITE}/admin/entrar`), { email: 'Joana@Exemplo.com.br', password: 'errada' }, signIn)).toMatchObject({
      ok: false,
    })
    expect((await send('outra@exemplo.com.br')).status).toBe('success')
    const holding = await tablesHolding(tables, 'joana@exemplo.com.br')
    expect(holding).toEqual(expect.arrayContaining(['leads', 'agent_briefings', 'suspected_spam', 'outbox']))
    // The limits and the lock hold her e-mail's digest, never the e-mail.
    expect(holding).not.toContain('rate_limit_hits')
    expect(holding).not.toContain('pipedrive_person_locks')
    expect(await tablesHolding(tables, digest)).toEqual(['pipedrive_person_locks', 'rate_limit_hits'])

    expect(await handleLgpdDeletion(handle.db, admin, post({ email: 'joana@exemplo.com.br' }, 'joana@exemplo.com.br'))).toMatchObject({ ok: true })
    expect(await tablesHolding(tables, 'joana@exemplo.com.br')).toEqual([])
    expect(await tablesHolding(tables, digest)).toEqual([])
    // Nobody else's rows went with hers.
    expect(await tablesHolding(tables, 'outra@exemplo.com.br')).toEqual(expect.arrayContaining(['leads', 'outbox']))
  })

  it('deletes a tool’s result with its lead', async () => {
    await send('joana@exemplo.com.br')
    const [lead] = await handle.db.select({ id: leads.id }).from(leads)
    await handle.db
      .insert(calculatorResults)
      .values({ leadId: lead!.id, metricType: 'cac', calculatedValue: 250, inputValues: { totalCosts: 1000, newCustomers: 4 } })
    expect((await personData(handle.db, 'joana@exemplo.com.br')).leads[0]?.calculatorResults).toHaveLength(1)
    expect(await handleLgpdDeletion(handle.db, admin, post({ email: 'joana@exemplo.com.br' }, 'joana@exemplo.com.br'))).toEqual({
      ok: true,
      deleted: { leads: 1, deliveries: 1, spam: 0 },
    })
    expect(await handle.db.select().from(calculatorResults)).toEqual([])
  })

  it('exports the person’s bookings of the strategy session with their lead, and deletes them with it', async () => {
    await send('joana@exemplo.com.br')
    const [lead] = await handle.db.select({ id: leads.id }).from(leads)
    const start = new Date('2026-12-01T13:00:00Z')
    const booked = await bookSlot(handle.db, { leadId: lead!.id, specialist: 'ana-ribeiro', start, end: new Date('2026-12-01T13:30:00Z'), bufferMinutes: 0 })
    expect(booked).toHaveProperty('booking')
    expect((await personData(handle.db, 'joana@exemplo.com.br')).leads[0]?.bookings).toEqual([
      expect.objectContaining({ specialist: 'ana-ribeiro', startsAt: start, status: 'booked' }),
    ])
    await handleLgpdDeletion(handle.db, admin, post({ email: 'joana@exemplo.com.br' }, 'joana@exemplo.com.br'))
    expect(await handle.db.select().from(bookings)).toEqual([])
  })
})
