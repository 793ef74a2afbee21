import { describe, expect, it } from 'vitest'
import { whileDatabaseStarts } from '../../db/client'

/** A refused connection as postgres.js reports it, wrapped by Drizzle as a query error. */
const refused = () => new Error('Failed query: select 1', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) })
const shuttingDown = () => Object.assign(new Error('the database system is shutting down'), { code: '57P03' })

/** A clock that moves only when the helper pauses. */
function fakeTime() {
  let time = 0
  const pauses: number[] = []
  return {
    pauses,
    now: () => time,
    sleep: async (ms: number) => {
      pauses.push(ms)
      time += ms
    },
  }
}

describe('whileDatabaseStarts', () => {
  it('runs the step again while the database is away, with growing pauses, and returns its result', async () => {
    const clock = fakeTime()
    const failures = [refused(), shuttingDown(), refused(), refused(), refused(), refused()]
    let calls = 0
    const retried: number[] = []
    const result = await whileDatabaseStarts(
      async () => {
        calls++
        const failure = failures.shift()
        if (failure) throw failure
        return 'migrated'
      },
      { ...clock, waitMs: 60_000, onRetry: (_error, pauseMs) => retried.push(pauseMs) },
    )
    expect(result).toBe('migrated')
    expect(calls).toBe(7)
    expect(clock.pauses).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000])
    expect(retried).toEqual(clock.pauses)
  })

  it('throws any other error at once: a migration that fails is not retried', async () => {
    const clock = fakeTime()
    let calls = 0
    const broken = Object.assign(new Error('relation "leads" already exists'), { code: '42P07' })
    await expect(
      whileDatabaseStarts(
        async () => {
          calls++
          throw broken
        },
        { ...clock, waitMs: 60_000 },
      ),
    ).rejects.toBe(broken)
    expect(calls).toBe(1)
    expect(clock.pauses).toEqual([])
  })

  it('gives up with the last refusal once the wait would pass its bound', async () => {
    const clock = fakeTime()
    let last: Error | undefined
    await expect(
      whileDatabaseStarts(
        async () => {
          last = refused()
          throw last
        },
        { ...clock, waitMs: 10_000 },
      ),
    ).rejects.toSatisfy((error) => error === last)
    // 250 + 500 + 1,000 + 2,000 + 4,000 = 7,750 ms; one more 4 s pause would pass 10 s.
    expect(clock.pauses).toEqual([250, 500, 1_000, 2_000, 4_000])
  })
})
