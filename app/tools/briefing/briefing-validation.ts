/**
 * The briefing wizard validated in the browser, by the schema its action
 * reads with (the server adds its phone check, briefing.server.ts). Loaded
 * on the wizard's last step, never with the page (`useDeferredValidation`, ADR
 * 028 as amended by issue 42).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { briefingSchema } from './briefing-schema'

export const validateBriefing = (formData: FormData) => parseWithZod(formData, { schema: briefingSchema })
