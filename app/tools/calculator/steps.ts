import { isResultId } from '../result-id'
import { calculate, formatInputValue, isMetricType, METRICS, readInputs, type CalculatorResult, type InputErrors, type MetricType } from './metrics'

/**
 * The calculator's steps live in the URL (select → calculate →
 * result → lead form → full result), so every step is a link or a GET form
 * that works without JavaScript, survives a reload and can be shared:
 *
 *   /ferramentas/calculadora                              select a metric
 *   ?metrica=cac                                          calculate (empty form)
 *   ?metrica=cac&totalCosts=…&newCustomers=…              result (tips hidden), or the form with messages
 *   ?metrica=cac&…&etapa=calcular                         calculate again, filled in (Back)
 *   ?metrica=cac&…&etapa=contato                          the lead form
 *   ?resultado=<lead id>                                  the full result, after the lead was sent
 */
export const CALCULATOR_PATH = '/ferramentas/calculadora'
export const PARAMS = { metric: 'metrica', step: 'etapa', result: 'resultado', sent: 'enviado' } as const

export type CalculatorView =
  | { step: 'select' }
  | { step: 'calculate'; metric: MetricType; values: Record<string, string>; errors: InputErrors }
  | { step: 'result'; result: CalculatorResult }
  | { step: 'lead'; result: CalculatorResult }
  | { step: 'full'; leadId: string; sent: boolean }

const MAX_TYPED = 40

/** What the URL asks for. A value that is not a number gives the calculate step with the spec's message. */
export function viewFromUrl(url: URL): CalculatorView {
  const search = url.searchParams
  const leadId = search.get(PARAMS.result)
  if (isResultId(leadId)) return { step: 'full', leadId: leadId.toLowerCase(), sent: search.get(PARAMS.sent) === '1' }
  const metric = search.get(PARAMS.metric)
  if (!isMetricType(metric)) return { step: 'select' }
  const inputs = METRICS[metric].inputs
  const values = Object.fromEntries(inputs.map((input) => [input.id, (search.get(input.id) ?? '').slice(0, MAX_TYPED)]))
  const typed = inputs.some((input) => search.has(input.id))
  const step = search.get(PARAMS.step)
  if (!typed || step === 'calcular') return { step: 'calculate', metric, values, errors: {} }
  const read = readInputs(metric, (id) => values[id])
  if ('errors' in read) return { step: 'calculate', metric, values, errors: read.errors }
  const result = calculate(metric, read.values)
  if (!result) return { step: 'calculate', metric, values, errors: {} }
  return { step: step === 'contato' ? 'lead' : 'result', result }
}

/** The URL of a step for a metric and (optionally) its inputs. */
export function calculatorHref(metric?: MetricType, inputs?: Record<string, number>, step?: 'calcular' | 'contato'): string {
  if (!metric) return CALCULATOR_PATH
  const search = new URLSearchParams({ [PARAMS.metric]: metric })
  for (const [id, value] of Object.entries(inputs ?? {})) search.set(id, formatInputValue(value))
  if (step) search.set(PARAMS.step, step)
  return `${CALCULATOR_PATH}?${search.toString()}`
}

/** Where the Back control of a step goes; null where it is disabled (the full result). */
export function backHref(view: CalculatorView): string | null {
  switch (view.step) {
    case 'select':
      return null
    case 'calculate':
      return CALCULATOR_PATH
    case 'result':
    case 'lead':
      return calculatorHref(view.result.metricType, view.result.inputs, 'calcular')
    case 'full':
      return null
  }
}
