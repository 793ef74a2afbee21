/**
 * The lead forms' validation in the browser: each form's zod schema read by
 * Conform's `parseWithZod`, as its action reads it. Loaded by a form once it
 * is near the viewport (`useDeferredValidation`), never with the page: zod, the
 * adapter and the schemas stay out of the first load (ADR 028, issue 42).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { bookingLeadSchema, contactPageSchema, homeContactSchema, newsletterSchema } from './form-schemas'

export const validateHomeContact = (formData: FormData) => parseWithZod(formData, { schema: homeContactSchema })
export const validateContactPage = (formData: FormData) => parseWithZod(formData, { schema: contactPageSchema })
export const validateNewsletter = (formData: FormData) => parseWithZod(formData, { schema: newsletterSchema })
export const validateBookingLead = (formData: FormData) => parseWithZod(formData, { schema: bookingLeadSchema })
