import { describe, expect, it } from 'vitest'
import {
  BAND_LABELS,
  calculate,
  formatMetricValue,
  invalidValueMessage,
  METRIC_TYPES,
  METRICS,
  parseDecimal,
  readInputs,
  type Band,
  type MetricType,
} from '~/tools/calculator/metrics'
import { isBrowserStep, viewFromUrl } from '~/tools/calculator/steps'

const band = (metric: MetricType, value: number) => METRICS[metric].band(value)

describe('the six metrics', () => {
  it('have the spec inputs, in order', () => {
    expect(Object.fromEntries(METRIC_TYPES.map((type) => [type, METRICS[type].inputs.map((input) => input.id)]))).toEqual({
      cac: ['totalCosts', 'newCustomers'],
      roi: ['revenue', 'investment'],
      cpc: ['campaignCost', 'clicks'],
      cpa: ['campaignCost', 'conversions'],
      conversion_rate: ['conversions', 'visitors'],
      ltv: ['averagePurchaseValue', 'purchaseFrequency', 'retentionTime'],
    })
  })

  it('compute the formulas, rounded to 2 decimals', () => {
    expect(calculate('cac', { totalCosts: 10_000, newCustomers: 30 })?.value).toBe(333.33)
    expect(calculate('roi', { revenue: 15_000, investment: 5_000 })?.value).toBe(200)
    expect(calculate('roi', { revenue: 3_000, investment: 5_000 })?.value).toBe(-40)
    expect(calculate('cpc', { campaignCost: 1_000, clicks: 600 })?.value).toBe(1.67)
    expect(calculate('cpa', { campaignCost: 3_000, conversions: 20 })?.value).toBe(150)
    expect(calculate('conversion_rate', { conversions: 25, visitors: 1_000 })?.value).toBe(2.5)
    expect(calculate('ltv', { averagePurchaseValue: 150, purchaseFrequency: 4, retentionTime: 3 })?.value).toBe(1800)
  })

  it('keep only the metric’s inputs in the result', () => {
    expect(calculate('cpc', { campaignCost: 100, clicks: 50, visitors: 9 })).toEqual({
      metricType: 'cpc',
      value: 2,
      inputs: { campaignCost: 100, clicks: 50 },
      band: 'average',
    })
  })

  const edges: Array<[MetricType, number, Band]> = [
    // Lower is better: good below the first limit, average below the second.
    ['cac', 499.99, 'good'],
    ['cac', 500, 'average'],
    ['cac', 999.99, 'average'],
    ['cac', 1000, 'poor'],
    ['cpc', 1.99, 'good'],
    ['cpc', 2, 'average'],
    ['cpc', 4.99, 'average'],
    ['cpc', 5, 'poor'],
    ['cpa', 99.99, 'good'],
    ['cpa', 100, 'average'],
    ['cpa', 199.99, 'average'],
    ['cpa', 200, 'poor'],
    // Higher is better: good at the first limit or more, average at the second or more.
    ['roi', 200, 'good'],
    ['roi', 199.99, 'average'],
    ['roi', 100, 'average'],
    ['roi', 99.99, 'poor'],
    ['conversion_rate', 3, 'good'],
    ['conversion_rate', 2.99, 'average'],
    ['conversion_rate', 1, 'average'],
    ['conversion_rate', 0.99, 'poor'],
    ['ltv', 2000, 'good'],
    ['ltv', 1999.99, 'average'],
    ['ltv', 1000, 'average'],
    ['ltv', 999.99, 'poor'],
  ]
  it.each(edges)('%s %d is %s', (metric, value, expected) => {
    expect(band(metric, value)).toBe(expected)
  })

  it('band the value as shown: 499,995 rounds to R$ 500,00 and is average, not good', () => {
    const result = calculate('cac', { totalCosts: 99_999, newCustomers: 200 })
    expect(result).toMatchObject({ value: 500, band: 'average' })
  })

  it('label the bands as the spec does', () => {
    expect(BAND_LABELS).toEqual({ good: 'Excelente', average: 'Na média', poor: 'Precisa melhorar' })
  })
})

describe('reading what a person types', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1234,56', 1234.56],
    ['0,5', 0.5],
    ['1.500', 1500],
    ['2.000.000', 2_000_000],
    ['2.5', 2.5],
    ['R$ 1.234,56', 1234.56],
    [' 42 ', 42],
    ['3%', 3],
  ])('%s is %d', (raw, expected) => {
    expect(parseDecimal(raw)).toBe(expected)
  })

  it.each(['', 'abc', '1,2,3', '1.2.3', '1,234.56', '--1', 'Infinity', '1e5'])('%s is not a number', (raw) => {
    expect(parseDecimal(raw)).toBeNull()
  })

  it('wants every field above zero, with the spec’s message', () => {
    const raw: Record<string, string> = { totalCosts: '0', newCustomers: '' }
    expect(readInputs('cac', (id) => raw[id])).toEqual({
      errors: { totalCosts: 'Por favor, insira um valor válido maior que zero', newCustomers: 'Por favor, insira um valor válido maior que zero' },
    })
    expect(readInputs('cac', (id) => ({ totalCosts: '5.000', newCustomers: '10' })[id])).toEqual({ values: { totalCosts: 5000, newCustomers: 10 } })
    expect(readInputs('roi', (id) => ({ revenue: '-5', investment: '10' })[id])).toEqual({
      errors: { revenue: 'Por favor, insira um valor válido maior que zero' },
    })
  })

  it("leaves out 'maior que zero' for a field whose id contains 'rate' (no input has one today)", () => {
    expect(invalidValueMessage('growthRate')).toBe('Por favor, insira um valor válido')
    expect(invalidValueMessage('clicks')).toBe('Por favor, insira um valor válido maior que zero')
  })
})

describe('showing a value (pt-BR)', () => {
  it("puts 'R$' before money and '%' after roi and conversion_rate, with 2 decimals", () => {
    expect(formatMetricValue('cac', 1234.5)).toBe('R$\u00a01.234,50')
    expect(formatMetricValue('ltv', 1800)).toBe('R$\u00a01.800,00')
    expect(formatMetricValue('roi', 200)).toBe('200,00%')
    expect(formatMetricValue('conversion_rate', 2.5)).toBe('2,50%')
    expect(formatMetricValue('roi', -40)).toBe('-40,00%')
  })
})

describe('the steps the browser answers itself', () => {
  const view = (search: string) => viewFromUrl(new URL(`https://exemplo.com.br/ferramentas/calculadora${search}`))

  it('are the picker, the form (with or without messages) and the result, worked out from the URL alone', () => {
    expect(isBrowserStep(view(''))).toBe(true)
    expect(isBrowserStep(view('?metrica=roi'))).toBe(true)
    expect(isBrowserStep(view('?metrica=roi&revenue=0&investment=10'))).toBe(true)
    expect(view('?metrica=roi&revenue=0&investment=10').step).toBe('calculate')
    expect(isBrowserStep(view('?metrica=roi&revenue=50.000%2C00&investment=10.000%2C00'))).toBe(true)
    expect(view('?metrica=roi&revenue=50.000%2C00&investment=10.000%2C00').step).toBe('result')
  })

  it('are not the lead form (its signed timer) nor the full result (the stored row): those come from the server', () => {
    expect(isBrowserStep(view('?metrica=roi&revenue=50000&investment=10000&etapa=contato'))).toBe(false)
    expect(isBrowserStep(view('?resultado=00000000-0000-4000-8000-000000000000'))).toBe(false)
  })
})
