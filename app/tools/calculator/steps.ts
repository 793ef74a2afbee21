import { isUuid } from '~/utils/uuid'
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
 *
 * The values form also carries `andamento` once its run has started
 * (`iniciado`: the values were sent and had a message) or finished
 * (`concluido`: a result was shown, and the visitor came Back to change a
 * value), so the funnel counts one start and one finish per run
 * (`calculatorFunnelSteps`), whoever works the step out: the server or,
 * with JavaScript, the browser.
 */
export const CALCULATOR_PATH = '/ferramentas/calculadora'
export const PARAMS = { metric: 'metrica', step: 'etapa', result: 'resultado', sent: 'enviado', progress: 'andamento' } as const

/** How far the values form's run has gone, as it carries on (`andamento`). */
export type RunProgress = 'iniciado' | 'concluido'

export type CalculatorView =
  | { step: 'select' }
  | { step: 'calculate'; metric: MetricType; values: Record<string, string>; errors: InputErrors; progress: RunProgress | null }
  | { step: 'result'; result: CalculatorResult }
  | { step: 'lead'; result: CalculatorResult }
  | { step: 'full'; leadId: string; sent: boolean }

const MAX_TYPED = 40

/**
 * The steps that are arithmetic on the URL (select, calculate, result): with
 * JavaScript the browser works them out itself, with the content the page
 * already has. The lead form (its signed timer) and the full result (the
 * stored row) come from the server.
 */
export const isBrowserStep = (view: CalculatorView): view is Extract<CalculatorView, { step: 'select' | 'calculate' | 'result' }> =>
  view.step === 'select' || view.step === 'calculate' || view.step === 'result'

/** What the URL asks for. A value that is not a number gives the calculate step with the spec's message. */
export function viewFromUrl(url: URL): CalculatorView {
  const search = url.searchParams
  const leadId = search.get(PARAMS.result)
  if (isUuid(leadId)) return { step: 'full', leadId: leadId.toLowerCase(), sent: search.get(PARAMS.sent) === '1' }
  const metric = search.get(PARAMS.metric)
  if (!isMetricType(metric)) return { step: 'select' }
  const inputs = METRICS[metric].inputs
  const values = Object.fromEntries(inputs.map((input) => [input.id, (search.get(input.id) ?? '').slice(0, MAX_TYPED)]))
  const typed = inputs.some((input) => search.has(input.id))
  const step = search.get(PARAMS.step)
  if (!typed) return { step: 'calculate', metric, values, errors: {}, progress: null }
  // Back from a result (or the lead form): the run has finished; after a message it has started.
  if (step === 'calcular') return { step: 'calculate', metric, values, errors: {}, progress: 'concluido' }
  const progress = search.get(PARAMS.progress) === 'concluido' ? 'concluido' : 'iniciado'
  const read = readInputs(metric, (id) => values[id])
  if ('errors' in read) return { step: 'calculate', metric, values, errors: read.errors, progress }
  const result = calculate(metric, read.values)
  if (!result) return { step: 'calculate', metric, values, errors: {}, progress }
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

/**
 * The funnel steps a calculator URL completes (ADR 040): 'started' when the
 * values of a metric are sent for the first time in a run (a result or the
 * form's messages), 'finished' when the run's first result is shown. A
 * reload of the same URL counts again; going Back and calculating again
 * does not.
 */
export function calculatorFunnelSteps(url: URL, view: CalculatorView): Array<'started' | 'finished'> {
  const sent = view.step === 'result' || (view.step === 'calculate' && Object.keys(view.errors).length > 0)
  if (!sent) return []
  const carried = url.searchParams.get(PARAMS.progress)
  const steps: Array<'started' | 'finished'> = []
  if (carried !== 'iniciado' && carried !== 'concluido') steps.push('started')
  if (view.step === 'result' && carried !== 'concluido') steps.push('finished')
  return steps
}
