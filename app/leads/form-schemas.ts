/**
 * One zod schema per lead form, shared by the browser (Conform's onValidate,
 * in the form's component) and the server (parseWithZod in the action). The
 * fields' limits, messages and native constraints are in form-fields.ts.
 * Messages are the spec's validation and error texts. Every text is
 * length-capped. Hidden fields (origin tracking, honeypot, form timer) are not
 * here: the server reads them separately (abuse.server.ts,
 * origin-tracking.server.ts).
 */
import { z } from 'zod'
import { hasHiddenControls, oneLine } from '~/utils/storable-text'
import { NEWSLETTER_CONSENT } from './consent'
import { EMAIL_PATTERN, isNewsletterEmail, LEAD_FIELD_LIMITS, leadMessages, serviceOptions } from './form-fields'
import { isCompletePhone, normalizePhone } from './phone'
import { parseSlotValue } from './slot-value'

/**
 * A one-line text (a name, a company): breaks and runs of spaces become one
 * space, control and bidirectional characters are refused (storable-text.ts),
 * then at least `min` characters (`minMessage`) and at most `max`. Every
 * one-line field of every lead form is one of these, so no one can forge a
 * line in the sales e-mail or a CRM's name.
 */
export const oneLineText = (max: number, { min = 0, minMessage = leadMessages.required }: { min?: number; minMessage?: string } = {}) =>
  z
    .string({ error: min > 0 ? minMessage : undefined })
    .overwrite(oneLine)
    .refine((value) => !hasHiddenControls(value), { message: leadMessages.hiddenCharacters, abort: true })
    .min(min, minMessage)
    .max(max, leadMessages.tooLong(max))

const text = (requiredMessage: string, max: number) => oneLineText(max, { min: 1, minMessage: requiredMessage })

const optionalText = (max: number) => z.string().trim().max(max, leadMessages.tooLong(max)).optional()

/** An e-mail's text: one line, trimmed, capped; one with a control or bidirectional character is not an address (`invalidMessage`). */
export const emailText = (requiredMessage: string, invalidMessage: string = requiredMessage) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LEAD_FIELD_LIMITS.email, leadMessages.tooLong(LEAD_FIELD_LIMITS.email))
    // `abort`: the rest of the rules would only repeat the message.
    .refine((value) => !/\s/.test(value) && !hasHiddenControls(value), { message: invalidMessage, abort: true })

const lowerCase = (value: string) => value.toLowerCase()

const email = (message: string, requiredMessage: string = message) => emailText(requiredMessage, message).regex(EMAIL_PATTERN, message).transform(lowerCase)

/**
 * The one Brazilian phone rule (ADR 024): whatever was typed becomes
 * `(DD) NNNNN-NNNN` before the check, so a number typed with JavaScript off
 * ("11987654321") passes too; complete means 10 or 11 digits, 14 or 15
 * characters formatted. The browser only enforces "required" and the raw
 * length cap (the check runs after the transform).
 */
export const brazilianPhone = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .max(LEAD_FIELD_LIMITS.phone, leadMessages.tooLong(LEAD_FIELD_LIMITS.phone))
    .transform(normalizePhone)
    .refine((formatted) => formatted.length > 0, requiredMessage)
    .refine(isCompletePhone, invalidMessage)

/** Home contact section: name, email, phone required; message optional. */
export const homeContactSchema = z.object({
  name: text(leadMessages.required, LEAD_FIELD_LIMITS.name),
  email: email(leadMessages.homeEmail, leadMessages.required),
  phone: brazilianPhone(leadMessages.required, leadMessages.homePhone),
  message: optionalText(LEAD_FIELD_LIMITS.message),
})

/** /contato: name 2+ characters, e-mail, a phone with DDD, message 10+; company and service optional. */
export const contactPageSchema = z.object({
  name: oneLineText(LEAD_FIELD_LIMITS.name, { min: 2, minMessage: leadMessages.nameMin }),
  email: email(leadMessages.email),
  phone: brazilianPhone(leadMessages.phone, leadMessages.phone),
  company: oneLineText(LEAD_FIELD_LIMITS.company).optional(),
  service: z.enum(serviceOptions, { error: leadMessages.service }).optional(),
  message: z
    .string({ error: leadMessages.messageMin })
    .trim()
    .min(10, leadMessages.messageMin)
    .max(LEAD_FIELD_LIMITS.message, leadMessages.tooLong(LEAD_FIELD_LIMITS.message)),
})

/** Blog newsletter: an e-mail with an '@' and a '.' (nothing more is asked), and explicit consent (LGPD). */
export const newsletterSchema = z.object({
  email: emailText(leadMessages.email).refine(isNewsletterEmail, leadMessages.email).transform(lowerCase),
  consent: z.boolean({ error: NEWSLETTER_CONSENT.required }).refine((checked) => checked, NEWSLETTER_CONSENT.required),
})

/** The tools' lead form (calculator and presence test): name 2+, e-mail, a phone with DDD. */
export const toolLeadFields = {
  name: oneLineText(LEAD_FIELD_LIMITS.name, { min: 2, minMessage: leadMessages.nameMin }),
  email: email(leadMessages.email),
  phone: brazilianPhone(leadMessages.toolPhone, leadMessages.toolPhone),
}

/**
 * /agendar's form for a visitor without a lead (issue 44): the tools' contact fields and the time picked
 * (its value's shape; the slot itself is checked by the booking, booking-page.server.ts).
 */
export const bookingLeadSchema = z.object({
  ...toolLeadFields,
  horario: z
    .string({ error: leadMessages.slot })
    .trim()
    .min(1, leadMessages.slot)
    .max(LEAD_FIELD_LIMITS.slot, leadMessages.unknownSlot)
    .refine((value) => parseSlotValue(value) !== null, leadMessages.unknownSlot),
})

/** What each form's fields hold before parsing: the type its `useForm` is given (the browser imports the types, never the schemas). */
export type HomeContactFields = z.input<typeof homeContactSchema>
export type ContactPageFields = z.input<typeof contactPageSchema>
export type NewsletterFields = z.input<typeof newsletterSchema>
export type BookingLeadFields = z.input<typeof bookingLeadSchema>

export type HomeContactInput = z.output<typeof homeContactSchema>
export type ContactPageInput = z.output<typeof contactPageSchema>
export type NewsletterInput = z.output<typeof newsletterSchema>

export {
  EMAIL_HTML_PATTERN,
  EMAIL_PATTERN,
  LEAD_FIELD_LIMITS,
  leadFormConstraints,
  leadMessages,
  OTHER_SERVICE_LABEL,
  serviceChoices,
  serviceOptions,
  type ServiceOption,
} from './form-fields'
