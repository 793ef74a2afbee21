/**
 * The WhatsApp handoff's message (ADR 049). A stored lead's answer sets a
 * signed, httpOnly cookie with the form, the person's name and what the
 * message is about (the service chosen, the metric calculated): never the
 * e-mail or phone. /falar-no-whatsapp reads it and redirects, privately, to
 * wa.me with "Olá! Sou <nome> e acabei de enviar pelo site <assunto>. …" (or,
 * after a booking, "… acabei de agendar pelo site a Sessão Estratégica para
 * <dia>, às <hora> …", the booking's answer setting it anew); with
 * no cookie (expired, refused), to the site settings' own first message. The
 * value carries its own end (an hour after the lead, checked here, whatever
 * the browser keeps), and the redirect deletes it: one tap, one message.
 */
import { z } from 'zod'
import { clearSiteCookie, readSiteCookie, serializeSiteCookie, WHATSAPP_HANDOFF_MAX_AGE_SECONDS } from '~/utils/cookies.server'
import { brasiliaDay, brasiliaTime, formatWeekdayDate } from '~/utils/dates'
import { serviceOptions } from './form-fields'
import { leadForms, type LeadFormKey } from './lead-forms'

/** Longest name the message carries (a form takes longer ones; the message stays short). */
const MAX_NAME_LENGTH = 80

/** A calculator metric's type as the lead stored it (app/content/tool-keys.ts): what the cookie may carry, and what a lead's metric must look like to go in it. */
const METRIC_PATTERN = /^[a-z_]{1,40}$/

const handoffSchema = z.object({
  form: z.enum(Object.keys(leadForms) as [LeadFormKey, ...LeadFormKey[]]),
  name: z.string().max(MAX_NAME_LENGTH),
  service: z.enum(serviceOptions).optional(),
  metric: z.string().regex(METRIC_PATTERN).optional(),
  /** The strategy session just booked (issue 44): its start, which the message names. */
  booked: z.iso.datetime().optional(),
})

export type WhatsAppHandoff = z.infer<typeof handoffSchema>

/** The cookie's value: the handoff and when it ends (ms since the epoch), so a copy kept past its Max-Age is refused. */
const cookieValue = handoffSchema.extend({ until: z.number().int() })

/** What the handoff keeps of a lead: the form, the name (cut to 80 characters), the service or metric it was about. */
export function handoffOf(form: LeadFormKey, lead: { name?: string | null; service?: string | null; metric?: string | null }): WhatsAppHandoff {
  const service = serviceOptions.find((option) => option === lead.service)
  const metric = lead.metric && METRIC_PATTERN.test(lead.metric) ? lead.metric : undefined
  return {
    form,
    name: (lead.name ?? '').trim().slice(0, MAX_NAME_LENGTH),
    ...(service ? { service } : {}),
    ...(metric ? { metric } : {}),
  }
}

/** The Set-Cookie of a lead's handoff, good for an hour from `now`. */
export const handoffCookie = (request: Request, handoff: WhatsAppHandoff, now: number = Date.now()) =>
  serializeSiteCookie(request, 'whatsappHandoff', { ...handoff, until: now + WHATSAPP_HANDOFF_MAX_AGE_SECONDS * 1000 })

/** The visitor's handoff, or null (none, past its end, tampered, not ours). */
export async function readHandoff(request: Request, now: number = Date.now()): Promise<WhatsAppHandoff | null> {
  const parsed = cookieValue.safeParse(await readSiteCookie(request, 'whatsappHandoff'))
  if (!parsed.success || parsed.data.until <= now) return null
  const { until: _until, ...handoff } = parsed.data
  return handoff
}

/** The Set-Cookie that ends the handoff once it was used: the next person at the same computer gets the generic message. */
export const clearHandoffCookie = (request: Request) => clearSiteCookie(request, 'whatsappHandoff')

/** The names the message uses, which the caller looks up: the service's page title, the metric's short name. */
export type HandoffNames = { service?: string | null; metric?: string | null }

/** What the message says the person sent: the form's subject, with the service or the metric when known. */
function subject(handoff: WhatsAppHandoff, names: HandoffNames): string {
  switch (handoff.form) {
    case 'home':
    case 'contact':
      return names.service ? `uma mensagem sobre ${names.service}` : 'uma mensagem'
    case 'newsletter':
      return 'minha inscrição na newsletter'
    case 'calculator':
      return names.metric ? `o cálculo de ${names.metric}` : 'um cálculo na calculadora de métricas'
    case 'presenceTest':
      return 'o teste de presença digital'
    case 'briefing':
      return 'o briefing do meu agente de IA'
    case 'booking':
      return 'o agendamento da Sessão Estratégica'
  }
}

/**
 * "Olá! Sou <nome> e acabei de enviar pelo site <assunto>. Podemos conversar agora?": the name and the subject,
 * nothing else; after a booking, the session's day and time instead of the subject.
 */
export function handoffMessage(handoff: WhatsAppHandoff, names: HandoffNames = {}): string {
  const who = handoff.name ? `Olá! Sou ${handoff.name} e acabei` : 'Olá! Acabei'
  if (handoff.booked) {
    const day = formatWeekdayDate(brasiliaDay(handoff.booked))
    return `${who} de agendar pelo site a Sessão Estratégica para ${day}, às ${brasiliaTime(handoff.booked)} (horário de Brasília). Podemos conversar antes?`
  }
  return `${who} de enviar pelo site ${subject(handoff, names)}. Podemos conversar agora?`
}
