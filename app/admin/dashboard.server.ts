/**
 * The admin dashboard's figures (/admin, ADR 038): where the period's leads
 * came from and whether any were lost, aggregated in PostgreSQL in four
 * statements sent at once (a pool runs them side by side; PGlite one after
 * another). Days are Brasília days: a lead at 23:30 in Brasília is counted
 * on that day, whatever UTC says.
 */
import { sql, type SQL } from 'drizzle-orm'
import { FUNNEL_TOOLS, type FunnelTool } from '~/analytics/daily-counters.server'
import { leadForms } from '~/leads/lead-forms'
import { brasiliaDayStart } from '~/utils/dates'
import type { Database } from '../../db/client'
import { dailyCounters, leads, leadTracking, webhookDeliveries, type DeliveryStatus } from '../../db/schema'
import { addDays, periodDays, type DashboardDays, type DashboardPeriod, dashboardPeriod } from './dashboard-period'
import { landingPagePath } from './leads.server'

/** How many entries each top list shows. */
export const TOP_ENTRIES = 10

export type DayCounts = { day: string; bySource: Record<string, number>; total: number }
export type TopEntry = { value: string | null; leads: number }
export type FunnelRow = { tool: FunnelTool; source: string; started: number; finished: number; leads: number }

export type Dashboard = {
  period: DashboardPeriod
  /** Every day of the period, oldest first, with its leads per source. */
  daily: DayCounts[]
  /** The period's sources, the site's forms first (in their order), then any other source stored. */
  sources: Array<{ source: string; leads: number }>
  total: number
  previousTotal: number
  top: { utmSource: TopEntry[]; utmCampaign: TopEntry[]; landingPage: TopEntry[] }
  funnel: FunnelRow[]
  rateLimited: Array<{ form: string; posts: number }>
  deliveries: Record<DeliveryStatus, number> & { medianSeconds: number | null }
}

/** The sources of the site's forms, in the order the forms are listed. */
export const FORM_SOURCES: string[] = Object.values(leadForms).map((form) => form.source)

const TIME_ZONE = 'America/Sao_Paulo'

/** Rows of a raw statement, whichever driver ran it (postgres.js gives an array, PGlite an object with `rows`). */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] }
  return Array.isArray(result) ? result : result.rows
}

/** Leads per Brasília day and source, over the period and the one before it. */
function dailyQuery(db: Database, from: Date, to: Date) {
  return rowsOf<{ day: string; source: string; leads: number }>(
    db,
    sql`select (${leads.createdAt} at time zone ${TIME_ZONE})::date::text as day, ${leads.source} as source, count(*)::int as leads
        from ${leads}
        where ${leads.createdAt} >= ${from.toISOString()}::timestamptz and ${leads.createdAt} < ${to.toISOString()}::timestamptz
        group by 1, 2`,
  )
}

/**
 * The top UTM sources, campaigns (either in any case, as the leads filter
 * matches them) and landing pages, in one pass: grouping sets, each ranked.
 */
function topQuery(db: Database, from: Date, to: Date) {
  const utmSource = sql`lower(${leadTracking.utmSource})`
  const utmCampaign = sql`lower(${leadTracking.utmCampaign})`
  const kind = sql`case when grouping(${utmSource}) = 0 then 'utmSource' when grouping(${utmCampaign}) = 0 then 'utmCampaign' else 'landingPage' end`
  const value = sql`case when grouping(${utmSource}) = 0 then ${utmSource} when grouping(${utmCampaign}) = 0 then ${utmCampaign} else ${landingPagePath} end`
  return rowsOf<{ kind: keyof Dashboard['top']; value: string | null; leads: number }>(
    db,
    sql`select kind, value, leads from (
          select ${kind} as kind,
                 ${value} as value,
                 count(*)::int as leads,
                 row_number() over (partition by ${kind} order by count(*) desc, ${value}) as rank
          from ${leads} left join ${leadTracking} on ${leadTracking.leadId} = ${leads.id}
          where ${leads.createdAt} >= ${from.toISOString()}::timestamptz and ${leads.createdAt} < ${to.toISOString()}::timestamptz
          group by grouping sets ((${utmSource}), (${utmCampaign}), (${landingPagePath}))
        ) ranked
        where rank <= ${TOP_ENTRIES}
        order by kind, leads desc, value`,
  )
}

/** The period's counts with no personal data: the tools' funnel and the posts the rate limit refused. */
function countersQuery(db: Database, first: string, last: string) {
  return rowsOf<{ name: string; count: number }>(
    db,
    sql`select ${dailyCounters.name} as name, sum(${dailyCounters.count})::int as count
        from ${dailyCounters}
        where ${dailyCounters.day} >= ${first}::date and ${dailyCounters.day} <= ${last}::date
          and (${dailyCounters.name} like 'funnel:%' or ${dailyCounters.name} like 'rate_limited:%')
        group by 1`,
  )
}

/** The lead webhook's rows of the period's leads, per state, and the median time from a lead to its delivery. */
function deliveriesQuery(db: Database, from: Date, to: Date) {
  return rowsOf<{ status: DeliveryStatus; deliveries: number; median_seconds: number | null }>(
    db,
    sql`select ${webhookDeliveries.status} as status, count(*)::int as deliveries,
               (percentile_cont(0.5) within group (order by extract(epoch from ${webhookDeliveries.deliveredAt} - ${leads.createdAt}))
                 filter (where ${webhookDeliveries.deliveredAt} is not null))::float8 as median_seconds
        from ${leads} join ${webhookDeliveries} on ${webhookDeliveries.leadId} = ${leads.id} and ${webhookDeliveries.target} = 'lead_webhook'
        where ${leads.createdAt} >= ${from.toISOString()}::timestamptz and ${leads.createdAt} < ${to.toISOString()}::timestamptz
        group by 1`,
  )
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** The dashboard for the last `days` Brasília days (today included). */
export async function dashboardFigures(db: Database, days: DashboardDays, now: Date = new Date()): Promise<Dashboard> {
  const period = dashboardPeriod(days, now)
  const from = brasiliaDayStart(period.first)
  const to = brasiliaDayStart(addDays(period.last, 1))
  const [daily, top, counters, deliveries] = await Promise.all([
    dailyQuery(db, brasiliaDayStart(period.previousFirst), to),
    topQuery(db, from, to),
    countersQuery(db, period.first, period.last),
    deliveriesQuery(db, from, to),
  ])

  const current = daily.filter((row) => row.day >= period.first)
  const bySource = new Map<string, number>()
  for (const row of current) bySource.set(row.source, (bySource.get(row.source) ?? 0) + row.leads)
  const others = [...bySource.keys()].filter((source) => !FORM_SOURCES.includes(source)).sort()
  const sources = [...FORM_SOURCES, ...others].map((source) => ({ source, leads: bySource.get(source) ?? 0 }))

  const counter = (name: string) => counters.find((row) => row.name === name)?.count ?? 0
  const delivery = (status: DeliveryStatus) => deliveries.find((row) => row.status === status)?.deliveries ?? 0
  return {
    period,
    daily: periodDays(period).map((day) => {
      const rows = current.filter((row) => row.day === day)
      return { day, bySource: Object.fromEntries(rows.map((row) => [row.source, row.leads])), total: sum(rows.map((row) => row.leads)) }
    }),
    sources,
    total: sum(current.map((row) => row.leads)),
    previousTotal: sum(daily.filter((row) => row.day < period.first).map((row) => row.leads)),
    top: {
      utmSource: top.filter((row) => row.kind === 'utmSource').map(({ value, leads }) => ({ value, leads })),
      utmCampaign: top.filter((row) => row.kind === 'utmCampaign').map(({ value, leads }) => ({ value, leads })),
      landingPage: top.filter((row) => row.kind === 'landingPage').map(({ value, leads }) => ({ value, leads })),
    },
    funnel: FUNNEL_TOOLS.map((tool) => {
      const source = leadForms[tool].source
      return { tool, source, started: counter(`funnel:${tool}:started`), finished: counter(`funnel:${tool}:finished`), leads: bySource.get(source) ?? 0 }
    }),
    rateLimited: counters
      .filter((row) => row.name.startsWith('rate_limited:'))
      .map((row) => ({ form: row.name.slice('rate_limited:'.length), posts: row.count }))
      .sort((a, b) => b.posts - a.posts || a.form.localeCompare(b.form)),
    deliveries: {
      delivered: delivery('delivered'),
      pending: delivery('pending'),
      failed: delivery('failed'),
      skipped: delivery('skipped'),
      medianSeconds: deliveries.find((row) => row.status === 'delivered')?.median_seconds ?? null,
    },
  }
}
