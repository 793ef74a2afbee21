import { z } from 'zod'
import { toolLeadFields } from '~/leads/form-schemas'
import { metricInputFields } from './inputs-schema'
import { readInputs } from './metrics'

/**
 * The calculator's lead form: the tools' contact fields and, hidden,
 * the metric and the values typed, which the server reads again to compute
 * the result it stores (nothing computed in the browser is trusted).
 */
export const calculatorLeadSchema = z
  .object({
    ...toolLeadFields,
    ...metricInputFields,
  })
  .superRefine((value, context) => {
    const read = readInputs(value.metrica, (id) => (value as Record<string, unknown>)[id] as string | undefined)
    if ('errors' in read) context.addIssue({ code: 'custom', message: 'Os valores do cálculo não são válidos. Volte e calcule de novo.', path: [] })
  })

/** The lead form's fields before parsing: the type its `useForm` is given. */
export type CalculatorLeadFields = z.input<typeof calculatorLeadSchema>
export type CalculatorLeadInput = z.output<typeof calculatorLeadSchema>
