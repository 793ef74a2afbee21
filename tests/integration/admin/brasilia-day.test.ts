/**
 * One Brasília day in TypeScript and SQL: the dashboard's roll-up groups by
 * `created_at AT TIME ZONE 'America/Sao_Paulo'` in the database, the filters
 * and the daily counters by brasiliaDay / brasiliaDayStart in TypeScript.
 * Both read the time-zone database, so they agree on the same instants, also
 * across the last daylight-saving changes Brazil had (2018-11-04, clocks
 * 00:00 → 01:00; 2019-02-17, 00:00 → 23:00 the day before). PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { landingPagePathOf } from '~/admin/leads.server'
import { BRASILIA_TIME_ZONE, brasiliaDay, brasiliaDayEnd, brasiliaDayStart } from '~/utils/dates'
import type { DatabaseHandle } from '../../../db/client'
import { testDatabaseTargets } from '../../support/databases'

const HOUR = 3_600_000
/** Every 20 minutes over `days` days from `first` (UTC midnight). */
const instantsFrom = (first: string, days: number) =>
  Array.from({ length: (days * 24 * 60) / 20 }, (_, index) => Date.parse(`${first}T00:00:00Z`) + (index * HOUR) / 3)
const INSTANTS = [...instantsFrom('2018-11-02', 4), ...instantsFrom('2019-02-15', 4), ...instantsFrom('2025-11-23', 2)]
const DAYS = ['2018-11-03', '2018-11-04', '2018-11-05', '2019-02-16', '2019-02-17', '2019-02-18', '2025-11-24', '2025-12-31']

describe.each(testDatabaseTargets())('the Brasília day on $kind', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  }, 60_000)
  afterAll(() => handle?.close())

  it('puts every instant on the same day in TypeScript and in SQL, across daylight saving', async () => {
    const iso = INSTANTS.map((moment) => new Date(moment).toISOString())
    const rows = await handle.db.execute<{ instant: string; day: string }>(
      sql`select instant, ((instant::timestamptz) at time zone ${BRASILIA_TIME_ZONE})::date::text as day from unnest(${sql.raw(`array[${iso.map((value) => `'${value}'`).join(',')}]`)}::text[]) as instant`,
    )
    const sqlDays = Object.fromEntries(rowsOf<{ instant: string; day: string }>(rows).map((row) => [row.instant, row.day]))
    expect(Object.fromEntries(iso.map((value) => [value, brasiliaDay(value)]))).toEqual(sqlDays)
  })

  it('starts and ends each day where SQL does, a day of 23 or 25 hours when the clocks changed', async () => {
    const rows = await handle.db.execute<{ day: string; start: string }>(
      sql`select day, to_char((day::date::timestamp at time zone ${BRASILIA_TIME_ZONE}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as start
          from unnest(${sql.raw(`array[${DAYS.map((day) => `'${day}'`).join(',')}]`)}::text[]) as day`,
    )
    const sqlStarts = Object.fromEntries(rowsOf<{ day: string; start: string }>(rows).map((row) => [row.day, row.start]))
    expect(Object.fromEntries(DAYS.map((day) => [day, brasiliaDayStart(day).toISOString()]))).toEqual(sqlStarts)
    expect(brasiliaDayStart('2018-11-05').toISOString()).toBe('2018-11-05T02:00:00.000Z')
    expect(brasiliaDayEnd('2018-11-04').getTime() - brasiliaDayStart('2018-11-04').getTime()).toBe(23 * HOUR)
    expect(brasiliaDayEnd('2019-02-16').getTime() - brasiliaDayStart('2019-02-16').getTime()).toBe(25 * HOUR)
    for (const day of DAYS) {
      expect(brasiliaDay(brasiliaDayStart(day))).toBe(day)
      expect(brasiliaDay(brasiliaDayStart(day).getTime() - 1)).not.toBe(day)
      expect(brasiliaDay(brasiliaDayEnd(day).getTime() - 1)).toBe(day)
    }
  })

  it('folds a landing page to its path in the one SQL function the roll-up uses', async () => {
    const folds: Array<[string, string | null]> = [
      ['https://agencia.example/servicos?utm_source=x#topo', '/servicos'],
      ['https://agencia.example', '/'],
      ['https://agencia.example?x=1', '/'],
      ['http://agencia.example/contato#form', '/contato'],
      ['https://agencia.example/blog/post?q=1?r=2', '/blog/post'],
      ['https://agencia.example/a/b/?x=1', '/a/b/'],
      ['', null],
    ]
    for (const [address, path] of folds) {
      const rows = rowsOf<{ mine: string | null; trigger: string | null }>(
        await handle.db.execute(sql`select ${landingPagePathOf(sql`${address}::text`)} as mine, lead_landing_page(${address}) as trigger`),
      )
      expect(rows[0]).toEqual({ mine: path, trigger: path })
    }
  })
})

/** The rows of an execute() answer, whichever driver gave it (postgres.js: an array; PGlite: `{ rows }`). */
function rowsOf<T>(answer: unknown): T[] {
  return (Array.isArray(answer) ? answer : (answer as { rows: T[] }).rows) as T[]
}
