/**
 * The admin dashboard's figures (ADR 040) against rows written straight to
 * the database, on known Brasília days: leads per day and source across the
 * Brasília midnight, the change against the period before, the top UTM and
 * landing-page lists, the tools' funnel from the daily counters, and the
 * lead webhook's health with its median time. The leads table, filtered as
 * the dashboard's links filter it, lists exactly the leads each figure
 * counts. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dashboardDaysFrom } from '~/admin/dashboard-period'
import { dashboardFigures } from '~/admin/dashboard.server'
import { leadFiltersFrom } from '~/admin/lead-filters'
import { listLeads } from '~/admin/leads.server'
import type { DatabaseHandle } from '../../../db/client'
import { bookings, dailyCounters, leads, leadTracking, outbox, type BookingStatus, type DeliveryStatus } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'

// 17:00 in Brasília on Monday 30 November 2026: the 7-day period is 24–30 November, the one before 17–23.
const NOW = new Date('2026-11-30T20:00:00Z')

type Seed = {
  name: string
  source: string
  at: string
  tracking?: { utmSource?: string; utmCampaign?: string; pageLocation?: string }
  delivery?: { status: DeliveryStatus; afterSeconds?: number }
  /** Strategy sessions booked this long after the lead, in this state. */
  bookings?: Array<{ afterSeconds: number; status: BookingStatus }>
}

const SEEDS: Seed[] = [
  // 23:59 on the 23rd in Brasília (02:59 UTC on the 24th): the period before.
  {
    name: 'Antes da meia-noite',
    source: 'formulario_home',
    at: '2026-11-24T02:59:00Z',
    delivery: { status: 'delivered', afterSeconds: 5 },
    bookings: [{ afterSeconds: 60, status: 'booked' }],
  },
  { name: 'Semana anterior', source: 'formulario_home', at: '2026-11-20T12:00:00Z' },
  { name: 'Fora dos dois períodos', source: 'formulario_home', at: '2026-11-16T12:00:00Z' },
  // 00:00 on the 24th in Brasília: the period's first minute.
  {
    name: 'Meia-noite em ponto',
    source: 'formulario_contato',
    at: '2026-11-24T03:00:00Z',
    tracking: { utmSource: 'google', utmCampaign: 'black-friday', pageLocation: 'https://alavanca.com.br/contato?utm_source=google&utm_campaign=black-friday' },
    delivery: { status: 'delivered', afterSeconds: 10 },
    bookings: [{ afterSeconds: 600, status: 'booked' }],
  },
  {
    name: 'Newsletter',
    source: 'newsletter_blog',
    at: '2026-11-25T12:00:00Z',
    tracking: { utmSource: 'Google', utmCampaign: 'natal', pageLocation: 'https://alavanca.com.br/blog/funil#topo' },
    delivery: { status: 'delivered', afterSeconds: 30 },
    // Booked, cancelled, then booked again: one lead that booked, an hour after it.
    bookings: [
      { afterSeconds: 1_800, status: 'cancelled' },
      { afterSeconds: 3_600, status: 'booked' },
    ],
  },
  // 23:59 on the 30th in Brasília: still today, with no tracking row at all.
  { name: 'Calculadora tarde', source: 'calculadora_metricas', at: '2026-12-01T02:59:00Z', delivery: { status: 'failed' } },
  {
    name: 'Teste sem UTM',
    source: 'teste_presenca_digital',
    at: '2026-11-26T15:00:00Z',
    tracking: { pageLocation: 'https://alavanca.com.br' },
    delivery: { status: 'pending' },
  },
]

describe('the dashboard period in the URL', () => {
  it('takes 7, 30 or 90 days and falls back to 30', () => {
    const days = (query: string) => dashboardDaysFrom(new URLSearchParams(query))
    expect([days('periodo=7'), days('periodo=90'), days(''), days('periodo=31'), days('periodo=abc')]).toEqual([7, 90, 30, 30, 30])
  })
})

describe.each(testDatabaseTargets())('the admin dashboard on $kind', ({ open }) => {
  let handle: DatabaseHandle

  beforeAll(async () => {
    handle = await open()
    await truncateLeadTables(handle.db)
    await handle.db.execute(sql`truncate table daily_counters`)
    for (const [index, seed] of SEEDS.entries()) {
      const createdAt = new Date(seed.at)
      const [lead] = await handle.db
        .insert(leads)
        .values({ name: seed.name, email: `lead${index}@exemplo.com.br`, source: seed.source, consentVersion: 'v1', consentAt: createdAt, createdAt })
        .returning({ id: leads.id })
      if (seed.tracking) await handle.db.insert(leadTracking).values({ leadId: lead!.id, ...seed.tracking })
      for (const [order, booking] of (seed.bookings ?? []).entries()) {
        const startsAt = new Date(Date.UTC(2026, 11, 2 + index, 12 + order))
        await handle.db.insert(bookings).values({
          leadId: lead!.id,
          specialist: 'ana-ribeiro',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 1_800_000),
          heldUntil: new Date(startsAt.getTime() + 1_800_000),
          status: booking.status,
          createdAt: new Date(createdAt.getTime() + booking.afterSeconds * 1000),
        })
      }
      if (seed.delivery) {
        const deliveredAt = seed.delivery.afterSeconds === undefined ? null : new Date(createdAt.getTime() + seed.delivery.afterSeconds * 1000)
        await handle.db.insert(outbox).values({ leadId: lead!.id, messageId: `msg_${index}`, payload: {}, status: seed.delivery.status, deliveredAt })
        // Another target's row (a conversion API) is not the lead webhook's health.
        await handle.db.insert(outbox).values({
          leadId: lead!.id,
          messageId: `ga4_${index}`,
          target: 'ga4',
          payload: {},
          status: 'delivered',
          deliveredAt: new Date(createdAt.getTime() + 999_000),
        })
      }
    }
    await handle.db.insert(dailyCounters).values([
      { day: '2026-11-23', name: 'funnel:calculator:started', count: 50 },
      { day: '2026-11-24', name: 'funnel:calculator:started', count: 3 },
      { day: '2026-11-30', name: 'funnel:calculator:started', count: 2 },
      { day: '2026-11-25', name: 'funnel:calculator:finished', count: 4 },
      { day: '2026-11-26', name: 'funnel:presenceTest:started', count: 6 },
      { day: '2026-11-26', name: 'funnel:presenceTest:finished', count: 2 },
      { day: '2026-11-26', name: 'rate_limited:contact', count: 7 },
      { day: '2026-11-27', name: 'rate_limited:newsletter', count: 1 },
      { day: '2026-11-20', name: 'rate_limited:contact', count: 100 },
    ])
  })
  afterAll(async () => handle?.close())

  it('counts the period’s leads per Brasília day and source, and compares them with the days before', async () => {
    const dashboard = await dashboardFigures(handle.db, 7, NOW)
    expect(dashboard.period).toEqual({ days: 7, first: '2026-11-24', last: '2026-11-30', previousFirst: '2026-11-17', previousLast: '2026-11-23' })
    expect(dashboard.daily.map((day) => day.day)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'])
    expect(dashboard.daily.filter((day) => day.total > 0).map(({ day, bySource }) => ({ day, bySource }))).toEqual([
      { day: '2026-11-24', bySource: { formulario_contato: 1 } },
      { day: '2026-11-25', bySource: { newsletter_blog: 1 } },
      { day: '2026-11-26', bySource: { teste_presenca_digital: 1 } },
      { day: '2026-11-30', bySource: { calculadora_metricas: 1 } },
    ])
    expect(dashboard.total).toBe(4)
    expect(dashboard.previousTotal).toBe(2)
    expect(dashboard.sources.filter((row) => row.leads > 0)).toEqual([
      { source: 'formulario_contato', leads: 1 },
      { source: 'newsletter_blog', leads: 1 },
      { source: 'calculadora_metricas', leads: 1 },
      { source: 'teste_presenca_digital', leads: 1 },
    ])
  })

  it('ranks UTM sources and campaigns in any case, and landing pages by path, with the leads that have none', async () => {
    const { top } = await dashboardFigures(handle.db, 7, NOW)
    expect(top.utmSource).toEqual([
      { value: 'google', leads: 2 },
      { value: null, leads: 2 },
    ])
    expect(top.utmCampaign).toEqual([
      { value: null, leads: 2 },
      { value: 'black-friday', leads: 1 },
      { value: 'natal', leads: 1 },
    ])
    expect(top.landingPage).toEqual([
      { value: '/', leads: 1 },
      { value: '/blog/funil', leads: 1 },
      { value: '/contato', leads: 1 },
      { value: null, leads: 1 },
    ])
  })

  it('reads the tools’ funnel and the refused posts of the period from the daily counters', async () => {
    const dashboard = await dashboardFigures(handle.db, 7, NOW)
    expect(dashboard.funnel).toEqual([
      { tool: 'calculator', source: 'calculadora_metricas', started: 5, finished: 4, leads: 1 },
      { tool: 'presenceTest', source: 'teste_presenca_digital', started: 6, finished: 2, leads: 1 },
      { tool: 'briefing', source: 'agent_briefing', started: 0, finished: 0, leads: 0 },
    ])
    expect(dashboard.rateLimited).toEqual([
      { form: 'contact', posts: 7 },
      { form: 'newsletter', posts: 1 },
    ])
  })

  it('counts the lead webhook’s deliveries of the period’s leads by state, with the median time to delivery', async () => {
    const { deliveries } = await dashboardFigures(handle.db, 7, NOW)
    expect(deliveries).toEqual({ delivered: 2, pending: 1, failed: 1, skipped: 0, medianSeconds: 20 })
    // The period before has one delivered lead (5 s); 30 days take in every seed but the oldest.
    expect((await dashboardFigures(handle.db, 30, NOW)).deliveries).toMatchObject({ delivered: 3, medianSeconds: 10 })
  })

  it('counts the period’s leads that booked the strategy session, by source and campaign, with the median time to book', async () => {
    const dashboard = await dashboardFigures(handle.db, 7, NOW)
    // Two of the period's leads booked (a cancelled booking alone would not count), 10 min and 1 h after the lead.
    expect(dashboard.sales.booking).toEqual({ leads: dashboard.total, booked: 2, medianSeconds: 2_100 })
    const booked = (rows: Array<{ value: string | null; booked: number }>) => Object.fromEntries(rows.map((row) => [row.value ?? '', row.booked]))
    expect(booked(dashboard.sales.bySource)).toEqual({
      formulario_contato: 1,
      newsletter_blog: 1,
      calculadora_metricas: 0,
      teste_presenca_digital: 0,
    })
    expect(booked(dashboard.sales.byCampaign)).toEqual({ 'black-friday': 1, natal: 1, '': 0 })
    // The lead of the period before, who booked a minute after, counts there only.
    expect((await dashboardFigures(handle.db, 30, NOW)).sales.booking).toMatchObject({ booked: 3, medianSeconds: 600 })
  })

  it('the leads table, filtered as each figure links to it, lists exactly the leads the figure counts', async () => {
    const dashboard = await dashboardFigures(handle.db, 7, NOW)
    const { first, last } = dashboard.period
    const listed = async (query: string) => (await listLeads(handle.db, leadFiltersFrom(new URLSearchParams(`${query}&de=${first}&ate=${last}`)))).total
    for (const { source, leads: count } of dashboard.sources) expect(await listed(`fonte=${source}`), source).toBe(count)
    for (const { day, bySource } of dashboard.daily) {
      const total = (await listLeads(handle.db, leadFiltersFrom(new URLSearchParams(`de=${day}&ate=${day}`)))).total
      expect(total, day).toBe(Object.values(bySource).reduce((sum, count) => sum + count, 0))
    }
    for (const { value, leads: count } of dashboard.top.utmSource.filter((entry) => entry.value)) expect(await listed(`utm_source=${value}`)).toBe(count)
    for (const { value, leads: count } of dashboard.top.utmCampaign.filter((entry) => entry.value)) expect(await listed(`utm_campaign=${value}`)).toBe(count)
    for (const { value, leads: count } of dashboard.top.landingPage.filter((entry) => entry.value)) {
      expect(await listed(`entrada=${encodeURIComponent(value!)}`), value!).toBe(count)
    }
    for (const status of ['delivered', 'pending', 'failed'] as const) expect(await listed(`entrega=${status}`), status).toBe(dashboard.deliveries[status])
  })
})
