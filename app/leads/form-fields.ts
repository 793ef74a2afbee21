/**
 * What the lead forms' fields are, without zod: length limits, the spec's
 * validation and error messages, the service choices and the native validation
 * attributes each form renders (Conform's `constraint` option); the zod
 * schemas that use it are in form-schemas.ts.
 */
import { leadErrorMessages } from './errors'

export const LEAD_FIELD_LIMITS = {
  name: 100,
  email: 254,
  /** Raw phone as typed; the server keeps at most 11 digits of it. */
  phone: 40,
  company: 150,
  message: 5000,
  /** A slot's value: the specialist's key, '@', an ISO moment. */
  slot: 120,
} as const

export const leadMessages = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  nameMin: 'O nome deve ter pelo menos 2 caracteres.',
  email: 'Por favor, insira um e-mail válido.',
  phone: 'Por favor, insira um número de telefone válido.',
  messageMin: 'Por favor, detalhe sua mensagem com pelo menos 10 caracteres.',
  service: 'Escolha um dos serviços da lista.',
  toolPhone: 'Por favor, insira um número de telefone válido (com DDD).',
  // The home form's e-mail and phone messages are the error catalogue's (errors.ts).
  homeEmail: leadErrorMessages.email,
  homePhone: leadErrorMessages.phone,
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  hiddenCharacters: 'Este campo tem caracteres invisíveis de controle. Digite o texto de novo, sem colar.',
  /** /agendar's time (issue 44): none picked, or one that is not on the list. */
  slot: 'Escolha um horário.',
  unknownSlot: 'Escolha um dos horários da lista.',
} as const

/** Something@something.something, no spaces: a valid e-mail on the home, contact and tool forms and the briefing. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The newsletter's rule, no more: the address contains an '@' and a '.', anywhere ('nome.sobrenome@empresa' passes). */
export const isNewsletterEmail = (value: string) => value.includes('@') && value.includes('.')

export const serviceOptions = ['ia', 'automacao', 'trafego', 'crescimento', 'outro'] as const
export type ServiceOption = (typeof serviceOptions)[number]

/** The select's choice for a service we have no page for. */
export const OTHER_SERVICE_LABEL = 'Outro'

/**
 * The /contato select's choices: the values the webhook knows,
 * named as the services' own pages name them (the service documents, in the
 * editors' order), then 'Outro'. A value whose service has no page is left out.
 */
export function serviceChoices(services: ReadonlyArray<{ title: string; slug: string }>): Array<{ value: ServiceOption; label: string }> {
  const known = services.filter(
    (service): service is { title: string; slug: ServiceOption } => (serviceOptions as readonly string[]).includes(service.slug) && service.slug !== 'outro',
  )
  return [...known.map((service) => ({ value: service.slug, label: service.title })), { value: 'outro', label: OTHER_SERVICE_LABEL }]
}

/**
 * Native validation attributes per form, for the form's controls, so the
 * browser checks the basics with JavaScript off. Written out because zod 4.6
 * no longer exposes min/max/pattern to getZodConstraint (it yields only
 * `required`). The server re-checks everything with the zod schemas (form-schemas.ts).
 */
export type FieldConstraint = { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }

/** EMAIL_PATTERN as an HTML `pattern` (implicitly anchored). */
export const EMAIL_HTML_PATTERN = '[^\\s@]+@[^\\s@]+\\.[^\\s@]+'

/** isNewsletterEmail as an HTML `pattern` (implicitly anchored). */
export const NEWSLETTER_EMAIL_HTML_PATTERN = '(?=.*@)(?=.*\\.).*'

export const leadFormConstraints = {
  home: {
    name: { required: true, maxLength: LEAD_FIELD_LIMITS.name },
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    phone: { required: true, maxLength: LEAD_FIELD_LIMITS.phone },
    message: { required: false, maxLength: LEAD_FIELD_LIMITS.message },
  },
  contact: {
    name: { required: true, minLength: 2, maxLength: LEAD_FIELD_LIMITS.name },
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    // No minLength: digits typed without the mask are valid once the server formats them.
    phone: { required: true, maxLength: LEAD_FIELD_LIMITS.phone },
    company: { required: false, maxLength: LEAD_FIELD_LIMITS.company },
    service: { required: false, pattern: serviceOptions.join('|') },
    message: { required: true, minLength: 10, maxLength: LEAD_FIELD_LIMITS.message },
  },
  newsletter: {
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: NEWSLETTER_EMAIL_HTML_PATTERN },
    consent: { required: true },
  },
  tool: {
    name: { required: true, minLength: 2, maxLength: LEAD_FIELD_LIMITS.name },
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    phone: { required: true, maxLength: LEAD_FIELD_LIMITS.phone },
  },
  booking: {
    name: { required: true, minLength: 2, maxLength: LEAD_FIELD_LIMITS.name },
    email: { required: true, maxLength: LEAD_FIELD_LIMITS.email, pattern: EMAIL_HTML_PATTERN },
    phone: { required: true, maxLength: LEAD_FIELD_LIMITS.phone },
    horario: { required: true, maxLength: LEAD_FIELD_LIMITS.slot },
  },
} satisfies Record<string, Record<string, FieldConstraint>>
