/**
 * The admin dashboard's figures (/admin, ADR 040): where the period's leads
 * came from, whether any were lost, and how far sales took them (ADR 048),
 * in six statements sent at once (a pool runs them side by side; PGlite one
 * after another). One model: every count comes from lead_daily_rollup, which
 * the database's triggers keep exact through inserts, status changes and
 * deletions (migrations 0010 and 0019), so its cost follows the period's
 * days, not its leads. Only the lead webhook's rows per state and the two
 * exact medians (time to delivery, time to first contact) read rows, from
 * indexes alone: each median counts the period's rows per delay bucket, then
 * reads only the middle bucket's rows (migration 0023). Days are Brasília
 * days: a lead at 23:30 in Brasília is counted on that day, whatever UTC
 * says.
 */
import { sql, type SQL } from 'drizzle-orm'
import { FUNNEL_TOOLS, funnelCounter, type FunnelTool } from '~/analytics/funnel'
import { RATE_LIMITED_PREFIX } from '~/leads/daily-count.server'
import { leadForms } from '~/leads/lead-forms'
import { BRASILIA_TIME_ZONE, brasiliaDayStart } from '~/utils/dates'
import { rowsOf, type Database } from '../../db/client'
import { dailyCounters, leadDailyRollup, type DeliveryStatus } from '../../db/schema'
import { addDays, periodDays, type DashboardDays, type DashboardPeriod, dashboardPeriod } from './dashboard-period'
import { FUNNEL_STAGES, type FunnelStage } from './lead-status'

/** How many entries each top list shows. */
export const TOP_ENTRIES = 10

export type DayCounts = { day: string; bySource: Record<string, number>; total: number }
export type TopEntry = { value: string | null; leads: number }
export type FunnelRow = { tool: FunnelTool; source: string; started: number; finished: number; leads: number }
/** The period's leads of one source or campaign, and how many reached each stage of the sales funnel (ADR 048). */
export type SalesFunnelRow = { value: string | null; leads: number; booked: number } & Record<FunnelStage, number>
/** Time to first contact of the period's leads (those that arrived in an hour of the Brasília day, or all of them). */
export type ContactTimes = { leads: number; contacted: number; within5Minutes: number; within1Hour: number; medianSeconds: number | null }

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
  /** Sales' progress on the period's leads: the time to first contact, over all and by the hour they arrived; the funnel by source and by campaign. */
  sales: {
    contact: ContactTimes
    contactByHour: Array<ContactTimes & { hour: number }>
    bySource: SalesFunnelRow[]
    byCampaign: SalesFunnelRow[]
    /** The strategy session (issue 44): how many of the period's leads booked one (not cancelled), and the median time from the lead to it. */
    booking: { leads: number; booked: number; medianSeconds: number | null }
  }
}

/** The sources of the site's forms, in the order the forms are listed. */
export const FORM_SOURCES: string[] = Object.values(leadForms).map((form) => form.source)

/**
 * Leads per Brasília day and source, over the period and the one before it,
 * from the roll-up (one row per day and source).
 */
function dailyQuery(db: Database, first: string, last: string) {
  return rowsOf<{ day: string; source: string; leads: number }>(
    db,
    sql`select ${leadDailyRollup.day}::text as day, ${leadDailyRollup.value} as source, ${leadDailyRollup.leads} as leads
        from ${leadDailyRollup}
        where ${leadDailyRollup.dimension} = 'source' and ${leadDailyRollup.day} >= ${first}::date and ${leadDailyRollup.day} <= ${last}::date`,
  )
}

/**
 * The top UTM sources, campaigns (in any case, as the leads filter matches
 * them) and landing pages, from the roll-up: its values are already folded
 * as the leads filter folds them (lower case, the landing page's path), ''
 * for none, which ranks as null did (last among equal counts).
 */
function topQuery(db: Database, first: string, last: string) {
  return rowsOf<{ kind: keyof Dashboard['top']; value: string | null; leads: number }>(
    db,
    sql`select kind, value, leads from (
          select case ${leadDailyRollup.dimension} when 'utm_source' then 'utmSource' when 'utm_campaign' then 'utmCampaign' else 'landingPage' end as kind,
                 nullif(${leadDailyRollup.value}, '') as value, sum(${leadDailyRollup.leads})::int as leads,
                 row_number() over (partition by ${leadDailyRollup.dimension} order by sum(${leadDailyRollup.leads}) desc, nullif(${leadDailyRollup.value}, '')) as rank
          from ${leadDailyRollup}
          where ${leadDailyRollup.dimension} in ('utm_source', 'utm_campaign', 'landing_page') and ${leadDailyRollup.day} >= ${first}::date and ${leadDailyRollup.day} <= ${last}::date
          group by ${leadDailyRollup.dimension}, ${leadDailyRollup.value}
        ) as ranked
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

/**
 * The exact percentile_cont(0.5) of a delay over the rows of one or more
 * groups, in two steps (ADR 040, migration 0023) instead of a sort of every
 * row: `hist` (after the `counts` it reads) gives each group's rows per
 * delay bucket (lead_delay_bucket(), counted from an index alone); those
 * counts give the bucket(s) holding each group's middle row(s), the 0-based
 * ranks floor((n - 1) / 2) and floor(n / 2); `middleRows` reads only those
 * buckets' rows of the group in delay order, skipping `m.skip` and keeping
 * `m.take` (one or two). percentile_cont over them is the one over every
 * row: the same value when n is odd, the same interpolation between the same
 * two values when it is even; equal delays share a bucket, so ties never
 * split across two. One statement, so one snapshot for both steps. `select`
 * gets the medians: a row per group with rows, `group_key` (null for the
 * rows of every group) and `median_seconds`.
 */
function twoStepMedian(counts: SQL, hist: SQL, middleRows: (m: SQL) => SQL, select: (medians: SQL) => SQL = (medians) => medians) {
  const medians = sql`select m.group_key, (select extract(epoch from percentile_cont(0.5) within group (order by middle_rows.delay))::float8
                                           from (${middleRows(sql`m`)}) as middle_rows) as median_seconds
                      from middle as m`
  return sql`with ${counts},
    hist as (${hist}),
    ranked as (
      select group_key, bucket, n, sum(n) over (partition by group_key order by bucket) - n as before, sum(n) over (partition by group_key) as total
      from hist
    ),
    middle as (
      select group_key, min(bucket) as first_bucket, max(bucket) as last_bucket,
             (min(total)::int - 1) / 2 - min(before)::int as skip, 2 - min(total)::int % 2 as take
      from ranked
      where before <= total::int / 2 and before + n > (total::int - 1) / 2
      group by group_key
    )
    ${select(medians)}`
}

/**
 * The lead webhook's rows of the period's leads per state, and the median
 * time from a lead to its delivery (delivered rows with a delivered_at),
 * exact, in two steps: both from counts read from indexes alone, the rows
 * not delivered per state and the delivered ones per delay bucket
 * (migration 0023; the expressions here are its indexes', word for word,
 * and the table's name is written out for them). Without a join: each
 * row carries its lead's created_at (lead_created_at, which a database
 * trigger copies, migration 0010), so these are exactly the rows of the
 * period's leads.
 */
function deliveriesQuery(db: Database, from: Date, to: Date) {
  const period = sql`lead_created_at >= ${from.toISOString()}::timestamptz and lead_created_at < ${to.toISOString()}::timestamptz`
  const bucket = sql.raw(`lead_delay_bucket(delivered_at - lead_created_at)`)
  const state = (status: DeliveryStatus) => sql`coalesce(sum(n) filter (where status = ${status}), 0)::int`
  return rowsOf<Record<DeliveryStatus, number> & { median_seconds: number | null }>(
    db,
    twoStepMedian(
      sql`by_state as (
            select status, null::int as bucket, count(*) as n from outbox
            where target = 'lead_webhook' and status <> 'delivered' and ${period} group by 1
            union all
            select 'delivered', ${bucket}, count(*) from outbox
            where target = 'lead_webhook' and status = 'delivered' and ${period} group by 2)`,
      sql`select null::int as group_key, bucket, n from by_state where status = 'delivered' and bucket is not null`,
      (m) => sql`select delivered_at - lead_created_at as delay from outbox
                 where target = 'lead_webhook' and status = 'delivered' and delivered_at is not null and ${period}
                   and ${bucket} between ${m}.first_bucket and ${m}.last_bucket
                 order by 1 offset ${m}.skip limit ${m}.take`,
      (medians) =>
        sql`select ${state('delivered')} as delivered, ${state('pending')} as pending, ${state('failed')} as failed, ${state('skipped')} as skipped,
                   (select median_seconds from (${medians}) as medians) as median_seconds
            from by_state`,
    ),
  )
}

/**
 * Sales' progress on the period's leads (ADR 048), from the roll-up, whose
 * triggers follow every status change: per source, per Brasília hour of
 * arrival and per campaign (lower-cased as the leads filter matches it; the
 * TOP_ENTRIES campaigns with most leads, '' for none, ranked last among
 * equal counts as null was), the leads, how many reached each stage and how
 * many were first contacted within 5 minutes and within 1 hour.
 */
function salesQuery(db: Database, first: string, last: string) {
  const r = leadDailyRollup
  return rowsOf<
    { dimension: 'source' | 'hour' | 'utm_campaign'; value: string; leads: number; within5: number; within60: number } & Record<FunnelStage, number>
  >(
    db,
    sql`select dimension, value, leads, contacted, qualified, won, within5, within60 from (
          select ${r.dimension} as dimension, ${r.value} as value, sum(${r.leads})::int as leads, sum(${r.contacted})::int as contacted,
                 sum(${r.qualified})::int as qualified, sum(${r.won})::int as won,
                 sum(${r.contactedWithin5Minutes})::int as within5, sum(${r.contactedWithin1Hour})::int as within60,
                 row_number() over (partition by ${r.dimension} order by sum(${r.leads}) desc, nullif(${r.value}, '')) as rank
          from ${r}
          where ${r.dimension} in ('source', 'hour', 'utm_campaign') and ${r.day} >= ${first}::date and ${r.day} <= ${last}::date
          group by ${r.dimension}, ${r.value}
        ) as ranked
        where dimension <> 'utm_campaign' or rank <= ${TOP_ENTRIES}`,
  )
}

/**
 * The period's leads that booked the strategy session (a booking not
 * cancelled), by source and by campaign (lower-cased, '' for none, as the
 * roll-up keeps it), over all (dimension 'all'), with the median time from
 * the lead to its first such booking. Bookings are few (one to come per
 * lead), so this reads them directly, joined to their leads of the period.
 */
function bookingQuery(db: Database, from: Date, to: Date) {
  return rowsOf<{ dimension: 'source' | 'utm_campaign' | 'all'; value: string; booked: number; median_seconds: number | null }>(
    db,
    sql`with booked as (
          select l.source, lower(coalesce(t.utm_campaign, '')) as campaign, min(b.created_at) - l.created_at as delay
          from bookings b
          join leads l on l.id = b.lead_id
          left join lead_tracking t on t.lead_id = l.id
          where b.status <> 'cancelled' and l.created_at >= ${from.toISOString()}::timestamptz and l.created_at < ${to.toISOString()}::timestamptz
          group by l.id, l.source, t.utm_campaign, l.created_at
        )
        select 'source' as dimension, source as value, count(*)::int as booked, null::float8 as median_seconds from booked group by source
        union all
        select 'utm_campaign', campaign, count(*)::int, null from booked group by campaign
        union all
        select 'all', '', count(*)::int, percentile_cont(0.5) within group (order by extract(epoch from delay))::float8 from booked`,
  )
}

/**
 * The median time from the period's leads to their first contact
 * (contacted_at, set when sales first marks one contacted or beyond), by the
 * Brasília hour they arrived (group_key) and over all (null), exact, in two
 * steps over the indexes of migration 0023 (the expressions here are theirs,
 * word for word, the time zone a literal so a generic plan still matches).
 */
function contactMedianQuery(db: Database, from: Date, to: Date) {
  const hour = sql.raw(`(extract(hour from created_at at time zone '${BRASILIA_TIME_ZONE}')::int)`)
  const bucket = sql.raw(`lead_delay_bucket(contacted_at - created_at)`)
  const period = sql`created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`
  const allHours = sql.raw(`'{${Array.from({ length: 24 }, (_, hour) => hour).join(',')}}'::int[]`)
  return rowsOf<{ group_key: number | null; median_seconds: number | null }>(
    db,
    twoStepMedian(
      sql`by_hour as (select ${hour} as group_key, ${bucket} as bucket, count(*) as n
                      from leads where contacted_at is not null and ${period} group by 1, 2)`,
      sql`select * from by_hour union all select null, bucket, sum(n) from by_hour group by bucket`,
      (m) => sql`select contacted_at - created_at as delay from leads
                 where contacted_at is not null and ${period}
                   and ${hour} = any(case when ${m}.group_key is null then ${allHours} else array[${m}.group_key] end)
                   and ${bucket} between ${m}.first_bucket and ${m}.last_bucket
                 order by 1 offset ${m}.skip limit ${m}.take`,
    ),
  )
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

const contactTimes = (
  rows: Array<{ leads: number; contacted: number; within5: number; within60: number }>,
  medianSeconds: number | null | undefined,
): ContactTimes => ({
  leads: sum(rows.map((row) => row.leads)),
  contacted: sum(rows.map((row) => row.contacted)),
  within5Minutes: sum(rows.map((row) => row.within5)),
  within1Hour: sum(rows.map((row) => row.within60)),
  medianSeconds: medianSeconds ?? null,
})

/** The dashboard for the last `days` Brasília days (today included). */
export async function dashboardFigures(db: Database, days: DashboardDays, now: Date = new Date()): Promise<Dashboard> {
  const period = dashboardPeriod(days, now)
  const from = brasiliaDayStart(period.first)
  const to = brasiliaDayStart(addDays(period.last, 1))
  const [daily, top, counters, deliveries, sales, medians, booking] = await Promise.all([
    dailyQuery(db, period.previousFirst, period.last),
    topQuery(db, period.first, period.last),
    countersQuery(db, period.first, period.last),
    deliveriesQuery(db, from, to),
    salesQuery(db, period.first, period.last),
    contactMedianQuery(db, from, to),
    bookingQuery(db, from, to),
  ])
  const bookedOf = (dimension: 'source' | 'utm_campaign', value: string) =>
    booking.find((row) => row.dimension === dimension && row.value === value)?.booked ?? 0
  const funnelRow = (row: (typeof sales)[number]): SalesFunnelRow => ({
    value: row.value || null,
    leads: row.leads,
    booked: bookedOf(row.dimension === 'utm_campaign' ? 'utm_campaign' : 'source', row.value),
    ...(Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, row[stage]])) as Record<FunnelStage, number>),
  })

  const current = daily.filter((row) => row.day >= period.first)
  const bySource = new Map<string, number>()
  for (const row of current) bySource.set(row.source, (bySource.get(row.source) ?? 0) + row.leads)
  const others = [...bySource.keys()].filter((source) => !FORM_SOURCES.includes(source)).sort()
  const sources = [...FORM_SOURCES, ...others].map((source) => ({ source, leads: bySource.get(source) ?? 0 }))

  const byHour = sales.filter((row) => row.dimension === 'hour')
  const counter = (name: string) => counters.find((row) => row.name === name)?.count ?? 0
  const [health] = deliveries
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
      return {
        tool,
        source,
        started: counter(funnelCounter(tool, 'started')),
        finished: counter(funnelCounter(tool, 'finished')),
        leads: bySource.get(source) ?? 0,
      }
    }),
    rateLimited: counters
      .filter((row) => row.name.startsWith(RATE_LIMITED_PREFIX))
      .map((row) => ({ form: row.name.slice(RATE_LIMITED_PREFIX.length), posts: row.count }))
      .sort((a, b) => b.posts - a.posts || a.form.localeCompare(b.form)),
    deliveries: {
      delivered: health?.delivered ?? 0,
      pending: health?.pending ?? 0,
      failed: health?.failed ?? 0,
      skipped: health?.skipped ?? 0,
      medianSeconds: health?.median_seconds ?? null,
    },
    sales: {
      contact: contactTimes(byHour, medians.find((row) => row.group_key === null)?.median_seconds),
      contactByHour: byHour
        .map((row) => ({ hour: Number(row.value), ...contactTimes([row], medians.find((median) => median.group_key === Number(row.value))?.median_seconds) }))
        .sort((a, b) => a.hour - b.hour),
      bySource: sales
        .filter((row) => row.dimension === 'source')
        .map(funnelRow)
        .sort((a, b) => b.leads - a.leads || String(a.value).localeCompare(String(b.value))),
      byCampaign: sales
        .filter((row) => row.dimension === 'utm_campaign')
        .map(funnelRow)
        .sort((a, b) => b.leads - a.leads || (a.value === null ? 1 : b.value === null ? -1 : a.value.localeCompare(b.value))),
      booking: {
        leads: sum(current.map((row) => row.leads)),
        booked: booking.find((row) => row.dimension === 'all')?.booked ?? 0,
        medianSeconds: booking.find((row) => row.dimension === 'all')?.median_seconds ?? null,
      },
    },
  }
}
