/**
 * The calculator's two forms validated in the browser, by the schemas their
 * server reads with. Loaded once the form is near the viewport, never with the page
 * (`useDeferredValidation`, ADR 028 as amended by issue 42).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { metricInputsSchema } from './inputs-schema'
import { calculatorLeadSchema } from './lead-schema'

export const validateMetricInputs = (formData: FormData) => parseWithZod(formData, { schema: metricInputsSchema })
export const validateCalculatorLead = (formData: FormData) => parseWithZod(formData, { schema: calculatorLeadSchema })
