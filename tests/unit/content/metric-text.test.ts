import { describe, expect, test } from 'vitest'
import { metricText, withMetricTexts } from '~/content/metric-text.server'

describe('metricText', () => {
  test('writes the number in pt-BR with the decimals asked, between prefix and suffix', () => {
    expect(metricText({ value: 500, decimals: 0, suffix: '+' })).toBe('500+')
    expect(metricText({ value: 8.2, decimals: 1, suffix: 'x' })).toBe('8,2x')
    expect(metricText({ value: 1500, decimals: 2, prefix: 'R$ ' })).toBe('R$ 1.500,00')
  })

  test('keeps decimals between 0 and 2, as the Studio allows', () => {
    expect(metricText({ value: 3.14159, decimals: 5 })).toBe('3,14')
    expect(metricText({ value: 2.6, decimals: -1 })).toBe('3')
  })
})

test('withMetricTexts adds each figure its text and keeps the rest', () => {
  const metric = { _key: 'a', label: 'Clientes', value: 230, decimals: 0, suffix: '%' }
  expect(withMetricTexts([metric])).toEqual([{ ...metric, text: '230%' }])
})
