/**
 * Sales marks a lead's progress (ADR 048): the status forms' checks, one
 * lead and many at once, the stages' times (kept on perdido, cleared on a
 * step back), the audit log, the table's filters and CSV columns, and the
 * dashboard's time to first contact and sales funnel, whose links list
 * exactly the leads they count. Rows written straight to the database, on
 * known times. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { asc, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { dashboardFigures } from '~/admin/dashboard.server'
import { leadFiltersFrom } from '~/admin/lead-filters'
import { leadStatusMessages } from '~/admin/lead-status'
import { changeLeadStatus, MAX_BULK_LEADS, parseStatusChange } from '~/admin/lead-status.server'
import { leadsCsv } from '~/admin/leads-csv'
import { exportLeads, listLeads } from '~/admin/leads.server'
import { NO_CONVERSIONS, type ConversionSettings } from '~/leads/conversions.server'
import type { DatabaseHandle } from '../../../db/client'
import { adminAuditLog, leads, leadTracking, outbox } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'

const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'vendas@agencia.com.br' }
const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}
const ID = '6f1c2b8e-3d4a-4f5b-9c7d-8e9f0a1b2c3d'

describe('the status forms', () => {
  it('take a status of the list, a reason when lost, and one to a page of leads', () => {
    expect(
      parseStatusChange(
        form([
          ['status', 'qualified'],
          ['lead', ID],
          ['lead', ID],
        ]),
      ),
    ).toEqual({
      ok: true,
      change: { status: 'qualified', reason: null, leadIds: [ID] },
    })
    // A reason sent with another status is not kept.
    expect(
      parseStatusChange(
        form([
          ['status', 'won'],
          ['motivo', 'postponed'],
          ['lead', ID],
        ]),
      ),
    ).toMatchObject({ ok: true, change: { reason: null } })
    expect(
      parseStatusChange(
        form([
          ['status', 'lost'],
          ['motivo', 'other_agency'],
          ['lead', ID],
        ]),
      ),
    ).toMatchObject({
      ok: true,
      change: { status: 'lost', reason: 'other_agency' },
    })
    expect(
      parseStatusChange(
        form([
          ['status', 'lost'],
          ['lead', ID],
        ]),
      ),
    ).toEqual({ ok: false, message: leadStatusMessages.reason, field: 'motivo' })
    expect(
      parseStatusChange(
        form([
          ['status', 'lost'],
          ['motivo', 'porque-sim'],
          ['lead', ID],
        ]),
      ),
    ).toMatchObject({ field: 'motivo' })
    expect(
      parseStatusChange(
        form([
          ['status', 'ganho'],
          ['lead', ID],
        ]),
      ),
    ).toEqual({ ok: false, message: leadStatusMessages.status, field: 'status' })
    expect(parseStatusChange(form([['lead', ID]]))).toMatchObject({ ok: false, field: 'status' })
    // A page rendered before the stored values became English (migration 0015) posts the pt-BR words: the same change.
    expect(
      parseStatusChange(
        form([
          ['status', 'perdido'],
          ['motivo', 'adiado'],
          ['lead', ID],
        ]),
      ),
    ).toEqual({ ok: true, change: { status: 'lost', reason: 'postponed', leadIds: [ID] } })
    expect(parseStatusChange(form([['status', 'new']]))).toEqual({ ok: false, message: leadStatusMessages.noLeads, field: 'lead' })
    const tooMany = Array.from({ length: MAX_BULK_LEADS + 1 }, (_, index): [string, string] => ['lead', `${index}`])
    expect(parseStatusChange(form([['status', 'new'], ...tooMany]))).toEqual({
      ok: false,
      message: leadStatusMessages.tooMany(MAX_BULK_LEADS),
      field: 'lead',
    })
  })
})

describe.each(testDatabaseTargets())('sales progress on $kind', ({ open }) => {
  let handle: DatabaseHandle
  const db = () => handle.db
  /** The statements Drizzle sends while it is set. */
  let statements: string[] | undefined
  const change = (leadIds: string[], status: Parameters<typeof changeLeadStatus>[2]['status'], at: string, reason: 'no_response' | null = null) =>
    changeLeadStatus(db(), admin, { status, reason, leadIds }, { now: new Date(at), conversions: NO_CONVERSIONS })
  const insertLead = async (name: string, at: string, source = 'formulario_contato', utmCampaign?: string) => {
    const createdAt = new Date(at)
    const [lead] = await db()
      .insert(leads)
      .values({ name, email: `${name.toLowerCase().replaceAll(' ', '.')}@exemplo.com.br`, source, consentVersion: 'v1', consentAt: createdAt, createdAt })
      .returning({ id: leads.id })
    if (utmCampaign) await db().insert(leadTracking).values({ leadId: lead!.id, utmCampaign })
    return lead!.id
  }
  const stored = async (id: string) => {
    const [row] = await db()
      .select({ status: leads.status, lostReason: leads.lostReason, contactedAt: leads.contactedAt, qualifiedAt: leads.qualifiedAt, wonAt: leads.wonAt })
      .from(leads)
      .where(eq(leads.id, id))
    return row!
  }

  beforeAll(async () => {
    handle = await open({ logger: { logQuery: (query) => statements?.push(query) } })
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await truncateLeadTables(db())
    await db().delete(adminAuditLog)
  })

  it('keeps when each stage was first reached, keeps them on lost, clears them on a step back, and audits every change', async () => {
    const id = await insertLead('Rafael Lima', '2026-11-27T12:00:00Z')
    expect(await stored(id)).toEqual({ status: 'new', lostReason: null, contactedAt: null, qualifiedAt: null, wonAt: null })

    expect(await change([id], 'contacted', '2026-11-27T12:04:00Z')).toEqual({ ok: true, changed: 1 })
    expect(await change([id], 'qualified', '2026-11-27T15:00:00Z')).toEqual({ ok: true, changed: 1 })
    expect(await stored(id)).toMatchObject({ contactedAt: new Date('2026-11-27T12:04:00Z'), qualifiedAt: new Date('2026-11-27T15:00:00Z'), wonAt: null })
    // The same status again is no change.
    expect(await change([id], 'qualified', '2026-11-27T16:00:00Z')).toEqual({ ok: true, changed: 0 })

    await change([id], 'lost', '2026-11-28T09:00:00Z', 'no_response')
    expect(await stored(id)).toEqual({
      status: 'lost',
      lostReason: 'no_response',
      contactedAt: new Date('2026-11-27T12:04:00Z'),
      qualifiedAt: new Date('2026-11-27T15:00:00Z'),
      wonAt: null,
    })
    // Straight to cliente: every stage before it counts as reached then.
    await change([id], 'new', '2026-11-28T09:01:00Z')
    expect(await stored(id)).toEqual({ status: 'new', lostReason: null, contactedAt: null, qualifiedAt: null, wonAt: null })
    await change([id], 'won', '2026-11-28T10:00:00Z')
    const won = new Date('2026-11-28T10:00:00Z')
    expect(await stored(id)).toEqual({ status: 'won', lostReason: null, contactedAt: won, qualifiedAt: won, wonAt: won })

    const audit = await db()
      .select({ adminEmail: adminAuditLog.adminEmail, action: adminAuditLog.action, details: adminAuditLog.details })
      .from(adminAuditLog)
      .orderBy(asc(adminAuditLog.id))
    expect(audit.map((entry) => entry.details)).toEqual([
      { leadId: id, previousStatus: 'new', status: 'contacted' },
      { leadId: id, previousStatus: 'contacted', status: 'qualified' },
      { leadId: id, previousStatus: 'qualified', status: 'lost', reason: 'no_response' },
      { leadId: id, previousStatus: 'lost', status: 'new' },
      { leadId: id, previousStatus: 'new', status: 'won' },
    ])
    expect(new Set(audit.map((entry) => `${entry.adminEmail} ${entry.action}`))).toEqual(new Set([`${admin.email} lead_status`]))
  })

  it('changes many leads at once, skips those already there, and refuses unknown ids; the database refuses lost without a reason', async () => {
    const ids = await Promise.all(['Ana', 'Bruno', 'Carla'].map((name, index) => insertLead(name, `2026-11-27T1${index}:00:00Z`)))
    await change([ids[0]!], 'contacted', '2026-11-27T13:00:00Z')
    expect(await change([...ids, 'nao-e-um-id'], 'contacted', '2026-11-27T14:00:00Z')).toEqual({ ok: true, changed: 2 })
    expect((await db().select({ status: leads.status }).from(leads)).map((row) => row.status)).toEqual(['contacted', 'contacted', 'contacted'])
    expect(await db().$count(adminAuditLog)).toBe(3)
    expect(await change(['00000000-0000-4000-8000-00000000dead'], 'won', '2026-11-27T14:00:00Z')).toEqual({
      ok: false,
      message: leadStatusMessages.unknown,
    })
    await expect(db().update(leads).set({ status: 'lost' }).where(eq(leads.id, ids[0]!))).rejects.toThrow()
  })

  it('changes a page of 50 leads in five statements: the rows locked, one update, the audit entries, the closed loop read and written', async () => {
    const conversions: ConversionSettings = {
      ga4: { url: 'http://127.0.0.1:9/mp/collect', measurementId: 'G-TESTE12345', apiSecret: 'segredo' },
      meta: { url: 'http://127.0.0.1:9', pixelId: '1234567890', accessToken: 'token' },
    }
    const at = new Date('2026-11-27T12:00:00Z')
    const ids = (
      await db()
        .insert(leads)
        .values(
          Array.from({ length: MAX_BULK_LEADS }, (_, index) => ({
            name: `Lead ${index}`,
            email: `lead${index}@exemplo.com.br`,
            source: 'formulario_contato',
            consentVersion: 'v1',
            consentAt: at,
            createdAt: at,
            // Every other lead accepted marketing cookies: only those hear of the closed loop.
            marketingConsent: index % 2 === 0,
          })),
        )
        .returning({ id: leads.id, consent: leads.marketingConsent })
    ).sort((a, b) => a.id.localeCompare(b.id))
    // Each lead's first conversion to GA4 and Meta, as the lead service stores it.
    await db()
      .insert(outbox)
      .values(
        ids.flatMap(({ id }) => [
          {
            leadId: id,
            target: 'ga4',
            messageId: `ga4-${id}`,
            status: 'delivered' as const,
            payload: { client_id: `c-${id}`, events: [{ name: 'generate_lead', params: {} }] },
          },
          { leadId: id, target: 'meta', messageId: `meta-${id}`, status: 'delivered' as const, payload: { data: [{ event_name: 'Lead', user_data: {} }] } },
        ]),
      )
    // Three are already won: skipped, with no audit entry and nothing sent again.
    const already = ids.slice(0, 3).map((lead) => lead.id)
    await changeLeadStatus(db(), admin, { status: 'won', reason: null, leadIds: already }, { now: at, conversions: NO_CONVERSIONS })
    await db().delete(adminAuditLog)

    const now = new Date('2026-11-28T12:00:00Z')
    statements = []
    const result = await changeLeadStatus(db(), admin, { status: 'won', reason: null, leadIds: ids.map((lead) => lead.id) }, { now, conversions })
    const sent = statements
    statements = undefined

    expect(result).toEqual({ ok: true, changed: MAX_BULK_LEADS - 3 })
    // Whatever the number of leads: the same five statements (the transaction's begin and commit are the driver's).
    expect(sent).toEqual([
      expect.stringMatching(/^select .* from "leads" where "leads"."id" in \(.*\) order by .* for update$/),
      expect.stringMatching(/^update "leads" set .* from \(values \(.*\)\) as changed \(id, contacted_at, qualified_at, won_at\) where/),
      expect.stringMatching(/^insert into "admin_audit_log" /),
      expect.stringMatching(/^select .* from "outbox" where /),
      expect.stringMatching(/^insert into "outbox" .* on conflict \("lead_id","target","event"\) where event is not null do nothing$/),
    ])

    // The same outcome as one lead at a time: every stage reached now (the skipped ones keep theirs), an entry per changed lead.
    const rows = await db().select({ id: leads.id, status: leads.status, contactedAt: leads.contactedAt, wonAt: leads.wonAt }).from(leads)
    for (const row of rows) {
      const when = already.includes(row.id) ? at : now
      expect(row).toEqual({ id: row.id, status: 'won', contactedAt: when, wonAt: when })
    }
    const audit = await db().select({ details: adminAuditLog.details }).from(adminAuditLog).orderBy(asc(adminAuditLog.id))
    expect(audit.map((entry) => entry.details)).toEqual(ids.slice(3).map((lead) => ({ leadId: lead.id, previousStatus: 'new', status: 'won' })))
    // The closed loop: two stages to two vendors for each consenting lead changed now.
    const closedLoop = await db().select({ leadId: outbox.leadId, target: outbox.target, event: outbox.event }).from(outbox).where(isNotNull(outbox.event))
    const consenting = ids.slice(3).filter((lead) => lead.consent)
    const key = (row: { leadId: string | null; target: string; event: string | null }) => `${row.leadId}:${row.event}:${row.target}`
    expect(closedLoop.map(key).sort()).toEqual(
      consenting.flatMap(({ id }) => ['qualified', 'won'].flatMap((event) => ['ga4', 'meta'].map((target) => key({ leadId: id, target, event })))).sort(),
    )
  })

  it('filters the table by status and by stage reached, and exports both in the CSV', async () => {
    const [lost, contacted, client] = await Promise.all([
      insertLead('Perdido Depois', '2026-11-27T10:00:00Z'),
      insertLead('Em Contato', '2026-11-27T11:00:00Z'),
      insertLead('Cliente Novo', '2026-11-27T12:00:00Z'),
      insertLead('Ainda Novo', '2026-11-27T13:00:00Z'),
    ])
    await change([lost!, contacted!], 'contacted', '2026-11-27T14:00:00Z')
    await change([lost!], 'lost', '2026-11-27T15:00:00Z', 'no_response')
    await change([client!], 'won', '2026-11-27T16:00:00Z')
    const names = async (query: string) => (await listLeads(db(), leadFiltersFrom(new URLSearchParams(query)))).rows.map((row) => row.name).sort()
    expect(await names('status=novo')).toEqual(['Ainda Novo'])
    expect(await names('status=perdido')).toEqual(['Perdido Depois'])
    expect(await names('etapa=em_contato')).toEqual(['Cliente Novo', 'Em Contato', 'Perdido Depois'])
    expect(await names('etapa=cliente')).toEqual(['Cliente Novo'])
    // A status the list does not know is no filter.
    expect(await names('status=ganho')).toHaveLength(4)

    const csv = leadsCsv(await exportLeads(db(), leadFiltersFrom(new URLSearchParams('status=perdido'))))
    const [header, row] = csv.replace('\uFEFF', '').split('\r\n')
    expect(header).toContain(',Status,Motivo da perda,')
    expect(row).toContain(',Perdido,Não respondeu,')
  })

  it('shows on the dashboard the time to first contact, over all and by hour, and the funnel by source and campaign', async () => {
    // Monday 30 November 2026, 17:00 in Brasília; the 7-day period is 24–30 November.
    const now = new Date('2026-11-30T20:00:00Z')
    // 09:00 and 09:30 in Brasília (12:00, 12:30 UTC); 14:00 (17:00 UTC).
    const fast = await insertLead('Rápido', '2026-11-25T12:00:00Z', 'formulario_contato', 'Natal')
    const hour = await insertLead('Na Hora', '2026-11-25T12:30:00Z', 'formulario_contato', 'natal')
    const slow = await insertLead('Devagar', '2026-11-26T17:00:00Z', 'newsletter_blog')
    await insertLead('Sem Contato', '2026-11-26T17:10:00Z', 'newsletter_blog', 'natal')
    await insertLead('Fora do Período', '2026-11-10T12:00:00Z', 'formulario_contato')
    await change([fast], 'contacted', '2026-11-25T12:03:00Z')
    await change([fast], 'won', '2026-11-26T12:00:00Z')
    await change([hour], 'qualified', '2026-11-25T13:10:00Z')
    await change([hour], 'lost', '2026-11-27T13:10:00Z', 'no_response')
    await change([slow], 'contacted', '2026-11-26T20:00:00Z')

    const { sales, period } = await dashboardFigures(db(), 7, now)
    // Waits: 3 min, 40 min, 3 h; one never contacted. Median of the three: 40 min.
    expect(sales.contact).toEqual({ leads: 4, contacted: 3, within5Minutes: 1, within1Hour: 2, medianSeconds: 2400 })
    expect(sales.contactByHour).toEqual([
      { hour: 9, leads: 2, contacted: 2, within5Minutes: 1, within1Hour: 2, medianSeconds: 1290 },
      { hour: 14, leads: 2, contacted: 1, within5Minutes: 0, within1Hour: 0, medianSeconds: 10_800 },
    ])
    expect(sales.bySource).toEqual([
      { value: 'formulario_contato', leads: 2, contacted: 2, qualified: 2, won: 1, booked: 0 },
      { value: 'newsletter_blog', leads: 2, contacted: 1, qualified: 0, won: 0, booked: 0 },
    ])
    expect(sales.byCampaign).toEqual([
      { value: 'natal', leads: 3, contacted: 2, qualified: 2, won: 1, booked: 0 },
      { value: null, leads: 1, contacted: 1, qualified: 0, won: 0, booked: 0 },
    ])

    // Each count's link: the leads table with the source or campaign, the period and the stage lists exactly those leads.
    const view = (query: Record<string, string>) => listLeads(db(), leadFiltersFrom(new URLSearchParams({ de: period.first, ate: period.last, ...query })))
    expect((await view({ fonte: 'formulario_contato', etapa: 'qualificado' })).rows.map((row) => row.name).sort()).toEqual(['Na Hora', 'Rápido'])
    expect((await view({ utm_campaign: 'natal', etapa: 'cliente' })).rows.map((row) => row.name)).toEqual(['Rápido'])
    expect((await view({ utm_campaign: 'natal' })).total).toBe(3)
  })
})
