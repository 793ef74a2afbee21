/**
 * The admin's leads table below HTTP (ADR 032): each filter, the sort, the
 * pages, the counts per source and the CSV return exactly the leads that
 * match, checked against rows written straight to the database. PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadFiltersFrom } from '~/admin/lead-filters'
import { csvCell, leadsCsv } from '~/admin/leads-csv'
import { exportLeads, LEADS_PER_PAGE, listLeads } from '~/admin/leads.server'
import { hasHiddenControls } from '~/utils/storable-text'
import type { DatabaseHandle } from '../../../db/client'
import { leads, leadTracking, outbox, type DeliveryStatus } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'

type Seed = {
  name: string
  email: string
  source: string
  at: string
  delivery: DeliveryStatus
  utmSource?: string
  utmCampaign?: string
  message?: string
  company?: string
}

const SEEDS: Seed[] = [
  {
    name: 'Ana Paula',
    email: 'ana@padaria.com.br',
    source: 'formulario_home',
    at: '2026-11-01T02:59:00Z',
    delivery: 'delivered',
    utmSource: 'Google',
    utmCampaign: 'black-friday',
  },
  {
    name: 'Bruno Dias',
    email: 'bruno@oficina.com.br',
    source: 'formulario_contato',
    at: '2026-11-01T03:00:00Z',
    delivery: 'failed',
    message: 'Desconto de 50% no tráfego?',
  },
  {
    name: 'Carla Mendes',
    email: 'carla@clinica.com.br',
    source: 'formulario_contato',
    at: '2026-11-02T12:00:00Z',
    delivery: 'pending',
    company: 'Clínica Sorriso',
    utmSource: 'instagram',
  },
  {
    name: 'Diego Alves',
    email: 'diego@loja.com.br',
    source: 'newsletter',
    at: '2026-11-03T12:00:00Z',
    delivery: 'delivered',
    utmSource: 'google',
    utmCampaign: 'natal',
  },
  {
    name: '=HYPERLINK("http://x")',
    email: 'formula@exemplo.com.br',
    source: 'formulario_contato',
    at: '2026-11-04T12:00:00Z',
    delivery: 'skipped',
    message: 'linha 1\nlinha 2, "citação"',
  },
]

describe('the leads CSV cells', () => {
  it('neutralises what a spreadsheet would run, and quotes what would break a row', () => {
    for (const formula of ['=1+1', '+55 11', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(formula).replace(/^"|"$/g, '')).toMatch(/^'/)
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"')
    expect(csvCell(null)).toBe('')
    expect(csvCell('Clínica São João')).toBe('Clínica São João')
  })
})

describe.each(testDatabaseTargets())('the admin leads table on $kind', ({ open }) => {
  let handle: DatabaseHandle
  const view = (query: string) => leadFiltersFrom(new URLSearchParams(query))
  const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name)

  beforeAll(async () => {
    handle = await open()
    await truncateLeadTables(handle.db)
    for (const [index, seed] of SEEDS.entries()) {
      const [lead] = await handle.db
        .insert(leads)
        .values({
          name: seed.name,
          email: seed.email,
          phone: `(11) 99999-000${index}`,
          source: seed.source,
          company: seed.company ?? null,
          message: seed.message ?? null,
          consentVersion: 'lgpd-2026-11',
          consentAt: new Date(seed.at),
          createdAt: new Date(seed.at),
        })
        .returning({ id: leads.id })
      await handle.db
        .insert(leadTracking)
        .values({ leadId: lead!.id, utmSource: seed.utmSource ?? null, utmCampaign: seed.utmCampaign ?? null, pageUrl: 'https://x/contato' })
      await handle.db.insert(outbox).values({ leadId: lead!.id, messageId: `msg_${index}`, payload: {}, status: seed.delivery })
      // A conversion row must not double a lead in the table.
      await handle.db.insert(outbox).values({ leadId: lead!.id, messageId: `msg_ga4_${index}`, target: 'ga4', payload: {}, status: 'pending' })
    }
  })
  afterAll(async () => handle?.close())

  it('lists every lead newest first, once each, with its webhook state and counts per source', async () => {
    const page = await listLeads(handle.db, view(''))
    expect(names(page.rows)).toEqual(SEEDS.map((seed) => seed.name).reverse())
    expect(page.rows.map((row) => row.delivery)).toEqual(SEEDS.map((seed) => seed.delivery).reverse())
    expect(page.total).toBe(5)
    expect(page.bySource).toEqual([
      { source: 'formulario_contato', leads: 3 },
      { source: 'formulario_home', leads: 1 },
      { source: 'newsletter', leads: 1 },
    ])
  })

  it('filters by source, by Brasília day, by webhook state and by UTM (any case), each alone and together', async () => {
    expect(names((await listLeads(handle.db, view('fonte=formulario_contato'))).rows)).toEqual(['=HYPERLINK("http://x")', 'Carla Mendes', 'Bruno Dias'])
    // 2026-11-01T02:59Z is still 31 October in Brasília; 03:00Z is midnight of the 1st.
    expect(names((await listLeads(handle.db, view('de=2026-11-01&ate=2026-11-02'))).rows)).toEqual(['Carla Mendes', 'Bruno Dias'])
    expect(names((await listLeads(handle.db, view('ate=2026-10-31'))).rows)).toEqual(['Ana Paula'])
    expect(names((await listLeads(handle.db, view('entrega=failed'))).rows)).toEqual(['Bruno Dias'])
    expect(names((await listLeads(handle.db, view('utm_source=GOOGLE'))).rows)).toEqual(['Diego Alves', 'Ana Paula'])
    expect(names((await listLeads(handle.db, view('utm_source=google&utm_campaign=natal'))).rows)).toEqual(['Diego Alves'])
    const combined = await listLeads(handle.db, view('fonte=formulario_contato&entrega=pending&de=2026-11-02'))
    expect(names(combined.rows)).toEqual(['Carla Mendes'])
    expect(combined.bySource).toEqual([{ source: 'formulario_contato', leads: 1 }])
  })

  it('searches name, e-mail, phone, company and message, with % and _ as plain letters', async () => {
    expect(names((await listLeads(handle.db, view('busca=sorriso'))).rows)).toEqual(['Carla Mendes'])
    expect(names((await listLeads(handle.db, view('busca=OFICINA'))).rows)).toEqual(['Bruno Dias'])
    expect(names((await listLeads(handle.db, view('busca=99999-0003'))).rows)).toEqual(['Diego Alves'])
    expect(names((await listLeads(handle.db, view('busca=50%25'))).rows)).toEqual(['Bruno Dias'])
    expect((await listLeads(handle.db, view('busca=%25'))).rows).toHaveLength(1)
    expect((await listLeads(handle.db, view('busca=_'))).rows).toHaveLength(0)
  })

  it('sorts by a column either way, and pages through the view', async () => {
    expect(names((await listLeads(handle.db, view('ordem=nome&direcao=asc'))).rows)).toEqual(
      [...SEEDS.map((seed) => seed.name)].sort((a, b) => (a < b ? -1 : 1)),
    )
    expect(LEADS_PER_PAGE).toBeGreaterThan(5)
    const beyond = await listLeads(handle.db, view('pagina=9'))
    expect(beyond).toMatchObject({ page: 1, pages: 1 })
    // Values that are not ours are dropped, not refused.
    expect((await listLeads(handle.db, view('ordem=drop+table&entrega=talvez&de=ontem&pagina=-3'))).total).toBe(5)
  })

  it('drops a filter value no query can hold (NUL, control characters, invalid escapes, huge), on the page and in the CSV', async () => {
    const hostile = ['%00', '/%00', 'a%00b', '/%01x', '%1F', '%7F', '%zz', '%', '%C0%AF', '%ED%A0%80', 'x'.repeat(100_000), `/${'a'.repeat(5_000)}`]
    const names = ['fonte', 'de', 'ate', 'entrega', 'status', 'etapa', 'utm_source', 'utm_campaign', 'entrada', 'busca', 'ordem', 'direcao', 'pagina']
    for (const name of names) {
      for (const value of hostile) {
        const filters = view(`${name}=${value}`)
        await expect(listLeads(handle.db, filters), `${name}=${value}`).resolves.toMatchObject({ page: 1 })
        await expect(exportLeads(handle.db, filters), `${name}=${value}`).resolves.toBeInstanceOf(Array)
        expect(
          Object.values(filters).some((kept) => typeof kept === 'string' && hasHiddenControls(kept)),
          `${name}=${value}`,
        ).toBe(false)
      }
    }
    // A control character is no filter at all: the whole table, as with no value.
    expect((await listLeads(handle.db, view('entrada=/%00'))).total).toBe(5)
    expect(view('entrada=/%00').entrada).toBeUndefined()
  })

  it('exports exactly the filtered view as a CSV Excel reads in UTF-8, with formulas neutralised', async () => {
    const rows = await exportLeads(handle.db, view('fonte=formulario_contato'))
    expect(names(rows)).toEqual(names((await listLeads(handle.db, view('fonte=formulario_contato'))).rows))
    const csv = leadsCsv(rows)
    expect(csv.startsWith('\uFEFFRecebido em (Brasília),Nome,E-mail,')).toBe(true)
    const lines = csv.split('\r\n')
    expect(lines).toHaveLength(rows.length + 2)
    expect(lines[1]).toMatch(/^2026-11-04 09:00,"'=HYPERLINK\(""http:\/\/x""\)",formula@exemplo.com.br,/)
    expect(csv).toContain('"linha 1\nlinha 2, ""citação"""')
    expect(csv).not.toContain('Ana Paula')
  })

  it('pages through a view larger than a page: every lead once, in order', async () => {
    const more = Array.from({ length: LEADS_PER_PAGE }, (_, index) => ({
      name: `Lead ${String(index).padStart(2, '0')}`,
      email: `lead${index}@exemplo.com.br`,
      phone: '',
      source: 'newsletter',
      consentVersion: 'lgpd-2026-11',
      consentAt: new Date(Date.UTC(2026, 10, 10, 12, index)),
      createdAt: new Date(Date.UTC(2026, 10, 10, 12, index)),
    }))
    await handle.db.insert(leads).values(more)
    const first = await listLeads(handle.db, view('fonte=newsletter'))
    const second = await listLeads(handle.db, view('fonte=newsletter&pagina=2'))
    expect(first).toMatchObject({ page: 1, pages: 2, total: LEADS_PER_PAGE + 1 })
    expect(first.rows).toHaveLength(LEADS_PER_PAGE)
    expect(names(first.rows)[0]).toBe(`Lead ${String(LEADS_PER_PAGE - 1).padStart(2, '0')}`)
    expect(names(second.rows)).toEqual(['Diego Alves'])
    expect(new Set([...names(first.rows), ...names(second.rows)]).size).toBe(LEADS_PER_PAGE + 1)
  })
})
