/**
 * `npm run bench:admin`: the admin dashboard's queries (app/admin/dashboard.server.ts)
 * against 100,000 leads spread over the last 90 days, each with its tracking
 * row and its lead-webhook delivery, one in ten with a booking, plus 90 days
 * of funnel counters. Seeds a
 * fresh database with INSERT … SELECT generate_series (seconds, not minutes):
 * the database's triggers fill the dashboard's roll-up (with sales' progress,
 * stored with each lead) and each outbox row's lead_created_at as they do for
 * the site's own inserts (migrations 0010 and 0019),
 * and the seed checks the roll-up against the tables. Then runs the dashboard for 7, 30 and 90 days several times and prints the
 * median and the slowest run of each. See docs/bench-admin.md.
 *
 *   npm run bench:admin                                   # PGlite in memory
 *   TEST_DATABASE_URL=postgres://… npm run bench:admin    # and PostgreSQL (a throwaway database beside that one)
 *
 * Options: --leads N (100000), --runs N (7), --database pglite|postgres|both.
 * PostgreSQL: BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL; the
 * database named there is only used to create and drop the throwaway one.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { DASHBOARD_PERIODS } from '~/admin/dashboard-period'
import { dashboardFigures } from '~/admin/dashboard.server'
import { openDatabase, type DatabaseHandle } from '../../db/client'
import { openPostgres } from '../../tests/support/databases'
import { percentile } from '../lib/bench-support'

const { values: args } = parseArgs({
  options: {
    leads: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    database: { type: 'string' },
  },
})
const leadCount = Number(args.leads)
const runs = Number(args.runs)
const postgresUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL)?.trim() || undefined
const targets = (args.database ?? (postgresUrl ? 'both' : 'pglite')) as 'pglite' | 'postgres' | 'both'
if (targets !== 'pglite' && !postgresUrl) throw new Error('--database postgres needs BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL')

/**
 * 100,000 leads over the last 90 days (uniformly), the sources of every form,
 * 60% with a UTM source among twelve and a campaign among thirty, landing
 * pages among forty paths (half with a query), and one lead-webhook row each:
 * 90% delivered 1–120 s later, 5% failed, 4% pending, 1% skipped; one in
 * ten with a booking of the strategy session.
 */
async function seed(handle: DatabaseHandle) {
  const { db } = handle
  await db.execute(sql`select setseed(0.42)`)
  // Sales' progress (ADR 048) stored with the lead, so the roll-up's insert trigger counts it: 30% new, 30% contacted,
  // 15% qualified, 5% won, 20% lost; first contact within 4 hours. (An update of every lead afterwards would measure
  // the roll-up's update trigger on 100,000 leads at once, which no admin action does: a bulk change takes 50.)
  await db.execute(sql`
    insert into leads (name, email, phone, source, consent_version, consent_at, created_at,
                       status, lost_reason, contacted_at, qualified_at, won_at, status_changed_at)
    select 'Lead ' || i, 'lead' || i || '@bench.invalid', '', (array['formulario_home','formulario_contato','newsletter_blog','calculadora_metricas','teste_presenca_digital','agent_briefing'])[1 + i % 6],
           'bench', at, at,
           case when draw < 0.3 then 'new' when draw < 0.6 then 'contacted' when draw < 0.75 then 'qualified' when draw < 0.8 then 'won' else 'lost' end,
           case when draw >= 0.8 then 'no_response' end,
           case when draw >= 0.3 then at + wait * interval '4 hours' end,
           case when draw >= 0.6 and draw < 0.8 then at + interval '1 day' end,
           case when draw >= 0.75 and draw < 0.8 then at + interval '3 days' end,
           case when draw >= 0.3 then at + interval '1 day' end
    from (select i, now() - random() * interval '90 days' as at, random() as draw, random() as wait from generate_series(1, ${leadCount}) as i) as generated`)
  await db.execute(sql`
    insert into lead_tracking (lead_id, utm_source, utm_campaign, page_location, created_at)
    select id,
           case when random() < 0.6 then 'fonte-' || (1 + floor(random() * 12)::int) end,
           case when random() < 0.6 then 'campanha-' || (1 + floor(random() * 30)::int) end,
           'https://alavanca.com.br/pagina-' || (1 + floor(random() * 40)::int) || case when random() < 0.5 then '?utm_source=x&gclid=abc' else '' end,
           created_at
    from leads`)
  await db.execute(sql`
    insert into outbox (lead_id, message_id, payload, status, delivered_at, created_at)
    select id, 'msg_' || id, '{}'::jsonb, status, case when status = 'delivered' then created_at + (1 + random() * 119) * interval '1 second' end, created_at
    from (select id, created_at, case when draw < 0.9 then 'delivered' when draw < 0.95 then 'failed' when draw < 0.99 then 'pending' else 'skipped' end as status
          from (select id, created_at, random() as draw from leads) as drawn) as chosen`)
  // One lead in ten books the strategy session 1 hour to 2 days after it came in (85% booked, 10% cancelled, 5% no-show),
  // each in a half-hour slot of its own, so the specialist's no-overlap constraint holds (migration 0024).
  await db.execute(sql`
    insert into bookings (lead_id, specialist, starts_at, ends_at, held_until, status, created_at)
    select id, 'bench', slot, slot + interval '30 minutes', slot + interval '30 minutes',
           case when draw < 0.85 then 'booked' when draw < 0.95 then 'cancelled' else 'no_show' end, booked_at
    from (select id, created_at + (1 + random() * 47) * interval '1 hour' as booked_at, random() as draw,
                 now() - interval '90 days' + row_number() over (order by id) * interval '30 minutes' as slot
          from leads where random() < 0.1) as chosen`)
  await db.execute(sql`
    insert into daily_counters (day, name, count)
    select (now() at time zone 'America/Sao_Paulo')::date - d, name, 1 + floor(random() * 200)::int
    from generate_series(0, 89) as d,
         unnest(array['funnel:calculator:started','funnel:calculator:finished','funnel:presenceTest:started','funnel:presenceTest:finished',
                      'funnel:briefing:started','funnel:briefing:finished','rate_limited:contact','rate_limited:newsletter']) as name`)
  await db.execute(sql`vacuum analyze leads, lead_tracking, outbox, bookings, daily_counters, lead_daily_rollup`)
  // The triggers' work against the tables': a bench of a wrong roll-up would measure nothing.
  const [counted] = await rowsOf<{ rows: number; leads: number; contacted: number; stored: number }>(
    db,
    sql`select count(*)::int as rows, coalesce(sum(leads) filter (where dimension = 'source'), 0)::int as leads,
               coalesce(sum(contacted) filter (where dimension = 'hour'), 0)::int as contacted,
               (select count(contacted_at)::int from leads) as stored
        from lead_daily_rollup`,
  )
  if (counted?.leads !== leadCount) throw new Error(`the roll-up counts ${counted?.leads} leads, not ${leadCount}`)
  if (counted.contacted !== counted.stored) throw new Error(`the roll-up counts ${counted.contacted} contacted leads, not ${counted.stored}`)
  return counted.rows
}

async function rowsOf<Row>(db: DatabaseHandle['db'], query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] }
  return Array.isArray(result) ? result : result.rows
}

async function bench(kind: 'pglite' | 'postgres') {
  const handle = kind === 'postgres' ? await openPostgres(postgresUrl!) : openDatabase({ dataDir: 'memory://' })
  try {
    if (kind === 'pglite') await handle.migrate()
    const seeding = performance.now()
    const rollupRows = await seed(handle)
    console.log(
      `${kind}: ${leadCount.toLocaleString('en')} leads seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (roll-up: ${rollupRows.toLocaleString('en')} rows)`,
    )
    // One run each first: plans and caches warm, as on a running site.
    for (const days of DASHBOARD_PERIODS) await dashboardFigures(handle.db, days)
    for (const days of DASHBOARD_PERIODS) {
      const times: number[] = []
      let total = 0
      let booked = 0
      for (let run = 0; run < runs; run++) {
        const started = performance.now()
        const dashboard = await dashboardFigures(handle.db, days)
        times.push(performance.now() - started)
        total = dashboard.total
        booked = dashboard.sales.booking.booked
      }
      // A dashboard that counts nothing measured nothing.
      if (total === 0) throw new Error(`the ${days}-day dashboard counted no lead out of ${leadCount}`)
      if (booked === 0) throw new Error(`the ${days}-day dashboard counted no booking`)
      times.sort((a, b) => a - b)
      console.log(
        `${kind}  ${String(days).padStart(2)} days  ${total.toLocaleString('en').padStart(7)} leads  median ${percentile(times, 50).toFixed(0).padStart(4)} ms  max ${times.at(-1)!.toFixed(0).padStart(4)} ms  (${runs} runs)`,
      )
    }
  } finally {
    await handle.close()
  }
}

if (targets !== 'postgres') await bench('pglite')
if (targets !== 'pglite') await bench('postgres')
