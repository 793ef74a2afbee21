import { describe, expect, it } from 'vitest'
import { storableText, storableValue } from '~/utils/storable-text'

describe('storableText', () => {
  it('removes NUL and replaces unpaired surrogates, keeping real pairs and accents', () => {
    expect(storableText('Nul\u0000Byte')).toBe('NulByte')
    expect(storableText('a\uD800b')).toBe('a\uFFFDb')
    expect(storableText('\uDC00fim')).toBe('\uFFFDfim')
    expect(storableText('ação 😀 \uD83D\uDE00')).toBe('ação 😀 \uD83D\uDE00')
    expect(storableText('Olá, mundo') === 'Olá, mundo').toBe(true)
    expect(storableText('\u0000') === '\u0000').toBe(false)
  })

  it('cleans every string inside objects and arrays, keys included, and leaves other values alone', () => {
    const date = new Date(0)
    expect(storableValue({ 'k\u0000': ['x\u0000', 1, null, { deep: '\uD800' }], when: date, ok: true })).toEqual({
      k: ['x', 1, null, { deep: '\uFFFD' }],
      when: date,
      ok: true,
    })
  })
})
