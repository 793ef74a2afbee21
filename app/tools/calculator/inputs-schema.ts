import { z } from 'zod'
import { METRIC_TYPES, METRICS, readInputs } from './metrics'

/** Every input name any metric has. */
const INPUT_IDS = [...new Set(Object.values(METRICS).flatMap((metric) => metric.inputs.map((input) => input.id)))]

/** The metric and its typed values, as both calculator forms post them (raw text: the reading is `readInputs`). */
export const metricInputFields = {
  metrica: z.enum(METRIC_TYPES),
  ...Object.fromEntries(INPUT_IDS.map((id) => [id, z.string().max(40).optional()])),
}

/**
 * The calculate step's form: each of the metric's inputs a number above
 * zero, with the message per field. The server reads the same values with
 * the same `readInputs` (steps.ts), so both say the same thing.
 */
export const metricInputsSchema = z.object(metricInputFields).superRefine((value, context) => {
  const read = readInputs(value.metrica, (id) => (value as Record<string, unknown>)[id] as string | undefined)
  if ('errors' in read) for (const [id, message] of Object.entries(read.errors)) context.addIssue({ code: 'custom', message, path: [id] })
})
