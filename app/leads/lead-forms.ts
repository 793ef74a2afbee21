/**
 * Every way a visitor becomes a lead, with what the webhook payload calls it
 * (spec lead-capture §7.2) and the conversion value in BRL (§9). Safe for the
 * browser: no secrets, no server imports.
 */

export const leadForms = {
  home: { source: 'formulario_home', formId: 'contact_section_home', conversionValue: 200 },
  contato: { source: 'formulario_contato', formId: 'contact_page_form', conversionValue: 200 },
  newsletter: { source: 'newsletter_blog', formId: 'newsletter_blog', conversionValue: 50 },
  calculadora: { source: 'calculadora_metricas', formId: 'calculator_lead_form', conversionValue: 100 },
  teste: { source: 'teste_presenca_digital', formId: 'presence_test_lead_form', conversionValue: 150 },
  briefing: { source: 'agent_briefing', formId: 'agent_briefing_wizard', conversionValue: 100 },
} as const satisfies Record<string, { source: string; formId: string; conversionValue: number }>

export type LeadFormKey = keyof typeof leadForms

/** The newsletter lead has no name or phone of its own (§3 "Newsletter variant"). */
export const NEWSLETTER_LEAD_NAME = 'Inscrição Newsletter'

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
  eventId: '_event_id',
  /** The visit's first page and its referrer as the browser kept them (first-touch.client.ts). */
  landingPage: '_landing_page',
  referrer: '_referrer',
} as const
