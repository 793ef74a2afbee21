import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatPhone, isCompletePhone, normalizePhone, phoneDigits } from '~/leads/phone'

describe('phone mask', () => {
  it('keeps digits only, at most 11', () => {
    expect(phoneDigits('(11) 98765-4321')).toBe('11987654321')
    expect(phoneDigits('11 98765 4321 999')).toBe('11987654321')
    expect(phoneDigits('abc')).toBe('')
  })

  it('formats as (DD) NNNNN-NNNN while typing', () => {
    expect(formatPhone('')).toBe('')
    expect(formatPhone('1')).toBe('(1')
    expect(formatPhone('11')).toBe('(11')
    expect(formatPhone('119')).toBe('(11) 9')
    expect(formatPhone('1198765')).toBe('(11) 98765')
    expect(formatPhone('11987654')).toBe('(11) 98765-4')
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321')
    expect(formatPhone('(11) 98765-43210')).toBe('(11) 98765-4321')
  })

  it('formats a 10-digit landline as 4+4', () => {
    expect(formatPhone('1132654321')).toBe('(11) 3265-4321')
  })

  it('normalises on the server whatever arrives, including a +55 country code', () => {
    expect(normalizePhone('11987654321')).toBe('(11) 98765-4321')
    expect(normalizePhone(' +55 (11) 98765-4321 ')).toBe('(11) 98765-4321')
    expect(normalizePhone('+5511987654321')).toBe('(11) 98765-4321')
    // DDD 55 (Rio Grande do Sul) without a plus is a DDD, not a country code.
    expect(normalizePhone('55999887766')).toBe('(55) 99988-7766')
  })

  it('knows a complete number: DDD plus 8 or 9 digits', () => {
    expect(isCompletePhone('(11) 98765-4321')).toBe(true)
    expect(isCompletePhone('(11) 3265-4321')).toBe(true)
    expect(isCompletePhone('(11) 98765')).toBe(false)
  })
})

describe('the phone format the decisions describe', () => {
  it('is the one formatPhone writes (with the space after the DDD), in every ADR', () => {
    // '(11) 98765-4321' → '(DD) NNNNN-NNNN'; '(11) 3265-4321' → '(DD) NNNN-NNNN'.
    const maskOf = (phone: string) => phone.replace(/\d/, 'D').replace(/\d/, 'D').replace(/\d/g, 'N')
    const formats = new Set([maskOf(formatPhone('11987654321')), maskOf(formatPhone('1132654321'))])
    const folder = path.resolve('docs/decisions')
    let found = 0
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.md'))) {
      for (const written of readFileSync(path.join(folder, file), 'utf8').match(/\(DD\)\s*N+-N+/g) ?? []) {
        expect(formats, `${file}: ${written}`).toContain(written)
        found += 1
      }
    }
    expect(found).toBeGreaterThan(0)
  })
})
