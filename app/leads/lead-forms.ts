/**
 * Every way a visitor becomes a lead, with what the webhook payload calls it
 * (source, form id) and the conversion value in BRL. Safe for the browser: no
 * secrets, no server imports.
 */

import { EVENT_ID_FIELD } from './event-id-field'

/**
 * Conversion values in BRL by the analytics form name; any other form
 * is worth the default. The server stores the value with the lead, and the
 * browser's form_submission event carries the same one.
 */
export const CONVERSION_VALUES: Readonly<Record<string, number>> = {
  newsletter: 50,
  lead_capture_test: 150,
  lead_capture_calculator: 100,
  contact_form: 200,
  contact_home: 200,
}
export const DEFAULT_CONVERSION_VALUE = 100

export const conversionValueOf = (formName: string) => CONVERSION_VALUES[formName] ?? DEFAULT_CONVERSION_VALUE

/**
 * `analyticsName` is the form_name of the data-layer events, `location` the
 * form_location (the spec names contact_page, calculator_page,
 * test_results_page and blog_page; home_page and briefing_page are ours).
 * `source`, `formId`, `analyticsName` and `location` are what the webhook's
 * receivers and the tag manager read: they never change. `timerScope` is
 * what each form's time trap is signed for: the forms' names before they
 * were English (ADR 036), so the timers in pages already rendered and cached
 * still verify. `crmIdentifier` names the form in the CRMs (RD Station's
 * `conversion_identifier`, which its automations trigger on; the HubSpot
 * form's variable suffix is the key). `label` is the form's one name in the admin (dashboard, spam
 * folder, tables, CSV, a lead's page); `colour` its colour in the admin's
 * charts, a variable of the theme (app/styles/app.css).
 */
const forms = {
  home: {
    source: 'formulario_home',
    formId: 'contact_section_home',
    analyticsName: 'contact_home',
    location: 'home_page',
    timerScope: 'home',
    crmIdentifier: 'contato-home',
    label: 'Formulário da página inicial',
    colour: 'var(--color-form-home)',
  },
  contact: {
    source: 'formulario_contato',
    formId: 'contact_page_form',
    analyticsName: 'contact_form',
    location: 'contact_page',
    timerScope: 'contato',
    crmIdentifier: 'contato',
    label: 'Página de contato',
    colour: 'var(--color-form-contact)',
  },
  newsletter: {
    source: 'newsletter_blog',
    formId: 'newsletter_blog',
    analyticsName: 'newsletter',
    location: 'blog_page',
    timerScope: 'newsletter',
    crmIdentifier: 'newsletter',
    label: 'Newsletter do blog',
    colour: 'var(--color-form-newsletter)',
  },
  calculator: {
    source: 'calculadora_metricas',
    formId: 'calculator_lead_form',
    analyticsName: 'lead_capture_calculator',
    location: 'calculator_page',
    timerScope: 'calculadora',
    crmIdentifier: 'calculadora',
    label: 'Calculadora de métricas',
    colour: 'var(--color-form-calculator)',
  },
  presenceTest: {
    source: 'teste_presenca_digital',
    formId: 'presence_test_lead_form',
    analyticsName: 'lead_capture_test',
    location: 'test_results_page',
    timerScope: 'teste',
    crmIdentifier: 'teste-presenca',
    label: 'Teste de presença digital',
    colour: 'var(--color-form-presence-test)',
  },
  briefing: {
    source: 'agent_briefing',
    formId: 'agent_briefing_wizard',
    analyticsName: 'agent_briefing',
    location: 'briefing_page',
    timerScope: 'briefing',
    crmIdentifier: 'briefing-agente',
    label: 'Briefing de agente de IA',
    colour: 'var(--color-form-briefing)',
  },
  /** /agendar's own form (issue 44): a visitor without a lead gives their contact with the time they pick. */
  booking: {
    source: 'agendamento_sessao',
    formId: 'strategy_session_booking',
    analyticsName: 'session_booking',
    location: 'booking_page',
    timerScope: 'agendar',
    crmIdentifier: 'agendamento-sessao',
    label: 'Página de agendamento',
    colour: 'var(--color-form-booking)',
  },
} as const satisfies Record<
  string,
  { source: string; formId: string; analyticsName: string; location: string; timerScope: string; crmIdentifier: string; label: string; colour: string }
>

type FormKey = keyof typeof forms

export const leadForms = Object.fromEntries(
  Object.entries(forms).map(([key, form]) => [key, { ...form, conversionValue: conversionValueOf(form.analyticsName) }]),
) as { [Key in FormKey]: (typeof forms)[Key] & { conversionValue: number } }

export type LeadFormKey = keyof typeof leadForms
export type LeadFormConfig = (typeof leadForms)[LeadFormKey]

/** The colour of a source no form knows (a lead stored before a form was renamed) in the admin's charts. */
export const OTHER_FORM_COLOUR = 'var(--color-form-other)'

/** A form's key from its key (the spam folder's) or its source (a lead's), or undefined for one no form knows. */
export const leadFormKeyOf = (keyOrSource: string): LeadFormKey | undefined =>
  Object.hasOwn(leadForms, keyOrSource)
    ? (keyOrSource as LeadFormKey)
    : (Object.keys(leadForms) as LeadFormKey[]).find((key) => leadForms[key].source === keyOrSource)

/** A form by its key or its source, or undefined for one no form knows. */
export const leadFormOf = (keyOrSource: string) => {
  const key = leadFormKeyOf(keyOrSource)
  return key ? leadForms[key] : undefined
}

/** The admin's one name for a form, by its key or source; an unknown one shows as stored. */
export const leadFormLabel = (keyOrSource: string): string => leadFormOf(keyOrSource)?.label ?? keyOrSource

/** The campaign parameters a visit's first page may carry. */
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const

/** The referrer of a visit that came from no other site. */
export const DIRECT_ACCESS = 'Direct Access'

/** The visit's one session id, minted by the server: `session_<timestamp>_<random>`. */
export const SESSION_ID_PATTERN = /^session_\d+_[a-z0-9]+$/

/** The newsletter lead has no name or phone of its own: its payload carries this name and an empty phone. */
export const NEWSLETTER_LEAD_NAME = 'Inscrição Newsletter'

/**
 * The time trap's value, `<ms>.<nonce>.<hmac>` (abuse.server.ts): the one
 * thing a page renders anew each time, the same for every visitor of that
 * render (ADR 029, 034).
 */
export const FORM_TIMER_SHAPE = /(\d{1,16})\.([\w-]{12})\.([\w-]{43})/

/**
 * Names of the hidden fields every lead form posts besides its own fields.
 * The honeypot is a text input hidden from people (and assistive tech) that
 * bots fill in; the timer is a signed render time (too fast = bot).
 */
export const LEAD_HIDDEN_FIELDS = {
  honeypot: 'website',
  timer: '_lead_timer',
  pageUrl: '_page_url',
  pageTitle: '_page_title',
  engagementTimeMsec: '_engagement_ms',
  eventId: EVENT_ID_FIELD,
  /** The visit's first page and its referrer as the browser kept them (first-touch.ts). */
  landingPage: '_landing_page',
  referrer: '_referrer',
} as const

/** What a page's loader gives its lead form (`prepareLeadForm()`), for the hidden fields. */
export type LeadFormFields = {
  /** Which lead form this is (its analytics name and value, above). */
  form: LeadFormKey
  /** Signed render time from `prepareLeadForm()` in the loader (time trap). */
  timer: string
  /** The page the form is on, as the server saw it. */
  pageUrl: string
}
