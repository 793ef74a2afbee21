import { describe, expect, it } from 'vitest'
import { cleanData, cleanText } from '~/analytics/clean'

describe('analytics text cleaning', () => {
  it('turns non-strings into strings, removes < > " \' and trims', () => {
    expect(cleanText(42)).toBe('42')
    expect(cleanText(null)).toBe('')
    expect(cleanText('  <script>alert("x\')</script>  ')).toBe('scriptalert(x)/script')
  })

  it('cuts text at 1000 characters, after trimming', () => {
    expect(cleanText(`   ${'a'.repeat(1500)}`)).toHaveLength(1000)
    expect(cleanText('é'.repeat(999) + '"ç')).toBe('é'.repeat(999) + 'ç')
  })

  it('cleans every string in nested objects and arrays, and keeps numbers, booleans and null', () => {
    const event = {
      event: 'form_submission',
      value: 200,
      consent: true,
      fbc: null,
      user_data: { address: { first_name: ' <Ana> ' } },
      tips: ['"um"', { text: "dois'" }, 3],
    }
    expect(cleanData(event)).toEqual({
      event: 'form_submission',
      value: 200,
      consent: true,
      fbc: null,
      user_data: { address: { first_name: 'Ana' } },
      tips: ['um', { text: 'dois' }, 3],
    })
  })
})
