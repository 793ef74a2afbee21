/**
 * The tools' funnel counts (ADR 040): the beacon the browser posts for a
 * step it ran itself counts a known tool and step once and refuses anything
 * else without counting; the calculator's URLs say which steps a run
 * completes (one start, one finish, however often the visitor corrects a
 * value or goes Back), and a counted step never reaches a shared cache; the
 * briefing starts when its first step is left and finishes at the contact
 * step. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { funnelBeaconResponse } from '~/analytics/funnel.server'
import { briefingFunnelStep } from '~/tools/briefing/options'
import { loadCalculatorStep } from '~/tools/calculator/calculator.server'
import { calculatorFunnelSteps, viewFromUrl } from '~/tools/calculator/steps'
import { brasiliaDay } from '~/utils/dates'
import { getEnv } from '~/utils/env.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import { dailyCounters, funnelFinishes, rateLimitHits } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'

const BEACON = 'http://localhost/api/funil'
const { FUNNEL_RATE_LIMIT_PER_MINUTE } = getEnv()
const beacon = (body: string, init: { method?: string; type?: string } = {}) =>
  new Request(BEACON, {
    method: init.method ?? 'POST',
    headers: { 'Content-Type': init.type ?? 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: init.method === 'GET' ? undefined : body,
  })

describe.each(testDatabaseTargets())('the funnel beacon on $kind', ({ open }) => {
  let handle: DatabaseHandle
  const counts = async () =>
    Object.fromEntries((await handle.db.select().from(dailyCounters)).map((row) => [`${row.day} ${row.name}`, row.count])) as Record<string, number>

  beforeAll(async () => {
    handle = await open()
  })
  beforeEach(async () => {
    await handle.db.execute(sql`truncate table daily_counters`)
  })
  afterAll(async () => handle?.close())

  it('counts a start per post and answers it with a start token; a finish counts once, with its own start’s token only', async () => {
    const first = await funnelBeaconResponse(beacon('ferramenta=calculator&etapa=started'), handle.db)
    expect(first.status).toBe(200)
    expect(first.headers.get('Cache-Control')).toBe('private, no-store')
    const token = await first.text()
    const other = await (await funnelBeaconResponse(beacon('ferramenta=presenceTest&etapa=started'), handle.db)).text()
    const finish = (tool: string, start?: string) =>
      funnelBeaconResponse(
        beacon(new URLSearchParams({ ferramenta: tool, etapa: 'finished', ...(start === undefined ? {} : { inicio: start }) }).toString()),
        handle.db,
      )
    // Without a start, with another tool's, with a forged one: nothing counted.
    expect((await finish('presenceTest')).status).toBe(400)
    expect((await finish('presenceTest', token)).status).toBe(400)
    expect((await finish('calculator', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).status).toBe(400)
    // Its own start's token: counted once, however often it is sent again.
    expect((await finish('calculator', token)).status).toBe(204)
    expect((await finish('calculator', token)).status).toBe(400)
    expect((await finish('presenceTest', other)).status).toBe(204)
    const today = brasiliaDay(new Date())
    expect(await counts()).toEqual({
      [`${today} funnel:calculator:started`]: 1,
      [`${today} funnel:calculator:finished`]: 1,
      [`${today} funnel:presenceTest:started`]: 1,
      [`${today} funnel:presenceTest:finished`]: 1,
    })
  })

  it('a finish posted many times at once counts once, and its run is a row of funnel_finishes, not of the rate limit', async () => {
    const token = await (await funnelBeaconResponse(beacon('ferramenta=briefing&etapa=started'), handle.db)).text()
    const finish = () => funnelBeaconResponse(beacon(new URLSearchParams({ ferramenta: 'briefing', etapa: 'finished', inicio: token }).toString()), handle.db)
    const statuses = (await Promise.all(Array.from({ length: 12 }, finish))).map((response) => response.status)
    expect(statuses.filter((status) => status === 204)).toHaveLength(1)
    expect(statuses.filter((status) => status === 400)).toHaveLength(11)
    expect((await counts())[`${brasiliaDay(new Date())} funnel:briefing:finished`]).toBe(1)
    const run = token.split('.')[0]
    expect(await handle.db.select({ tool: funnelFinishes.tool }).from(funnelFinishes).where(eq(funnelFinishes.run, run!))).toEqual([{ tool: 'briefing' }])
    expect(await handle.db.select().from(rateLimitHits)).toEqual([])
  })

  it(`lets one address post ${FUNNEL_RATE_LIMIT_PER_MINUTE} beacons a minute, then answers 429 with Retry-After and counts nothing more`, async () => {
    resetLeadRateLimiter()
    const sender = { clientIp: '198.51.100.40' }
    const statuses: number[] = []
    for (let index = 0; index < FUNNEL_RATE_LIMIT_PER_MINUTE + 3; index++) {
      statuses.push((await funnelBeaconResponse(beacon('ferramenta=calculator&etapa=started'), handle.db, sender)).status)
    }
    expect(statuses).toEqual([...Array<number>(FUNNEL_RATE_LIMIT_PER_MINUTE).fill(200), 429, 429, 429])
    const refused = await funnelBeaconResponse(beacon('ferramenta=calculator&etapa=started'), handle.db, sender)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(refused.headers.get('Cache-Control')).toBe('private, no-store')
    expect(Object.values(await counts())).toEqual([FUNNEL_RATE_LIMIT_PER_MINUTE])
    // Another address has its own budget.
    expect((await funnelBeaconResponse(beacon('ferramenta=calculator&etapa=started'), handle.db, { clientIp: '198.51.100.41' })).status).toBe(200)
  })

  it('refuses unknown names, other methods and media types, and oversized bodies with a 4xx, counting nothing', async () => {
    const refused = [
      [beacon('ferramenta=calculadora&etapa=started'), 400],
      [beacon('ferramenta=calculator&etapa=lead'), 400],
      [beacon('ferramenta=calculator'), 400],
      [beacon('ferramenta=__proto__&etapa=started'), 400],
      [beacon('', { method: 'GET' }), 405],
      [beacon('{"ferramenta":"calculator","etapa":"started"}', { type: 'application/json' }), 415],
      [beacon(`ferramenta=calculator&etapa=started&x=${'a'.repeat(400)}`), 413],
    ] as const
    for (const [request, status] of refused) {
      const response = await funnelBeaconResponse(request, handle.db)
      expect(response.status, `${request.method} ${status}`).toBe(status)
      expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    }
    expect(await counts()).toEqual({})
  })
})

describe('the calculator run’s funnel steps', () => {
  const at = (query: string) => {
    const url = new URL(`http://localhost/ferramentas/calculadora?${query}`)
    return calculatorFunnelSteps(url, viewFromUrl(url))
  }

  it('starts when a metric’s values are first sent and finishes at the run’s first result', () => {
    expect(at('')).toEqual([])
    expect(at('metrica=cac')).toEqual([])
    expect(at('metrica=cac&totalCosts=1000&newCustomers=10')).toEqual(['started', 'finished'])
    // A message first: the form carries on as started, and the corrected values finish the run.
    expect(at('metrica=cac&totalCosts=1000&newCustomers=0')).toEqual(['started'])
    expect(at('metrica=cac&andamento=iniciado&totalCosts=1000&newCustomers=0')).toEqual([])
    expect(at('metrica=cac&andamento=iniciado&totalCosts=1000&newCustomers=10')).toEqual(['finished'])
    // Back from the result to change a value: the same run, counted already.
    expect(at('metrica=cac&totalCosts=1000&newCustomers=10&etapa=calcular')).toEqual([])
    expect(at('metrica=cac&andamento=concluido&totalCosts=900&newCustomers=10')).toEqual([])
    expect(at('metrica=cac&totalCosts=1000&newCustomers=10&etapa=contato')).toEqual([])
  })

  it('the form carries the run on: started after a message, finished after Back from a result', () => {
    const view = (query: string) => viewFromUrl(new URL(`http://localhost/ferramentas/calculadora?${query}`))
    expect(view('metrica=cac')).toMatchObject({ step: 'calculate', progress: null })
    expect(view('metrica=cac&totalCosts=1000&newCustomers=0')).toMatchObject({ step: 'calculate', progress: 'iniciado' })
    expect(view('metrica=cac&totalCosts=1000&newCustomers=10&etapa=calcular')).toMatchObject({ step: 'calculate', progress: 'concluido' })
    expect(view('metrica=cac&andamento=concluido&totalCosts=1000&newCustomers=0')).toMatchObject({ step: 'calculate', progress: 'concluido' })
  })

  it('a counted step is never stored by a shared cache; the steps that count nothing still are', async () => {
    const cache = async (query: string) =>
      (await loadCalculatorStep(new Request(`http://localhost/ferramentas/calculadora?${query}`))).headers.get('Cache-Control')
    expect(await cache('metrica=cac&totalCosts=1000&newCustomers=10')).toBe('no-store')
    expect(await cache('metrica=cac&andamento=iniciado&totalCosts=1000&newCustomers=10')).toBe('no-store')
    expect(await cache('metrica=cac&andamento=concluido&totalCosts=1000&newCustomers=10')).toMatch(/^public, .*s-maxage=/)
    expect(await cache('metrica=cac')).toMatch(/^public, .*s-maxage=/)
  })
})

describe('the briefing’s funnel steps', () => {
  it('starts when the first step is left forward and finishes on reaching the contact step', () => {
    expect([briefingFunnelStep(1, 2), briefingFunnelStep(2, 3), briefingFunnelStep(4, 5), briefingFunnelStep(5, 5), briefingFunnelStep(2, 1)]).toEqual([
      'started',
      null,
      'finished',
      null,
      null,
    ])
  })
})
