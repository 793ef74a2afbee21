// @vitest-environment node
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import { rateLimitHits } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'

/**
 * The rate limit counted in the database: two limiters stand for two
 * instances of the site (each with its own memory, sharing only the
 * database), and the limit holds across them, exactly, even when they race.
 */
describe.each(testDatabaseTargets())('rate limit in the database on $kind', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await handle.db.delete(rateLimitHits)
  })
  const instance = (limit: number, name = 'contact') => rateLimiter({ name, limit: () => limit, store: 'database', db: handle.db })
  const instances = (limit: number, name?: string) => [instance(limit, name), instance(limit, name)] as const

  it('two instances share one limit per key, and say when to retry', async () => {
    const [a, b] = instances(3)
    const t = Date.parse('2026-11-23T12:00:00Z')
    // Each answer says how many hits the key had before it.
    expect(await a.hit('contact|203.0.113.7', t)).toEqual({ allowed: true, earlier: 0 })
    expect(await b.hit('contact|203.0.113.7', t + 1_000)).toEqual({ allowed: true, earlier: 1 })
    expect(await a.hit('contact|203.0.113.7', t + 2_000)).toEqual({ allowed: true, earlier: 2 })
    expect(await b.hit('contact|203.0.113.7', t + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50, earlier: 3 })
    // Another address, or another limiter, has its own budget.
    expect(await b.hit('contact|203.0.113.8', t + 10_000)).toEqual({ allowed: true, earlier: 0 })
    expect(await instance(3, 'home').hit('contact|203.0.113.7', t + 10_000)).toEqual({ allowed: true, earlier: 0 })
    // A limit given with the hit (Infinity: count, never refuse) wins over the limiter's own.
    expect(await a.hit('contact|203.0.113.7', t + 11_000, Infinity)).toEqual({ allowed: true, earlier: 3 })
    expect(await a.hit('contact|203.0.113.7', t + 12_000)).toEqual({ allowed: false, retryAfterSeconds: 48, earlier: 4 })
  })

  it('the window slides: a minute after the first post there is room again, and old rows are gone', async () => {
    const [a, b] = instances(2, 'sliding')
    const t = Date.parse('2026-11-23T12:00:00Z')
    await a.hit('k', t)
    await b.hit('k', t + 30_000)
    expect((await a.hit('k', t + 59_000)).allowed).toBe(false)
    expect(await b.hit('k', t + 60_001)).toEqual({ allowed: true, earlier: 1 })
    const [rows] = await handle.db.select({ n: count() }).from(rateLimitHits)
    expect(rows?.n).toBe(2)
  })

  it("a one-minute limiter's sweep leaves a one-day limiter's rows alone", async () => {
    const day = rateLimiter({ name: 'day', limit: () => 1, windowMs: 24 * 60 * 60_000, store: 'database', db: handle.db })
    const minute = rateLimiter({ name: 'minute', limit: () => 1_000, store: 'database', db: handle.db })
    const t = Date.parse('2026-11-23T12:00:00Z')
    expect(await day.hit('run-1', t)).toEqual({ allowed: true, earlier: 0 })
    // Two hundred posts an hour later make the minute limiter sweep every expired row once.
    for (let index = 0; index < 200; index++) await minute.hit(`beacon|${index % 7}`, t + 60 * 60_000 + index)
    const left = await handle.db.select({ key: rateLimitHits.key }).from(rateLimitHits).where(eq(rateLimitHits.key, 'day|run-1'))
    expect(left).toHaveLength(1)
    expect((await day.hit('run-1', t + 2 * 60 * 60_000)).allowed).toBe(false)
    // A day and a moment later the day row has expired, and the next sweep takes it.
    for (let index = 0; index < 200; index++) await minute.hit(`beacon|${index % 7}`, t + 24 * 60 * 60_000 + 1_000 + index)
    expect(await handle.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'day|run-1'))).toHaveLength(0)
  })

  it('reads each definition’s limit on every hit: a changed setting counts at once, a second definition is never ignored', async () => {
    let setting = 1
    const first = rateLimiter({ name: 'setting', limit: () => setting, store: 'database', db: handle.db })
    const t = Date.parse('2026-11-23T12:00:00Z')
    expect((await first.hit('k', t)).allowed).toBe(true)
    expect((await first.hit('k', t + 1_000)).allowed).toBe(false)
    setting = 2
    expect(await first.hit('k', t + 2_000)).toEqual({ allowed: true, earlier: 1 })
    // A second definition of the name: the same budget, its own limit.
    const second = rateLimiter({ name: 'setting', limit: () => 4, store: 'database', db: handle.db })
    expect(await second.hit('k', t + 3_000)).toEqual({ allowed: true, earlier: 2 })
    expect((await first.hit('k', t + 4_000)).allowed).toBe(false)
    expect(() => rateLimiter({ name: 'setting', limit: () => 4, windowMs: 1_000, store: 'database', db: handle.db })).toThrow(/already defined/)
  })

  it('racing posts from both instances are counted exactly', async () => {
    const [a, b] = instances(5, 'race')
    const t = Date.now()
    const decisions = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? a : b).hit('race', t + index)))
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5)
  })
})
