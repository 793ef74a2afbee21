import { eq } from 'drizzle-orm'
import type { CalculatorPage } from '~/content/schemas'
import { prepareLeadForm } from '~/leads/lead-action.server'
import { getLeadPipeline, type LeadPipeline, type LeadResults } from '~/leads/lead-service.server'
import { cacheControl } from '~/utils/http.server'
import { calculatorResults } from '../../../db/schema'
import { readStoredResult } from '../stored-results.server'
import type { CalculatorLeadInput } from './lead-schema'
import { BANDS, calculate, isMetricType, readInputs, type Band, type CalculatorResult } from './metrics'
import { calculatorFunnelSteps, viewFromUrl } from './steps'

/** The interpretation and tips the content gives a metric's band. */
export function adviceFor(page: Pick<CalculatorPage, 'metrics'>, result: Pick<CalculatorResult, 'metricType' | 'band'>) {
  const metric = page.metrics.find((entry) => entry.metricType === result.metricType)
  return metric ? metric[result.band] : { message: '', tips: [] }
}

/** What the lead stores and the webhook receives: the result computed again here from the values posted. */
export function calculatorLeadResults(value: CalculatorLeadInput, page: Pick<CalculatorPage, 'metrics'>): LeadResults | undefined {
  const read = readInputs(value.metrica, (id) => (value as Record<string, unknown>)[id] as string | undefined)
  const result = 'values' in read ? calculate(value.metrica, read.values) : null
  if (!result) return undefined
  const { message, tips } = adviceFor(page, result)
  return { kind: 'calculator', metricType: result.metricType, value: result.value, inputs: result.inputs, status: result.band, message, tips }
}

export type StoredCalculatorResult = CalculatorResult & { message: string; tips: string[] }

/** The result stored with a lead, for the full-result step; null for an unknown lead (or one of another tool). */
export async function loadCalculatorResult(leadId: string, pipeline?: LeadPipeline): Promise<StoredCalculatorResult | null> {
  const { db } = pipeline ?? (await getLeadPipeline())
  const [row] = await db.select().from(calculatorResults).where(eq(calculatorResults.leadId, leadId)).limit(1)
  if (!row || !isMetricType(row.metricType)) return null
  const band = (BANDS as readonly string[]).includes(row.status ?? '') ? (row.status as Band) : null
  if (!band) return null
  return {
    metricType: row.metricType,
    value: row.calculatedValue,
    inputs: row.inputValues,
    band,
    message: row.interpretationMessage ?? '',
    tips: row.tips,
  }
}

/**
 * The loader's work for /ferramentas/calculadora: the step the URL asks for
 * and what it needs. Steps without personal data are cacheable pages (the
 * content preset); the lead form carries a signed timer and the full result
 * is the visitor's own, so both are private. A form with an invalid value is
 * answered 400 with the messages. A step the funnel counts (`funnel`, the
 * route counts it) is never stored by a cache, or the count would miss
 * every visitor the cache answered.
 */
export async function loadCalculatorStep(request: Request) {
  const url = new URL(request.url)
  const view = viewFromUrl(url)
  const funnel = calculatorFunnelSteps(url, view)
  if (view.step === 'lead') {
    const { leadForm, headers } = await prepareLeadForm(request, 'calculator')
    return { view, leadForm, stored: null, status: 200, headers, funnel }
  }
  if (view.step === 'full') {
    const stored = await readStoredResult('calculator result', () => loadCalculatorResult(view.leadId))
    return { view, leadForm: null, stored, status: stored ? 200 : 404, headers: new Headers({ 'Cache-Control': cacheControl.privateNoStore }), funnel }
  }
  const status = view.step === 'calculate' && Object.keys(view.errors).length > 0 ? 400 : 200
  const cache = status === 200 && funnel.length === 0 ? cacheControl.cmsPage : cacheControl.noStore
  return { view, leadForm: null, stored: null, status, headers: new Headers({ 'Cache-Control': cache }), funnel }
}
