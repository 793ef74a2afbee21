/**
 * The presence test's lead form validated in the browser, by the schema its
 * action reads with. Loaded once the form is near the viewport, never with the page
 * (`useDeferredValidation`, ADR 028 as amended by issue 42).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { presenceTestLeadSchema } from './lead-schema'

export const validatePresenceTestLead = (formData: FormData) => parseWithZod(formData, { schema: presenceTestLeadSchema })
