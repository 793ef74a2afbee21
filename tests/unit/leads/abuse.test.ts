import { describe, expect, it } from 'vitest'
import { checkFormTimer, createFormTimer, detectBot, SlidingWindowRateLimiter } from '~/leads/abuse.server'
import { LEAD_HIDDEN_FIELDS } from '~/leads/lead-forms'

const secrets = ['um-segredo-de-teste-bem-longo']

describe('time trap', () => {
  it('accepts a form filled in after the minimum time', () => {
    const timer = createFormTimer(1_000_000, secrets)
    expect(checkFormTimer(timer, { secrets, minFillMs: 1_500, now: 1_002_000 })).toBe('ok')
    expect(checkFormTimer(timer, { secrets, minFillMs: 1_500, now: 1_001_000 })).toBe('too_fast')
  })

  it('refuses a forged or altered timestamp', () => {
    const timer = createFormTimer(1_000_000, secrets)
    const backdated = timer.replace('1000000', '900000')
    expect(checkFormTimer(backdated, { secrets, now: 2_000_000 })).toBe('invalid')
    expect(checkFormTimer(createFormTimer(1_000_000, ['outro-segredo-qualquer']), { secrets, now: 2_000_000 })).toBe('invalid')
    expect(checkFormTimer('nada', { secrets })).toBe('invalid')
    expect(checkFormTimer(null, { secrets })).toBe('missing')
  })

  it('verifies with any secret of a rotation', () => {
    const timer = createFormTimer(1_000_000, ['antigo-segredo-ainda-valido'])
    expect(checkFormTimer(timer, { secrets: ['novo-segredo-em-uso', 'antigo-segredo-ainda-valido'], now: 1_005_000, minFillMs: 0 })).toBe('ok')
  })
})

describe('detectBot', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.append(name, value)
    return data
  }
  const timer = createFormTimer(1_000_000, secrets)

  it('flags a filled honeypot, a forged timer and a form sent too fast', () => {
    expect(detectBot(form({ [LEAD_HIDDEN_FIELDS.honeypot]: 'x', [LEAD_HIDDEN_FIELDS.timer]: timer }), { secrets, now: 1_010_000 })).toBe('honeypot')
    expect(detectBot(form({ [LEAD_HIDDEN_FIELDS.honeypot]: '', [LEAD_HIDDEN_FIELDS.timer]: 'x' }), { secrets })).toBe('timer_invalid')
    expect(detectBot(form({ [LEAD_HIDDEN_FIELDS.timer]: timer }), { secrets, now: 1_000_100, minFillMs: 1_500 })).toBe('too_fast')
  })

  it('lets a person through, and a form without its timer (logged, not dropped)', () => {
    expect(detectBot(form({ [LEAD_HIDDEN_FIELDS.honeypot]: '', [LEAD_HIDDEN_FIELDS.timer]: timer }), { secrets, now: 1_010_000, minFillMs: 1_500 })).toBeNull()
    expect(detectBot(form({}), { secrets })).toBeNull()
  })
})

describe('SlidingWindowRateLimiter', () => {
  it('allows the limit in any 60 s window and says how long to wait', () => {
    const limiter = new SlidingWindowRateLimiter(() => 5)
    for (let second = 0; second < 5; second++) expect(limiter.hit('ip', second * 1_000)).toEqual({ allowed: true })
    expect(limiter.hit('ip', 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 })
    expect(limiter.hit('other-ip', 10_000)).toEqual({ allowed: true })
    // The first hit leaves the window at 60 s.
    expect(limiter.hit('ip', 60_001)).toEqual({ allowed: true })
    expect(limiter.hit('ip', 60_002)).toMatchObject({ allowed: false })
  })

  it('does not let refused hits extend the block', () => {
    const limiter = new SlidingWindowRateLimiter(() => 1)
    expect(limiter.hit('ip', 0).allowed).toBe(true)
    for (let time = 1_000; time < 60_000; time += 1_000) expect(limiter.hit('ip', time).allowed).toBe(false)
    expect(limiter.hit('ip', 60_001).allowed).toBe(true)
  })

  it('forgets idle keys so memory stays bounded', () => {
    const limiter = new SlidingWindowRateLimiter(() => 5, 60_000, 10)
    for (let index = 0; index < 50; index++) limiter.hit(`ip-${index}`, index)
    limiter.hit('late', 120_000)
    expect(limiter.hit('ip-0', 120_001).allowed).toBe(true)
  })
})
