/**
 * The CRMs a lead reaches (issue 35; ADR 046), each a target of the outbox,
 * off until its credentials are set:
 * - `rdstation`: RD Station Marketing's conversions API (`POST
 *   /platform/conversions?api_key=…`), one conversion per lead, named by the
 *   form's `crmIdentifier` (lead-forms.ts);
 * - `hubspot`: HubSpot's Forms submission API v3 (`POST
 *   /submissions/v3/integration/submit/{portalId}/{formGuid}`).
 *
 * As with the conversion APIs, the vendor's body is built when the lead is
 * stored (the row's payload: every attempt sends the same bytes) and the
 * credentials are read when it is sent, so they are never stored. Each is
 * throttled below the vendor's documented limit across the fleet (the shared
 * rate limit of rate-limit.server.ts): a post over it waits without spending
 * an attempt. 429, 5xx, time-outs and network errors are retried (429 after
 * its Retry-After); an answer that says the request is wrong (400, 401, 403,
 * 404, 415, 422…) fails at once with the vendor's words.
 */
import { z } from 'zod'
import { finalWhenWrong, postJson, type AttemptOutcome } from '~/delivery/http.server'
import type { Env } from '~/utils/env.server'
import { rateLimiter, type RateLimiter } from '~/utils/rate-limit.server'
import { CONSENT_NOTICE, NEWSLETTER_CONSENT, PRIVACY_POLICY_LINK_TEXT } from './consent'
import { leadForms, NEWSLETTER_LEAD_NAME, type LeadFormKey } from './lead-forms'
import type { LeadPayload, LeadResults } from './lead-service.server'
import type { LeadTarget } from './stored-lead'

export const crmTargets = ['rdstation', 'hubspot'] as const
export type CrmTarget = (typeof crmTargets)[number]

type HubSpotFormGuids = Record<LeadFormKey, string>

export type CrmSettings = {
  rdstation: { url: string; apiKey: string; perMinute: number } | null
  hubspot: {
    url: string
    portalId: string
    formGuids: HubSpotFormGuids
    /** The form of a booked session (HUBSPOT_FORM_GUID_SESSION), or null: HubSpot then hears of no booking. */
    sessionFormGuid: string | null
    per10Seconds: number
  } | null
}

export const NO_CRMS: CrmSettings = { rdstation: null, hubspot: null }

/** HUBSPOT_FORM_GUID_<FORM>: the variable of each site form. */
const HUBSPOT_FORM_VARIABLES = {
  home: 'HUBSPOT_FORM_GUID_HOME',
  contact: 'HUBSPOT_FORM_GUID_CONTACT',
  newsletter: 'HUBSPOT_FORM_GUID_NEWSLETTER',
  calculator: 'HUBSPOT_FORM_GUID_CALCULATOR',
  presenceTest: 'HUBSPOT_FORM_GUID_PRESENCE_TEST',
  briefing: 'HUBSPOT_FORM_GUID_BRIEFING',
  booking: 'HUBSPOT_FORM_GUID_BOOKING',
} as const satisfies Record<LeadFormKey, keyof Env>

export function crmSettingsFromEnv(env: Env): CrmSettings {
  const defaultGuid = env.HUBSPOT_FORM_GUID
  return {
    rdstation: env.RDSTATION_API_KEY ? { url: env.RDSTATION_API_URL, apiKey: env.RDSTATION_API_KEY, perMinute: env.RDSTATION_RATE_LIMIT_PER_MINUTE } : null,
    hubspot:
      env.HUBSPOT_PORTAL_ID && defaultGuid
        ? {
            url: env.HUBSPOT_API_URL,
            portalId: env.HUBSPOT_PORTAL_ID,
            formGuids: Object.fromEntries(
              Object.entries(HUBSPOT_FORM_VARIABLES).map(([form, variable]) => [form, env[variable] ?? defaultGuid]),
            ) as HubSpotFormGuids,
            sessionFormGuid: env.HUBSPOT_FORM_GUID_SESSION ?? null,
            per10Seconds: env.HUBSPOT_RATE_LIMIT_PER_10S,
          }
        : null,
  }
}

/** The CRMs configured now. */
export const activeCrmTargets = (settings: CrmSettings): CrmTarget[] => crmTargets.filter((target) => settings[target] !== null)

/** What a stored lead tells the CRMs. */
export type CrmLead = {
  form: LeadFormKey
  payload: LeadPayload
  results?: LeadResults
  /** In E.164 ('+5511987654321'), or '' when the lead has none. */
  phoneE164: string
  pageTitle: string | null
  /** HubSpot's visitor cookie, present only when the visitor accepted marketing cookies. */
  hubspotutk: string | null
  at: Date
}

/** A booked session's rows (app/booking/booking-crm.server.ts) name this instead of a lead form. */
export const SESSION_ROW_FORM = 'session'

/** A CRM row's form: a lead form's key, or a booked session. */
export const crmRowForm = z
  .string()
  .refine((form): form is LeadFormKey | typeof SESSION_ROW_FORM => form in leadForms || form === SESSION_ROW_FORM, 'not a lead form')

/** What a CRM row carries: the form (HubSpot's form GUID is chosen when it is sent) and the vendor's body, built when the lead was stored; parsed when the row is read (ADR 054). */
export const crmRowPayload = z.object({ form: crmRowForm, body: z.record(z.string(), z.unknown()) })
export type CrmRowPayload = { form: LeadFormKey | typeof SESSION_ROW_FORM; body: Record<string, unknown> }

const defined = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value != null && value !== '')) as Partial<T>

const personName = (payload: LeadPayload) => (payload.name === NEWSLETTER_LEAD_NAME ? '' : payload.name)

/** The tools' results as RD Station custom fields (`cf_…`: create them in the account, ADR 046). */
function rdCustomFields(lead: CrmLead): Record<string, unknown> {
  const results = lead.results
  const message = lead.payload.message ? { cf_mensagem: lead.payload.message } : {}
  if (!results) return message
  switch (results.kind) {
    case 'test':
      return { ...message, cf_pontuacao_presenca_digital: results.overallScore, ...defined({ cf_perfil_presenca_digital: results.persona?.title }) }
    case 'calculator':
      return { ...message, cf_metrica_calculadora: results.metricType, cf_resultado_calculadora: results.value }
    case 'briefing':
      return {
        ...message,
        ...defined({ cf_tipo_negocio: results.businessType, cf_funcao_agente: results.agentPurpose, cf_plataformas_agente: results.platforms.join(', ') }),
      }
  }
}

/** Who a CRM row is about: the person's contact and where their visit came from. */
export type CrmContact = {
  email: string
  /** '' when the person gave none (the newsletter). */
  name: string
  /** In E.164, or ''. */
  phoneE164: string
  company?: string | null
  utmSource?: string | null
  utmMedium?: string | null
  utmCampaign?: string | null
}

const contactOfLead = (lead: CrmLead): CrmContact => ({
  email: lead.payload.email,
  name: personName(lead.payload),
  phoneE164: lead.phoneE164,
  company: lead.payload.company,
  utmSource: lead.payload.utmSource,
  utmMedium: lead.payload.utmMedium,
  utmCampaign: lead.payload.utmCampaign,
})

/** RD Station's conversion event of a person under `identifier`, with the conversion's own fields (`cf_…`, `legal_bases`). */
export function rdConversion(identifier: string, contact: CrmContact, own: Record<string, unknown>): Record<string, unknown> {
  return {
    event_type: 'CONVERSION',
    event_family: 'CDP',
    payload: {
      conversion_identifier: identifier,
      email: contact.email,
      ...defined({
        name: contact.name,
        mobile_phone: contact.phoneE164,
        company_name: contact.company,
        traffic_source: contact.utmSource,
        traffic_medium: contact.utmMedium,
        traffic_campaign: contact.utmCampaign,
      }),
      ...own,
    },
  }
}

/**
 * RD Station's conversion event. `legal_bases` says only what the person gave: the newsletter's box is
 * consent to e-mail communications; the other forms' notice allows only a reply to the request, so they
 * claim no legal basis for communications at all.
 */
export const rdStationConversion = (lead: CrmLead): Record<string, unknown> =>
  rdConversion(leadForms[lead.form].crmIdentifier, contactOfLead(lead), {
    ...rdCustomFields(lead),
    ...(lead.form === 'newsletter' ? { legal_bases: [{ category: 'communications', type: 'consent', status: 'granted' }] } : {}),
  })

/** HubSpot's form submission: the contact's standard properties and the form's own, the page, and the notice the person sent it under. */
export function hubspotForm({
  contact,
  own,
  submittedAt,
  context,
  notice,
}: {
  contact: CrmContact
  /** The form's own fields (each must be on the HubSpot form). */
  own: Record<string, string | null | undefined>
  submittedAt: Date
  context: Record<string, unknown>
  notice: string
}): Record<string, unknown> {
  const [firstname = '', ...rest] = contact.name.split(/\s+/).filter(Boolean)
  const fields = defined({ email: contact.email, firstname, lastname: rest.join(' '), phone: contact.phoneE164, company: contact.company, ...own })
  return {
    submittedAt: submittedAt.getTime(),
    fields: Object.entries(fields).map(([name, value]) => ({ objectTypeId: '0-1', name, value })),
    context: defined(context),
    legalConsentOptions: { consent: { consentToProcess: true, text: notice } },
  }
}

/** The notice a form is sent under, as HubSpot keeps it with the consent. */
export const consentNotice = (form: LeadFormKey) =>
  form === 'newsletter' ? `${NEWSLETTER_CONSENT.label} ${PRIVACY_POLICY_LINK_TEXT}.` : `${CONSENT_NOTICE.text} ${PRIVACY_POLICY_LINK_TEXT}.`

/** HubSpot's form submission of a lead: the contact, its message, the page, the visitor cookie with consent. */
export const hubspotSubmission = (lead: CrmLead): Record<string, unknown> =>
  hubspotForm({
    contact: contactOfLead(lead),
    own: { message: lead.payload.message },
    submittedAt: lead.at,
    context: { pageUri: lead.payload.pageUrl, pageName: lead.pageTitle ?? leadForms[lead.form].label, hutk: lead.hubspotutk },
    notice: consentNotice(lead.form),
  })

/** The row payload of each CRM for a stored lead. */
export const crmRowPayloads: Record<CrmTarget, (lead: CrmLead) => CrmRowPayload> = {
  rdstation: (lead) => ({ form: lead.form, body: rdStationConversion(lead) }),
  hubspot: (lead) => ({ form: lead.form, body: hubspotSubmission(lead) }),
}

/** HubSpot's errors (`{status, message, errors: [{message, errorType}]}`) or RD's (`{errors: {error_type, error_message}}`), in one line. */
function vendorMessage(text: string): string {
  try {
    const answer = JSON.parse(text) as { message?: unknown; errors?: unknown }
    const errors = Array.isArray(answer.errors) ? answer.errors : answer.errors ? [answer.errors] : []
    const parts = errors.map((error: { errorType?: string; error_type?: string; message?: string; error_message?: string }) =>
      [error.errorType ?? error.error_type, error.message ?? error.error_message].filter(Boolean).join(': '),
    )
    return [typeof answer.message === 'string' ? answer.message : '', ...parts].filter(Boolean).join(' · ').slice(0, 300)
  } catch {
    return ''
  }
}

/** RD Station's `event_uuid` in a conversion's answer (`200 {"event_uuid": "…"}`), if any. */
export function rdEventUuid(answer: string): string | undefined {
  try {
    const uuid = (JSON.parse(answer) as { event_uuid?: unknown } | null)?.event_uuid
    return typeof uuid === 'string' && uuid ? uuid.slice(0, 200) : undefined
  } catch {
    return undefined
  }
}

/** Posts one CRM body, within the fleet's throttle; the vendor's own words on a final refusal. */
async function postToCrm({
  name,
  url,
  limiter,
  body,
  timeoutMs,
  now,
  signal,
  refOf,
}: {
  name: string
  url: string
  limiter: RateLimiter
  /** The vendor's id for what a success made, read from its answer (kept on the row). */
  refOf?: (answer: string) => string | undefined
  body: Record<string, unknown>
  timeoutMs: number
  now?: Date
  signal: AbortSignal
}): Promise<AttemptOutcome> {
  const decision = await limiter.hit('conta', now?.getTime())
  if (!decision.allowed) {
    return { kind: 'deferred', status: null, error: `${name}: limite de envios do nosso lado`, retryAfterMs: decision.retryAfterSeconds * 1000 }
  }
  let answer = ''
  const outcome = await postJson({
    url,
    body: JSON.stringify(body),
    timeoutMs,
    now,
    signal,
    headers: { Accept: 'application/json' },
    onBody: (text) => (answer = text),
  })
  if (outcome.kind === 'delivered') {
    const vendorRef = refOf?.(answer)
    return vendorRef === undefined ? outcome : { ...outcome, vendorRef }
  }
  if (outcome.kind === 'deferred') return outcome
  const said = vendorMessage(answer)
  const error = said && outcome.status !== null ? `HTTP ${outcome.status}: ${name}: ${said}` : `${name}: ${outcome.error}`
  return finalWhenWrong({ ...outcome, error: error.slice(0, 300) })
}

/** The CRMs as delivery targets, by name: one without its settings is not configured (its rows kept pending, a lead gets none). */
export function crmHandlers(settings: CrmSettings): Record<CrmTarget, LeadTarget<CrmRowPayload>> {
  const target = (name: CrmTarget, label: string, variables: readonly string[], send: LeadTarget<CrmRowPayload>['send'] | null): LeadTarget<CrmRowPayload> => ({
    name,
    label,
    payload: crmRowPayload as z.ZodType<CrmRowPayload>,
    configured: send !== null,
    variables,
    // Every lead, consent to marketing cookies or not: the CRM is where the agency replies from (ADR 045, 046).
    rowFor: (lead) => crmRowPayloads[name](lead),
    send: send ?? (() => Promise.resolve({ kind: 'retry', status: null, error: `${label} is not configured` })),
  })
  const rd = settings.rdstation
  const rdLimiter = rd ? rateLimiter({ name: 'rdstation', limit: () => rd.perMinute }) : null
  const hubspot = settings.hubspot
  const hubspotLimiter = hubspot ? rateLimiter({ name: 'hubspot', limit: () => hubspot.per10Seconds, windowMs: 10_000 }) : null
  return {
    rdstation: target(
      'rdstation',
      'RD Station',
      ['RDSTATION_API_KEY', 'RDSTATION_API_URL', 'RDSTATION_RATE_LIMIT_PER_MINUTE'],
      rd && rdLimiter
        ? ({ body }, _row, { timeoutMs, now, signal }) =>
            postToCrm({
              name: 'RD Station',
              url: `${rd.url}/platform/conversions?api_key=${encodeURIComponent(rd.apiKey)}`,
              limiter: rdLimiter,
              refOf: rdEventUuid,
              body,
              timeoutMs,
              now,
              signal,
            })
        : null,
    ),
    hubspot: target(
      'hubspot',
      'HubSpot',
      ['HUBSPOT_PORTAL_ID', 'HUBSPOT_FORM_GUID', ...Object.values(HUBSPOT_FORM_VARIABLES), 'HUBSPOT_API_URL', 'HUBSPOT_RATE_LIMIT_PER_10S'],
      hubspot && hubspotLimiter
        ? ({ form, body }, _row, { timeoutMs, now, signal }) => {
            const guid = form === SESSION_ROW_FORM ? hubspot.sessionFormGuid : (hubspot.formGuids[form] ?? hubspot.formGuids.contact)
            if (guid === null) return Promise.resolve({ kind: 'gone', status: null, error: 'HubSpot: HUBSPOT_FORM_GUID_SESSION is not set' })
            return postToCrm({
              name: 'HubSpot',
              url: `${hubspot.url}/submissions/v3/integration/submit/${hubspot.portalId}/${guid}`,
              limiter: hubspotLimiter,
              body,
              timeoutMs,
              now,
              signal,
            })
          }
        : null,
    ),
  }
}
