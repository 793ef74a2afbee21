/**
 * How long a vendor's 429 pauses its target for the whole fleet (issue 43):
 * its Retry-After (seconds or an HTTP date), else as long as the row waits,
 * else (the row failed) DEFAULT_PAUSE_MS; nothing for any other outcome.
 */
import { describe, expect, it } from 'vitest'
import { parseRetryAfter, type AttemptOutcome } from '~/delivery/http.server'
import { DEFAULT_PAUSE_MS, MAX_RETRY_AFTER_MS, nextDeliveryState, pauseAfter } from '~/delivery/outbox.server'

const now = new Date('2026-11-29T05:00:00Z')
const schedule = [1_000, 5_000]
const pause = (outcome: AttemptOutcome, attempt = 1) => pauseAfter(outcome, nextDeliveryState(outcome, attempt, schedule, now), now)
const tooMany = (retryAfter: string | null): AttemptOutcome => {
  const retryAfterMs = parseRetryAfter(retryAfter, now.getTime())
  return retryAfterMs === undefined ? { kind: 'retry', status: 429, error: 'HTTP 429' } : { kind: 'retry', status: 429, error: 'HTTP 429', retryAfterMs }
}

describe('pauseAfter', () => {
  it('follows Retry-After in seconds or as an HTTP date', () => {
    expect(pause(tooMany('30'))).toEqual(new Date(now.getTime() + 30_000))
    expect(pause(tooMany('Sun, 29 Nov 2026 05:02:00 GMT'))).toEqual(new Date(now.getTime() + 120_000))
  })

  it('without Retry-After, lasts as long as the row waits; after the last try, the default', () => {
    expect(pause(tooMany(null))).toEqual(new Date(now.getTime() + 1_000))
    expect(pause(tooMany(null), 3)).toEqual(new Date(now.getTime() + DEFAULT_PAUSE_MS))
  })

  it('is bounded, and only a 429 pauses', () => {
    expect(pause(tooMany(String(10 * 24 * 3_600)))).toEqual(new Date(now.getTime() + MAX_RETRY_AFTER_MS))
    expect(pause({ kind: 'retry', status: 503, error: 'HTTP 503', retryAfterMs: 30_000 })).toBeNull()
    expect(pause({ kind: 'delivered', status: 200 })).toBeNull()
    expect(pause({ kind: 'deferred', status: null, error: 'our throttle', retryAfterMs: 30_000 })).toBeNull()
  })
})
