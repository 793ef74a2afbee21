/**
 * One zod schema per lead form, shared by the browser (Conform's onValidate and
 * getZodConstraint for native validation with JavaScript off) and the server
 * (parseWithZod in the action). Messages are the spec's (lead-capture §5, §8).
 * Every text is length-capped. Hidden fields (origin tracking, honeypot, form
 * timer) are not here: the server reads them separately (abuse.server.ts,
 * origin-tracking.server.ts).
 */
import { z } from 'zod'
import { NEWSLETTER_CONSENT } from './consent'
import { leadErrorMessages } from './errors'
import { isCompletePhone, normalizePhone } from './phone'

export const LEAD_FIELD_LIMITS = {
  name: 100,
  email: 254,
  /** Raw phone as typed; the server keeps at most 11 digits of it. */
  phone: 40,
  company: 150,
  message: 5000,
} as const

export const leadMessages = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  nameMin: 'O nome deve ter pelo menos 2 caracteres.',
  email: 'Por favor, insira um e-mail válido.',
  phone: 'Por favor, insira um número de telefone válido.',
  messageMin: 'Por favor, detalhe sua mensagem com pelo menos 10 caracteres.',
  service: 'Escolha um dos serviços da lista.',
  toolPhone: 'Por favor, insira um número de telefone válido (com DDD).',
  // §8: the home form's server-side messages are the catalogue's.
  homeEmail: leadErrorMessages.email,
  homePhone: leadErrorMessages.phone,
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
} as const

/** Something@something.something, no spaces (the newsletter rule, used by every form). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const serviceOptions = ['ia', 'automacao', 'trafego', 'crescimento', 'outro'] as const
export type ServiceOption = (typeof serviceOptions)[number]

/** The select's choice for a service we have no page for. */
export const OTHER_SERVICE_LABEL = 'Outro'

/**
 * The /contato select's choices: the values the webhook knows (spec §3),
 * named as the services' own pages name them (the service documents, in the
 * editors' order), then 'Outro'. A value whose service has no page is left out.
 */
export function serviceChoices(services: ReadonlyArray<{ title: string; slug: string }>): Array<{ value: ServiceOption; label: string }> {
  const known = services.filter(
    (service): service is { title: string; slug: ServiceOption } => (serviceOptions as readonly string[]).includes(service.slug) && service.slug !== 'outro',
  )
  return [...known.map((service) => ({ value: service.slug, label: service.title })), { value: 'outro', label: OTHER_SERVICE_LABEL }]
}

const text = (requiredMessage: string, max: number) => z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, leadMessages.tooLong(max))

const optionalText = (max: number) => z.string().trim().max(max, leadMessages.tooLong(max)).optional()

const email = (message: string, requiredMessage: string = message) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LEAD_FIELD_LIMITS.email, leadMessages.tooLong(LEAD_FIELD_LIMITS.email))
    .regex(EMAIL_PATTERN, message)
    .transform((value) => value.toLowerCase())

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

/** /contato: spec §5 rules; company and service optional. */
export const contactPageSchema = z.object({
  name: z.string({ error: leadMessages.nameMin }).trim().min(2, leadMessages.nameMin).max(LEAD_FIELD_LIMITS.name, leadMessages.tooLong(LEAD_FIELD_LIMITS.name)),
  email: email(leadMessages.email),
  phone: brazilianPhone(leadMessages.phone, leadMessages.phone),
  company: optionalText(LEAD_FIELD_LIMITS.company),
  service: z.enum(serviceOptions, { error: leadMessages.service }).optional(),
  message: z
    .string({ error: leadMessages.messageMin })
    .trim()
    .min(10, leadMessages.messageMin)
    .max(LEAD_FIELD_LIMITS.message, leadMessages.tooLong(LEAD_FIELD_LIMITS.message)),
})

/** Blog newsletter: an e-mail with '@' and '.', and explicit consent (LGPD). */
export const newsletterSchema = z.object({
  email: email(leadMessages.email),
  consent: z.boolean({ error: NEWSLETTER_CONSENT.required }).refine((checked) => checked, NEWSLETTER_CONSENT.required),
})

/** The tools' lead form (calculator and presence test, spec §5): name 2+, e-mail, a phone with DDD. */
export const toolLeadFields = {
  name: z.string({ error: leadMessages.nameMin }).trim().min(2, leadMessages.nameMin).max(LEAD_FIELD_LIMITS.name, leadMessages.tooLong(LEAD_FIELD_LIMITS.name)),
  email: email(leadMessages.email),
  phone: brazilianPhone(leadMessages.toolPhone, leadMessages.toolPhone),
}

export type HomeContactInput = z.output<typeof homeContactSchema>
export type ContactPageInput = z.output<typeof contactPageSchema>
export type NewsletterInput = z.output<typeof newsletterSchema>

/**
 * Native validation attributes per form, for `useForm({ constraint })`, so the
 * browser checks the basics with JavaScript off. Written out because zod 4.6
 * no longer exposes min/max/pattern to getZodConstraint (it yields only
 * `required`). The server re-checks everything with the schemas above.
 */
type FieldConstraint = { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }

/** EMAIL_PATTERN as an HTML `pattern` (implicitly anchored). */
export const EMAIL_HTML_PATTERN = '[^\\s@]+@[^\\s@]+\\.[^\\s@]+'

export const leadFormConstraints = {
  home: {
    name: { required: true, maxLength: LEAD_FIELD_LIMITS.name },
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    phone: { required: true, maxLength: LEAD_FIELD_LIMITS.phone },
    message: { required: false, maxLength: LEAD_FIELD_LIMITS.message },
  },
  contato: {
    name: { required: true, minLength: 2, maxLength: LEAD_FIELD_LIMITS.name },
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    // No minLength: digits typed without the mask are valid once the server formats them.
    phone: { required: true, maxLength: LEAD_FIELD_LIMITS.phone },
    company: { required: false, maxLength: LEAD_FIELD_LIMITS.company },
    service: { required: false, pattern: serviceOptions.join('|') },
    message: { required: true, minLength: 10, maxLength: LEAD_FIELD_LIMITS.message },
  },
  newsletter: {
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    consent: { required: true },
  },
  tool: {
    name: { required: true, minLength: 2, maxLength: LEAD_FIELD_LIMITS.name },
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    phone: { required: true, maxLength: LEAD_FIELD_LIMITS.phone },
  },
} satisfies Record<string, Record<string, FieldConstraint>>
