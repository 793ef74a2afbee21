/**
 * The dashboard's two exact medians (ADR 040, migration 0023: the period's
 * rows counted per delay bucket, then only the middle bucket's rows read)
 * against percentile_cont(0.5) computed directly over the rows, as the
 * dashboard computed them before: time to delivery (the lead webhook's
 * delivered rows of the period's leads) and time to first contact (the
 * period's contacted leads, over all and per Brasília hour of arrival). Odd
 * and even counts, two middle values in two buckets, ties, empty periods,
 * rows of other periods, targets and states in the same buckets, delays
 * below a second and beyond the last bucket, microseconds, and random
 * delays. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addDays, dashboardPeriod, type DashboardDays } from '~/admin/dashboard-period'
import { dashboardFigures } from '~/admin/dashboard.server'
import { brasiliaDayStart } from '~/utils/dates'
import { rowsOf, type DatabaseHandle } from '../../../db/client'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'

// 17:00 in Brasília on Monday 30 November 2026: the 7-day period is 24–30 November (03:00 UTC on the 24th to 03:00 UTC on 1 December).
const NOW = new Date('2026-11-30T20:00:00Z')

/** A lead at `at` (UTC), first contacted `contactAfter` later (an interval), with the lead webhook's row (and another target's). */
type Seed = {
  at: string
  contactAfter?: string
  delivery?: { status: 'pending' | 'delivered' | 'failed' | 'skipped'; after?: string; target?: string }
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe.each(testDatabaseTargets())('the dashboard medians on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let count = 0

  beforeAll(async () => {
    handle = await open()
  })
  beforeEach(async () => truncateLeadTables(handle.db))
  afterAll(async () => handle?.close())

  const store = async (seeds: Seed[]) => {
    for (const seed of seeds) {
      const index = count++
      const [lead] = await rowsOf<{ id: string }>(
        handle.db,
        sql`insert into leads (name, email, source, consent_version, consent_at, created_at, status, contacted_at)
            values ('Lead', ${`lead${index}@exemplo.com.br`}, 'formulario_contato', 'v1', ${seed.at}::timestamptz, ${seed.at}::timestamptz,
                    ${seed.contactAfter === undefined ? 'new' : 'contacted'}, ${seed.at}::timestamptz + ${seed.contactAfter ?? null}::interval)
            returning id`,
      )
      const delivery = seed.delivery
      if (!delivery) continue
      await handle.db.execute(
        sql`insert into outbox (lead_id, message_id, target, payload, status, delivered_at)
            values (${lead!.id}, ${`msg_${index}`}, ${delivery.target ?? 'lead_webhook'}, '{}'::jsonb, ${delivery.status},
                    ${seed.at}::timestamptz + ${delivery.after ?? null}::interval)`,
      )
    }
  }

  /** The medians as the dashboard computed them before migration 0023: percentile_cont over every row. */
  const direct = async (days: DashboardDays) => {
    const period = dashboardPeriod(days, NOW)
    const from = brasiliaDayStart(period.first).toISOString()
    const to = brasiliaDayStart(addDays(period.last, 1)).toISOString()
    const [delivery] = await rowsOf<{ median_seconds: number | null }>(
      handle.db,
      sql`select extract(epoch from percentile_cont(0.5) within group (order by delivered_at - lead_created_at))::float8 as median_seconds
          from outbox
          where target = 'lead_webhook' and status = 'delivered' and delivered_at is not null
            and lead_created_at >= ${from}::timestamptz and lead_created_at < ${to}::timestamptz`,
    )
    const contact = await rowsOf<{ hour: number | null; median_seconds: number | null }>(
      handle.db,
      sql`select extract(hour from created_at at time zone 'America/Sao_Paulo')::int as hour,
                 extract(epoch from percentile_cont(0.5) within group (order by contacted_at - created_at))::float8 as median_seconds
          from leads
          where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz and contacted_at is not null
          group by grouping sets ((1), ())`,
    )
    return { delivery: delivery?.median_seconds ?? null, contact }
  }

  /** The dashboard's medians, checked against the direct ones: the delivery median, the contact median over all and per hour. */
  const medians = async (days: DashboardDays = 7) => {
    const dashboard = await dashboardFigures(handle.db, days, NOW)
    const expected = await direct(days)
    expect(dashboard.deliveries.medianSeconds).toBe(expected.delivery)
    expect(dashboard.sales.contact.medianSeconds).toBe(expected.contact.find((row) => row.hour === null)?.median_seconds ?? null)
    for (const hour of dashboard.sales.contactByHour) {
      expect(hour.medianSeconds, `hour ${hour.hour}`).toBe(expected.contact.find((row) => row.hour === hour.hour)?.median_seconds ?? null)
    }
    // Every hour with a contacted lead has its row (from the roll-up).
    const shown = dashboard.sales.contactByHour.filter((hour) => hour.medianSeconds !== null).map((hour) => hour.hour)
    expect(shown).toEqual(expected.contact.filter((row) => row.hour !== null).map((row) => row.hour))
    return {
      delivery: dashboard.deliveries.medianSeconds,
      contact: dashboard.sales.contact.medianSeconds,
      byHour: Object.fromEntries(dashboard.sales.contactByHour.filter((hour) => hour.medianSeconds !== null).map((hour) => [hour.hour, hour.medianSeconds])),
    }
  }

  const bucketOf = async (delay: string) =>
    (await rowsOf<{ bucket: number }>(handle.db, sql`select lead_delay_bucket(${delay}::interval) as bucket`))[0]!.bucket

  it('is null for a period with no delivered or contacted lead, whatever the periods around it hold', async () => {
    expect(await medians()).toEqual({ delivery: null, contact: null, byHour: {} })
    await store([
      // The period's leads: not contacted, not delivered (or delivered to another target).
      { at: '2026-11-25T12:00:00Z', delivery: { status: 'pending' } },
      { at: '2026-11-26T12:00:00Z', delivery: { status: 'failed' } },
      { at: '2026-11-27T12:00:00Z', delivery: { status: 'delivered', after: '5 seconds', target: 'ga4' } },
      // Contacted and delivered, but the day before the period (23:59 on the 23rd in Brasília) and after it.
      { at: '2026-11-24T02:59:00Z', contactAfter: '10 minutes', delivery: { status: 'delivered', after: '7 seconds' } },
      { at: '2026-12-01T03:00:00Z', contactAfter: '10 minutes', delivery: { status: 'delivered', after: '7 seconds' } },
    ])
    expect(await medians()).toEqual({ delivery: null, contact: null, byHour: {} })
  })

  it('takes the middle value of an odd count, and the one value of a count of one', async () => {
    await store([{ at: '2026-11-25T12:00:00Z', contactAfter: '00:02:03.456789', delivery: { status: 'delivered', after: '00:00:04.000001' } }])
    expect(await medians()).toEqual({ delivery: 4.000001, contact: 123.456789, byHour: { 9: 123.456789 } })
    await store([
      { at: '2026-11-25T12:30:00Z', contactAfter: '5 seconds', delivery: { status: 'delivered', after: '1 hour' } },
      { at: '2026-11-26T18:00:00Z', contactAfter: '2 hours', delivery: { status: 'delivered', after: '00:00:00.5' } },
    ])
    // Hour 9 has two: their mean, to the microsecond (percentile_cont on intervals rounds it, as it always did).
    expect(await medians()).toEqual({ delivery: 4.000001, contact: 123.456789, byHour: { 9: 64.228394, 15: 7200 } })
  })

  it('interpolates the two middle values of an even count, also when they lie in two buckets', async () => {
    expect(await bucketOf('10 seconds')).not.toBe(await bucketOf('11.5 seconds'))
    await store(
      ['5 seconds', '10 seconds', '11.5 seconds', '1 minute'].map((after, index) => ({
        at: `2026-11-2${5 + index}T15:00:00Z`,
        contactAfter: after,
        delivery: { status: 'delivered' as const, after },
      })),
    )
    expect(await medians()).toEqual({ delivery: 10.75, contact: 10.75, byHour: { 12: 10.75 } })
  })

  it('counts ties once each, and reads no row of another period, target or state in the middle bucket', async () => {
    const tie = '00:00:42.123456'
    await store([
      ...['1 second', tie, tie, tie, tie, '1 day'].map((after, index) => ({
        at: `2026-11-2${4 + index}T13:00:00Z`,
        contactAfter: after,
        delivery: { status: 'delivered' as const, after },
      })),
      // The same bucket, outside: the week before, another target, a failed row with a delivered_at, a delivered one without.
      ...Array.from({ length: 5 }, (_, index) => ({
        at: `2026-11-1${5 + index}T13:00:00Z`,
        contactAfter: '00:00:40',
        delivery: { status: 'delivered' as const, after: '00:00:40' },
      })),
      { at: '2026-11-27T13:00:00Z', delivery: { status: 'delivered', after: '00:00:41', target: 'ga4' } },
      { at: '2026-11-27T14:00:00Z', delivery: { status: 'failed', after: '00:00:41' } },
      { at: '2026-11-27T15:00:00Z', delivery: { status: 'delivered' } },
    ])
    expect(await medians()).toEqual({ delivery: 42.123456, contact: 42.123456, byHour: { 10: 42.123456 } })
    // The delivered row without a delivered_at still counts as delivered.
    expect((await dashboardFigures(handle.db, 7, NOW)).deliveries).toMatchObject({ delivered: 7, failed: 1 })
  })

  it('gives each Brasília hour of arrival its own median, across the Brasília midnight', async () => {
    await store([
      // 23:10 and 23:50 on the 24th in Brasília (02:xx UTC on the 25th): hour 23, an even count.
      { at: '2026-11-25T02:10:00Z', contactAfter: '3 minutes' },
      { at: '2026-11-25T02:50:00Z', contactAfter: '4 minutes' },
      // 00:00 and 00:59 on the 25th in Brasília: hour 0, an odd count.
      { at: '2026-11-25T03:00:00Z', contactAfter: '1 hour' },
      { at: '2026-11-25T03:59:00Z', contactAfter: '3 hours' },
      { at: '2026-11-26T03:30:00Z', contactAfter: '2 hours' },
      // Hour 0 with no contact yet.
      { at: '2026-11-27T03:30:00Z' },
    ])
    expect(await medians()).toEqual({ delivery: null, contact: 3600, byHour: { 0: 7200, 23: 210 } })
  })

  it('equals percentile_cont over the rows for random delays, from below a second to beyond the last bucket', async () => {
    const next = random(43)
    const delay = () => {
      const draw = next()
      // Ties on whole seconds, microseconds, a few below a second and beyond 29 days (the last bound).
      if (draw < 0.3) return `${Math.floor(next() * 20)} seconds`
      if (draw < 0.35) return `${(next() * 0.999).toFixed(6)} seconds`
      if (draw < 0.4) return `${30 + Math.floor(next() * 30)} days`
      return `${(Math.exp(next() * 12) - 1).toFixed(6)} seconds`
    }
    const seeds: Seed[] = Array.from({ length: 301 }, () => ({
      at: new Date(NOW.getTime() - next() * 100 * 86_400_000).toISOString().replace('Z', `${Math.floor(next() * 1000)}Z`),
      ...(next() < 0.8 ? { contactAfter: delay() } : {}),
      delivery: { status: next() < 0.85 ? ('delivered' as const) : ('pending' as const), after: delay() },
    }))
    await store(seeds)
    for (const days of [7, 30, 90] as const) {
      const result = await medians(days)
      expect(result.delivery).not.toBeNull()
      expect(result.contact).not.toBeNull()
    }
    // One more lead flips each count between odd and even.
    await store([{ at: '2026-11-28T12:00:00Z', contactAfter: '17 seconds', delivery: { status: 'delivered', after: '17 seconds' } }])
    for (const days of [7, 30, 90] as const) await medians(days)
  })
})
