import { z } from 'zod'
import { toolLeadFields } from '~/leads/form-schemas'
import { METRIC_TYPES, METRICS, readInputs } from './metrics'

/** Every input name any metric has: the lead form carries the metric's inputs as hidden fields. */
const INPUT_IDS = [...new Set(Object.values(METRICS).flatMap((metric) => metric.inputs.map((input) => input.id)))]

/**
 * The calculator's lead form: the contact fields (spec §5, tools) and, hidden,
 * the metric and the values typed, which the server reads again to compute
 * the result it stores (nothing computed in the browser is trusted).
 */
export const calculatorLeadSchema = z
  .object({
    ...toolLeadFields,
    metrica: z.enum(METRIC_TYPES),
    ...Object.fromEntries(INPUT_IDS.map((id) => [id, z.string().max(40).optional()])),
  })
  .superRefine((value, context) => {
    const read = readInputs(value.metrica, (id) => (value as Record<string, unknown>)[id] as string | undefined)
    if ('errors' in read) context.addIssue({ code: 'custom', message: 'Os valores do cálculo não são válidos. Volte e calcule de novo.', path: [] })
  })

export type CalculatorLeadInput = z.output<typeof calculatorLeadSchema>
