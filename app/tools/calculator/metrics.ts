/**
 * The metrics calculator: the six metrics, their inputs, formulas and bands,
 * and how values are read and shown. Pure: the route, the lead action and the
 * tests use it; the interpretation and tips for each metric and band are
 * content (Studio).
 */
import { METRIC_TYPES, type MetricType } from '../../content/tool-keys'
import { formatMoney } from '../../utils/currency'
import { numberFormat } from '../../utils/numbers'

export { METRIC_TYPES, type MetricType }

export const BANDS = ['good', 'average', 'poor'] as const
export type Band = (typeof BANDS)[number]

export const BAND_LABELS: Record<Band, string> = { good: 'Excelente', average: 'Na média', poor: 'Precisa melhorar' }

export type MetricInput = { id: string; label: string; hint: string }

export type MetricDefinition = {
  type: MetricType
  name: string
  summary: string
  /** How the result is shown: an 'R$' prefix, or a '%' suffix. */
  unit: 'currency' | 'percent'
  inputs: readonly MetricInput[]
  compute: (values: Record<string, number>) => number
  band: (value: number) => Band
}

const costs = { id: 'totalCosts', label: 'Custos totais de marketing e vendas (R$)', hint: 'Tudo o que foi gasto para conquistar clientes no período.' }
const campaignCost = { id: 'campaignCost', label: 'Custo da campanha (R$)', hint: 'O valor investido na campanha no período.' }
const conversions = { id: 'conversions', label: 'Número de conversões', hint: 'Vendas, cadastros ou contatos gerados no período.' }

/** Lower is better: good below `good`, average below `average`. */
const lowerIsBetter = (good: number, average: number) => (value: number) => (value < good ? 'good' : value < average ? 'average' : 'poor')
/** Higher is better: good at `good` or more, average at `average` or more. */
const higherIsBetter = (good: number, average: number) => (value: number) => (value >= good ? 'good' : value >= average ? 'average' : 'poor')

export const METRICS: Record<MetricType, MetricDefinition> = {
  cac: {
    type: 'cac',
    name: 'CAC: Custo de Aquisição de Cliente',
    summary: 'Quanto custa conquistar cada cliente novo.',
    unit: 'currency',
    inputs: [costs, { id: 'newCustomers', label: 'Novos clientes no período', hint: 'Quantos clientes novos compraram no mesmo período.' }],
    compute: (v) => v.totalCosts! / v.newCustomers!,
    band: lowerIsBetter(500, 1000),
  },
  roi: {
    type: 'roi',
    name: 'ROI: Retorno sobre o Investimento',
    summary: 'Quanto cada real investido devolveu, em porcentagem.',
    unit: 'percent',
    inputs: [
      { id: 'revenue', label: 'Receita gerada (R$)', hint: 'O faturamento que veio do investimento.' },
      { id: 'investment', label: 'Valor investido (R$)', hint: 'Quanto foi investido para gerar essa receita.' },
    ],
    compute: (v) => ((v.revenue! - v.investment!) / v.investment!) * 100,
    band: higherIsBetter(200, 100),
  },
  cpc: {
    type: 'cpc',
    name: 'CPC: Custo por Clique',
    summary: 'Quanto você paga, em média, por cada clique no anúncio.',
    unit: 'currency',
    inputs: [campaignCost, { id: 'clicks', label: 'Número de cliques', hint: 'Os cliques que a campanha recebeu.' }],
    compute: (v) => v.campaignCost! / v.clicks!,
    band: lowerIsBetter(2, 5),
  },
  cpa: {
    type: 'cpa',
    name: 'CPA: Custo por Aquisição',
    summary: 'Quanto custa cada conversão que a campanha gera.',
    unit: 'currency',
    inputs: [campaignCost, conversions],
    compute: (v) => v.campaignCost! / v.conversions!,
    band: lowerIsBetter(100, 200),
  },
  conversion_rate: {
    type: 'conversion_rate',
    name: 'Taxa de Conversão',
    summary: 'Quantos visitantes, de cada cem, viram clientes ou contatos.',
    unit: 'percent',
    inputs: [conversions, { id: 'visitors', label: 'Número de visitantes', hint: 'As visitas ao site ou à página no período.' }],
    compute: (v) => (v.conversions! / v.visitors!) * 100,
    band: higherIsBetter(3, 1),
  },
  ltv: {
    type: 'ltv',
    name: 'LTV: Valor do Tempo de Vida do Cliente',
    summary: 'Quanto um cliente deixa no seu caixa durante toda a relação.',
    unit: 'currency',
    inputs: [
      { id: 'averagePurchaseValue', label: 'Valor médio de compra (R$)', hint: 'O tíquete médio de cada compra.' },
      { id: 'purchaseFrequency', label: 'Compras por ano', hint: 'Quantas vezes, em média, um cliente compra por ano.' },
      { id: 'retentionTime', label: 'Tempo de retenção (anos)', hint: 'Por quantos anos, em média, um cliente continua comprando.' },
    ],
    compute: (v) => v.averagePurchaseValue! * v.purchaseFrequency! * v.retentionTime!,
    band: higherIsBetter(2000, 1000),
  },
}

export const isMetricType = (value: unknown): value is MetricType => typeof value === 'string' && (METRIC_TYPES as readonly string[]).includes(value)

/**
 * A number as a Brazilian types it, or as a browser's number field sends it:
 * '1.234,56' and '1234.56' are both 1234.56, '0,5' is 0.5, and dots in groups
 * of three ('1.500', '2.000.000') are thousands. Null for anything else.
 */
export function parseDecimal(raw: string): number | null {
  const text = raw
    .trim()
    .replace(/^R\$\s*/, '')
    .replace(/\s/g, '')
    .replace(/%$/, '')
  if (!/^[+-]?[\d.,]+$/.test(text) || !/\d/.test(text)) return null
  let normalised: string
  if (text.includes(',')) {
    // Comma decimal: every dot before it groups thousands.
    if (text.indexOf(',') !== text.lastIndexOf(',') || !/^[+-]?\d{1,3}(\.\d{3})*,\d+$|^[+-]?\d+,\d+$/.test(text)) return null
    normalised = text.replace(/\./g, '').replace(',', '.')
  } else if (/^[+-]?\d{1,3}(\.\d{3})+$/.test(text)) {
    normalised = text.replace(/\./g, '')
  } else {
    if ((text.match(/\./g) ?? []).length > 1) return null
    normalised = text
  }
  const value = Number(normalised)
  return Number.isFinite(value) ? value : null
}

/** The spec's exception: 'maior que zero' is left out for fields whose id contains 'rate' (no input's id does today). */
export function invalidValueMessage(fieldId: string): string {
  return /rate/i.test(fieldId) ? 'Por favor, insira um valor válido' : 'Por favor, insira um valor válido maior que zero'
}

export type CalculatorResult = {
  metricType: MetricType
  /** Rounded to 2 decimals: what is shown is what is banded and stored. */
  value: number
  inputs: Record<string, number>
  band: Band
}

export type InputErrors = Record<string, string>

/** Reads the posted inputs of a metric: numbers above zero, or the spec's message per field. */
export function readInputs(metric: MetricType, raw: (id: string) => string | null | undefined): { values: Record<string, number> } | { errors: InputErrors } {
  const values: Record<string, number> = {}
  const errors: InputErrors = {}
  for (const input of METRICS[metric].inputs) {
    const value = parseDecimal(raw(input.id) ?? '')
    if (value === null || !(value > 0)) errors[input.id] = invalidValueMessage(input.id)
    else values[input.id] = value
  }
  return Object.keys(errors).length ? { errors } : { values }
}

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100

/** The metric's value (2 decimals) and band from valid inputs; null when the inputs cannot give a finite value. */
export function calculate(metric: MetricType, values: Record<string, number>): CalculatorResult | null {
  const definition = METRICS[metric]
  const raw = definition.compute(values)
  if (!Number.isFinite(raw)) return null
  const value = round2(raw)
  const inputs = Object.fromEntries(definition.inputs.map((input) => [input.id, values[input.id]!]))
  return { metricType: metric, value, inputs, band: definition.band(value) }
}

// Made when the page is idle: the locale's data is then loaded before "Calcular", whose result it formats (and the currency's).
const decimal = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }, { whenIdle: true })

/** 'R$ 1.234,56' (currency metrics) or '250,00%' (roi, conversion_rate), pt-BR. */
export function formatMetricValue(metric: MetricType, value: number): string {
  return METRICS[metric].unit === 'percent' ? `${decimal.format(value)}%` : formatMoney(value)
}

const inputValue = numberFormat({ maximumFractionDigits: 6, useGrouping: false })

/** An input value shown back in a field: '1234,56'. */
export const formatInputValue = (value: number): string => inputValue.format(value)
