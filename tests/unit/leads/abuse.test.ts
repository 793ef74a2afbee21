import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkFormTimer, createFormTimer, detectBot, FORM_TIMER_MAX_AGE_MS, formTimerNonce, submissionKey } from '~/leads/abuse.server'
import { LEAD_HIDDEN_FIELDS } from '~/leads/lead-forms'
import { cacheControl } from '~/utils/http.server'
import { rateLimiter } from '~/utils/rate-limit.server'

const secrets = ['um-segredo-de-teste-bem-longo']

describe('time trap', () => {
  it('accepts a form filled in after the minimum time', () => {
    const timer = createFormTimer('contact', 1_000_000, secrets)
    expect(checkFormTimer(timer, 'contact', { secrets, minFillMs: 1_500, now: 1_002_000 })).toBe('ok')
    expect(checkFormTimer(timer, 'contact', { secrets, minFillMs: 1_500, now: 1_001_000 })).toBe('too_fast')
  })

  it('refuses a forged or altered timestamp, and a timer rendered for another form', () => {
    const timer = createFormTimer('contact', 1_000_000, secrets)
    const backdated = timer.replace('1000000', '900000')
    expect(checkFormTimer(backdated, 'contact', { secrets, now: 2_000_000 })).toBe('invalid')
    expect(checkFormTimer(createFormTimer('contact', 1_000_000, ['outro-segredo-qualquer']), 'contact', { secrets, now: 2_000_000 })).toBe('invalid')
    expect(checkFormTimer(createFormTimer('newsletter', 1_000_000, secrets), 'contact', { secrets, now: 2_000_000 })).toBe('invalid')
    expect(checkFormTimer('nada', 'contact', { secrets })).toBe('invalid')
    expect(checkFormTimer(null, 'contact', { secrets })).toBe('missing')
    expect(checkFormTimer('', 'contact', { secrets })).toBe('missing')
  })

  it('outlives the longest a cache may serve the page (s-maxage + stale-while-revalidate) plus a day with the tab open, then expires', () => {
    const timer = createFormTimer('home', 0, secrets)
    const cmsPage = /s-maxage=(\d+), stale-while-revalidate=(\d+)/.exec(cacheControl.cmsPage)
    const cachedForMs = (Number(cmsPage?.[1]) + Number(cmsPage?.[2])) * 1000
    expect(cachedForMs).toBeGreaterThan(24 * 60 * 60 * 1000)
    expect(FORM_TIMER_MAX_AGE_MS).toBe(cachedForMs + 24 * 60 * 60 * 1000)
    expect(checkFormTimer(timer, 'home', { secrets, minFillMs: 0, now: FORM_TIMER_MAX_AGE_MS })).toBe('ok')
    expect(checkFormTimer(timer, 'home', { secrets, minFillMs: 0, now: FORM_TIMER_MAX_AGE_MS + 1 })).toBe('expired')
  })

  it('keys a lead by what was sent: the form, the render and the normalised fields; any field that differs is another submission', () => {
    const timer = createFormTimer('contact', 1_000_000, secrets)
    const sent = { name: 'Ana Lima', email: 'ana@exemplo.com.br', message: 'Quero mais clientes.', company: undefined }
    const key = submissionKey('contact', timer, sent)
    expect(key).toMatch(/^[\w-]{43}$/)
    // Spaces, line breaks, the e-mail's case, empty fields and the fields' order do not make another submission.
    expect(submissionKey('contact', timer, { message: ' Quero  mais\r\nclientes. ', email: 'Ana@Exemplo.com.br ', name: 'Ana   Lima', company: '  ' })).toBe(
      key,
    )
    // Another message, another sender, another render, another form: another submission.
    expect(submissionKey('contact', timer, { ...sent, message: 'Quero um agente de IA.' })).not.toBe(key)
    expect(submissionKey('contact', timer, { ...sent, email: 'bruno@exemplo.com.br' })).not.toBe(key)
    expect(submissionKey('contact', timer, { ...sent, company: 'Padaria Lima' })).not.toBe(key)
    expect(submissionKey('contact', createFormTimer('contact', 1_000_000, secrets), sent)).not.toBe(key)
    expect(submissionKey('home', timer, sent)).not.toBe(key)
    // A tool's answers and choices are fields like any other.
    expect(submissionKey('briefing', timer, { ...sent, platforms: ['whatsapp', 'instagram'] })).not.toBe(
      submissionKey('briefing', timer, { ...sent, platforms: ['whatsapp'] }),
    )
    expect(submissionKey('presenceTest', timer, { ...sent, respostas: '0123' })).not.toBe(submissionKey('presenceTest', timer, { ...sent, respostas: '0124' }))
    expect(submissionKey('newsletter', timer, { email: 'ana@exemplo.com.br', consent: true })).toBe(
      submissionKey('newsletter', timer, { email: 'ANA@exemplo.com.br', consent: true }),
    )
    expect(submissionKey('contact', 'nada', sent)).toBeNull()
  })

  it('keys any submission the same however its text is spaced, and differently once a word changes', () => {
    const timer = createFormTimer('contact', 1_000_000, secrets)
    const word = fc.stringMatching(/^[\p{L}\p{N}@.,!?-]{1,12}$/u)
    const text = fc.array(word, { minLength: 1, maxLength: 8 })
    const space = fc.constantFrom(' ', '  ', '\t', '\r\n', '\n', '\u00a0')
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('name', 'message', 'company', 'email'), text, { minKeys: 1 }), space, (words, gap) => {
        const sent = Object.fromEntries(Object.entries(words).map(([name, list]) => [name, list.join(' ')]))
        const respaced = Object.fromEntries(Object.entries(words).map(([name, list]) => [name, `${gap}${list.join(gap)}${gap}`]))
        expect(submissionKey('contact', timer, respaced)).toBe(submissionKey('contact', timer, sent))
        const [name, list] = Object.entries(words)[0]!
        expect(submissionKey('contact', timer, { ...sent, [name]: [...list, 'outra'].join(' ') })).not.toBe(submissionKey('contact', timer, sent))
      }),
    )
  })

  it('makes every rendered form unique, even two in the same millisecond, and reads its nonce', () => {
    const first = createFormTimer('contact', 1_000_000, secrets)
    const second = createFormTimer('contact', 1_000_000, secrets)
    expect(first).not.toBe(second)
    expect(formTimerNonce(first)).toMatch(/^[\w-]{12}$/)
    expect(formTimerNonce(first)).not.toBe(formTimerNonce(second))
    expect(formTimerNonce('nada')).toBeNull()
    // The nonce is signed: changing it breaks the timer.
    const [issued, , mac] = first.split('.')
    expect(checkFormTimer(`${issued}.${formTimerNonce(second)}.${mac}`, 'contact', { secrets, now: 1_010_000, minFillMs: 0 })).toBe('invalid')
  })

  it('verifies with any secret of a rotation', () => {
    const timer = createFormTimer('contact', 1_000_000, ['antigo-segredo-ainda-valido'])
    expect(checkFormTimer(timer, 'contact', { secrets: ['novo-segredo-em-uso', 'antigo-segredo-ainda-valido'], now: 1_005_000, minFillMs: 0 })).toBe('ok')
  })
})

describe('detectBot', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.append(name, value)
    return data
  }
  const timer = createFormTimer('contact', 1_000_000, secrets)
  const check = (value: string | null, now: number, minFillMs = 1_500, name = 'contact') => checkFormTimer(value, name, { secrets, now, minFillMs })

  it('flags a filled honeypot, a forged timer or one for another form, and a form sent too fast', () => {
    expect(detectBot(form({ [LEAD_HIDDEN_FIELDS.honeypot]: 'x' }), check(timer, 1_010_000))).toBe('honeypot')
    expect(detectBot(form({ [LEAD_HIDDEN_FIELDS.honeypot]: '' }), check('x', 1_010_000))).toBe('timer_invalid')
    expect(detectBot(form({}), check(timer, 1_000_100))).toBe('too_fast')
    expect(detectBot(form({}), check(timer, 1_010_000, 0, 'home'))).toBe('timer_invalid')
  })

  it('lets a person through, and leaves a missing or expired timer to the caller (not proof of a bot)', () => {
    expect(detectBot(form({ [LEAD_HIDDEN_FIELDS.honeypot]: '' }), check(timer, 1_010_000))).toBeNull()
    expect(detectBot(form({}), check(null, 1_010_000))).toBeNull()
    expect(detectBot(form({}), check(timer, 1_000_000 + FORM_TIMER_MAX_AGE_MS * 2))).toBeNull()
  })
})

describe('rateLimiter in memory', () => {
  it('allows the limit in any 60 s window and says how long to wait', () => {
    const limiter = rateLimiter({ name: 'unit-five', limit: () => 5, store: 'memory' })
    for (let second = 0; second < 5; second++) expect(limiter.hit('ip', second * 1_000)).toEqual({ allowed: true })
    expect(limiter.hit('ip', 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 })
    expect(limiter.hit('other-ip', 10_000)).toEqual({ allowed: true })
    // The first hit leaves the window at 60 s.
    expect(limiter.hit('ip', 60_001)).toEqual({ allowed: true })
    expect(limiter.hit('ip', 60_002)).toMatchObject({ allowed: false })
  })

  it('does not let refused hits extend the block', () => {
    const limiter = rateLimiter({ name: 'unit-one', limit: () => 1, store: 'memory' })
    expect(limiter.hit('ip', 0).allowed).toBe(true)
    for (let time = 1_000; time < 60_000; time += 1_000) expect(limiter.hit('ip', time).allowed).toBe(false)
    expect(limiter.hit('ip', 60_001).allowed).toBe(true)
  })

  it('forgets idle keys so memory stays bounded', () => {
    const limiter = rateLimiter({ name: 'unit-bounded', limit: () => 5, store: 'memory', maxKeys: 10 })
    for (let index = 0; index < 50; index++) limiter.hit(`ip-${index}`, index)
    limiter.hit('late', 120_000)
    expect(limiter.hit('ip-0', 120_001).allowed).toBe(true)
  })

  it('reads its limit on every hit', () => {
    let limit = 1
    const limiter = rateLimiter({ name: 'unit-setting', limit: () => limit, store: 'memory' })
    expect(limiter.hit('ip', 0).allowed).toBe(true)
    expect(limiter.hit('ip', 1_000).allowed).toBe(false)
    limit = 3
    expect(limiter.hit('ip', 2_000).allowed).toBe(true)
    expect(limiter.hit('ip', 3_000).allowed).toBe(true)
    expect(limiter.hit('ip', 4_000).allowed).toBe(false)
  })

  it('a second definition of a name counts in the same budget with its own limit, never the first one’s', () => {
    const strict = rateLimiter({ name: 'unit-twice', limit: () => 1, store: 'memory' })
    const loose = rateLimiter({ name: 'unit-twice', limit: () => 3, store: 'memory' })
    expect(strict.hit('ip', 0).allowed).toBe(true)
    expect(strict.hit('ip', 1_000).allowed).toBe(false)
    // The same budget (one hit in it), read against the second definition's limit.
    expect(loose.hit('ip', 2_000).allowed).toBe(true)
    expect(loose.hit('ip', 3_000).allowed).toBe(true)
    expect(loose.hit('ip', 4_000).allowed).toBe(false)
    // Another name is another budget.
    expect(rateLimiter({ name: 'unit-other', limit: () => 1, store: 'memory' }).hit('ip', 4_000).allowed).toBe(true)
  })

  it('refuses a second definition of a name with another window or store', () => {
    rateLimiter({ name: 'unit-defined', limit: () => 1, store: 'memory' })
    expect(() => rateLimiter({ name: 'unit-defined', limit: () => 1, windowMs: 10_000, store: 'memory' })).toThrow(/"unit-defined" is already defined/)
    expect(() => rateLimiter({ name: 'unit-defined', limit: () => 1 })).toThrow(/"unit-defined" is already defined/)
  })
})
