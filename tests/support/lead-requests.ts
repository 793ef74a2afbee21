/**
 * Builds the requests a browser sends to the lead routes: a page view (GET,
 * for loaders) and a form post with the hidden fields <LeadHiddenFields>
 * renders. The timer is signed like the loader's and, by default, backdated
 * so the time trap lets it through.
 */
import { createFormTimer } from '~/leads/abuse.server'
import { LEAD_HIDDEN_FIELDS, leadForms, type LeadFormKey } from '~/leads/lead-forms'

export const TEST_SITE = 'http://localhost:3000'

/** The address the lead tests post from (a documentation range). */
export const VISITOR = { clientIp: '203.0.113.7' }

/** A complete /contato lead, as the tests of the pipeline and its targets send it. */
export const CONTACT_FIELDS = {
  name: 'Rafael Lima',
  email: 'rafael@clinicaboavista.com.br',
  phone: '(21) 99876-5432',
  message: 'Preciso de mais pacientes vindos do Google.',
  company: 'Clínica Boa Vista',
  service: 'trafego',
} as const

/** A complete /criar-agente brief, as its last step posts it (the `platforms` checkboxes are added apart: one value per name here). */
export const BRIEFING_FIELDS = {
  businessName: 'Pizzaria Forno Bravo',
  businessType: 'alimentacao',
  agentPurpose: 'vendas',
  mainGoals: 'Receber pedidos pelo WhatsApp sem perder ninguém no horário de pico.',
  targetAudience: 'Famílias do bairro, pedidos à noite.',
  tone: 'amigavel',
  operatingHours: 'personalizado',
  specificFeatures: 'Cardápio com preços e tempo de entrega.',
  integration: 'iFood',
  additionalInfo: 'Abrimos de terça a domingo.',
  name: 'Roberto Dias',
  email: 'roberto@fornobravo.com.br',
  country: 'BR',
  phone: '(11) 98765-4321',
  intent: 'send',
  etapa: '5',
} as const

export type LeadPostOptions = {
  /** The form whose timer is posted (default: the one the path belongs to). */
  form?: LeadFormKey
  /** Cookie header (e.g. the origin cookie from a page view). */
  cookie?: string
  /** Milliseconds since the form was rendered (default 10 s); null = no timer field. */
  filledInMs?: number | null
  /** Raw timer value (overrides filledInMs). */
  timer?: string
  honeypot?: string
  /** The page the form is on, posted as _page_url (default: the action's own URL). */
  pageUrl?: string
  headers?: Record<string, string>
  /** Extra hidden fields (page title, engagement, event id) as JavaScript would add. */
  extra?: Record<string, string>
}

const FORM_OF_PATH: Record<string, LeadFormKey> = {
  '/': 'home',
  '/blog': 'newsletter',
  '/contato': 'contact',
  '/ferramentas/calculadora': 'calculator',
  '/agendar': 'booking',
}

/** The form a lead route's path posts (its timer is signed for it), if that path has one. */
export function formOfPath(path: string): LeadFormKey | undefined {
  return FORM_OF_PATH[path.split('?')[0] ?? '']
}

export function leadPost(path: string, fields: Record<string, string>, options: LeadPostOptions = {}): Request {
  const body = new URLSearchParams(fields)
  const filledInMs = options.filledInMs === undefined ? 10_000 : options.filledInMs
  const form = options.form ?? formOfPath(path)
  const timer = options.timer ?? (filledInMs === null || !form ? undefined : createFormTimer(leadForms[form].timerScope, Date.now() - filledInMs))
  if (timer !== undefined) body.set(LEAD_HIDDEN_FIELDS.timer, timer)
  body.set(LEAD_HIDDEN_FIELDS.honeypot, options.honeypot ?? '')
  body.set(LEAD_HIDDEN_FIELDS.pageUrl, options.pageUrl ?? `${TEST_SITE}${path.split('?')[0]}`)
  for (const [name, value] of Object.entries(options.extra ?? {})) body.set(name, value)
  const headers = new Headers({
    'Content-Type': 'application/x-www-form-urlencoded',
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0',
    Referer: `${TEST_SITE}${path.split('?')[0]}`,
    ...options.headers,
  })
  if (options.cookie) headers.set('Cookie', options.cookie)
  return new Request(`${TEST_SITE}${path}`, { method: 'POST', headers, body })
}

export function pageView(pathAndQuery: string, headers: Record<string, string> = {}): Request {
  return new Request(`${TEST_SITE}${pathAndQuery}`, {
    headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0', ...headers },
  })
}

/** The `name=value` part of Set-Cookie headers, ready for a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}
