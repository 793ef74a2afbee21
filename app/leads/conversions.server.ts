/**
 * Server-side conversion events (beyond the spec; ADR 031): each
 * stored lead whose visitor accepted cookies is sent, from the outbox, as a
 * GA4 Measurement Protocol `generate_lead` and a Meta Conversions API
 * `Lead`, with the event id of the browser's form_submission so each vendor
 * counts the conversion once. Off unless configured; the payload is built
 * when the lead is stored (its outbox row keeps it), the credentials are read
 * when it is sent, so they are never stored.
 */
import type { Env } from '~/utils/env.server'
import { contactHashes, hashed } from './user-data'

export const conversionTargets = ['ga4', 'meta'] as const
export type ConversionTarget = (typeof conversionTargets)[number]

export type ConversionSettings = {
  ga4: { url: string; measurementId: string; apiSecret: string } | null
  meta: { url: string; pixelId: string; accessToken: string } | null
}

export const NO_CONVERSIONS: ConversionSettings = { ga4: null, meta: null }

export function conversionSettingsFromEnv(env: Env): ConversionSettings {
  return {
    ga4: env.GA4_MEASUREMENT_ID && env.GA4_API_SECRET ? { url: env.GA4_MP_URL, measurementId: env.GA4_MEASUREMENT_ID, apiSecret: env.GA4_API_SECRET } : null,
    meta: env.META_PIXEL_ID && env.META_ACCESS_TOKEN ? { url: env.META_CAPI_URL, pixelId: env.META_PIXEL_ID, accessToken: env.META_ACCESS_TOKEN } : null,
  }
}

/** The targets configured now. */
export const activeConversionTargets = (settings: ConversionSettings): ConversionTarget[] => conversionTargets.filter((target) => settings[target] !== null)

/** What a stored lead tells the vendors (the visitor consented: the lead service checks). */
export type ConversionLead = {
  /** The browser's form_submission event id; the lead id when the form was sent without JavaScript. */
  eventId: string
  sessionId: string
  formName: string
  value: number
  currency: string
  pageUrl: string
  name: string
  email: string
  /** In E.164 ('+5511987654321'), or '' when the lead has none. */
  phone: string
  userAgent: string | null
  clientIp: string | null
  fbc: string | null
  fbp: string | null
  /** From the `_ga` cookie (GA's client id); the session id stands in when there is none. */
  gaClientId: string | null
  engagementTimeMsec: number | null
  at: Date
}

/** Each vendor takes user data as lists of hashes. */
const list = (hash: string | undefined) => (hash === undefined ? undefined : [hash])
const defined = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value != null && value !== '')) as Partial<T>

/** GA4 Measurement Protocol body: `generate_lead`, with user-provided data hashed as Google asks (E.164 phone with its +). */
export async function ga4Conversion(lead: ConversionLead): Promise<Record<string, unknown>> {
  const hashes = await contactHashes(lead)
  const address = defined({ sha256_first_name: hashes.firstName, sha256_last_name: hashes.lastName })
  return {
    client_id: lead.gaClientId ?? lead.sessionId,
    timestamp_micros: lead.at.getTime() * 1000,
    user_data: defined({
      sha256_email_address: list(hashes.email),
      sha256_phone_number: list(hashes.phone),
      address: Object.keys(address).length ? [address] : undefined,
    }),
    events: [
      {
        name: 'generate_lead',
        params: defined({
          event_id: lead.eventId,
          form_name: lead.formName,
          value: lead.value,
          currency: lead.currency,
          page_location: lead.pageUrl,
          engagement_time_msec: lead.engagementTimeMsec ?? undefined,
        }),
      },
    ],
  }
}

/** Meta's phone: digits only, with the country code and no '+'. */
export const metaPhone = (phoneE164: string) => phoneE164.replace(/^\+/, '')

/** Meta Conversions API body: one `Lead` from the website, e-mail, phone and names hashed by Meta's rules, fbc/fbp as they are. */
export async function metaConversion(lead: ConversionLead): Promise<Record<string, unknown>> {
  const [hashes, session] = await Promise.all([contactHashes({ ...lead, phone: metaPhone(lead.phone) }), hashed(lead.sessionId)])
  return {
    data: [
      {
        event_name: 'Lead',
        event_time: Math.floor(lead.at.getTime() / 1000),
        event_id: lead.eventId,
        action_source: 'website',
        event_source_url: lead.pageUrl,
        user_data: defined({
          em: list(hashes.email),
          ph: list(hashes.phone),
          fn: list(hashes.firstName),
          ln: list(hashes.lastName),
          external_id: list(session),
          client_ip_address: lead.clientIp,
          client_user_agent: lead.userAgent,
          fbc: lead.fbc,
          fbp: lead.fbp,
        }),
        custom_data: { value: lead.value, currency: lead.currency, content_name: lead.formName },
      },
    ],
  }
}

export const conversionBuilders: Record<ConversionTarget, (lead: ConversionLead) => Promise<Record<string, unknown>>> = {
  ga4: ga4Conversion,
  meta: metaConversion,
}

/** Where a stored conversion goes, with the credentials of now; null when the target is no longer configured. */
export function conversionEndpoint(target: ConversionTarget, settings: ConversionSettings): string | null {
  if (target === 'ga4' && settings.ga4) {
    const url = new URL(settings.ga4.url)
    url.searchParams.set('measurement_id', settings.ga4.measurementId)
    url.searchParams.set('api_secret', settings.ga4.apiSecret)
    return url.href
  }
  if (target === 'meta' && settings.meta) {
    const url = new URL(`${settings.meta.url.replace(/\/$/, '')}/${settings.meta.pixelId}/events`)
    url.searchParams.set('access_token', settings.meta.accessToken)
    return url.href
  }
  return null
}

/** The `_ga` cookie's client id (`GA1.1.<random>.<time>` → `<random>.<time>`), or null. */
export function gaClientIdFrom(cookieValue: string | null): string | null {
  const match = /^GA\d\.\d\.(\d+\.\d+)$/.exec(cookieValue ?? '')
  return match?.[1] ?? null
}

/**
 * The closed loop (ADR 048): when sales marks a lead qualified or won and
 * the person had accepted marketing cookies, each ad platform that heard of
 * the lead hears of the stage, as GA4's recommended lead events and a Meta
 * CRM stage.
 *
 * `sent` is the stage's word on the wire: the pt-BR word it had before the
 * stored statuses became English (migration 0015), kept so the event ids and
 * GA4's `lead_status` the platforms get stay byte for byte the same. The
 * outbox row of a stage names it in its `event` column (the stage's key,
 * 'qualified' or 'won'), unique per lead and target (migration 0022).
 */
export const CLOSED_LOOP_EVENTS = {
  qualified: { ga4: 'qualify_lead', meta: 'QualifiedLead', sent: 'qualificado' },
  won: { ga4: 'close_convert_lead', meta: 'ConvertedLead', sent: 'cliente' },
} as const satisfies Record<string, Record<ConversionTarget | 'sent', string>>
export type ClosedLoopStage = keyof typeof CLOSED_LOOP_EVENTS
export const CLOSED_LOOP_STAGES = Object.keys(CLOSED_LOOP_EVENTS) as ClosedLoopStage[]

/** A stage's own event id: one per lead and stage, never the first event's, so no vendor counts it as the lead again. */
export const closedLoopEventId = (leadId: string, stage: ClosedLoopStage) => `${leadId}:${CLOSED_LOOP_EVENTS[stage].sent}`

/** The event a closed-loop row sends ('qualify_lead', 'ConvertedLead'), for the lead's page, from the row's `event`; null for any other row. */
export function closedLoopEventName(row: { target: string; event: string | null }): string | null {
  if (!(conversionTargets as readonly string[]).includes(row.target)) return null
  const stage = CLOSED_LOOP_STAGES.find((one) => one === row.event)
  return stage ? CLOSED_LOOP_EVENTS[stage][row.target as ConversionTarget] : null
}

/** Meta's `lead_event_source`: the system the stage was marked in. */
export const CLOSED_LOOP_SOURCE = 'Site (área administrativa)'

type Payload = Record<string, unknown>
const record = (value: unknown): Payload => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {})
const first = (value: unknown): Payload => record(Array.isArray(value) ? value[0] : undefined)

/**
 * A stage's conversion, built from the body of the lead's first conversion
 * to the same vendor (its outbox row): the same client id and hashed user
 * data, the same form, value and currency; its own event name and id; the
 * time the stage was marked.
 */
export function closedLoopConversion(target: ConversionTarget, firstBody: Payload, change: { stage: ClosedLoopStage; eventId: string; at: Date }): Payload {
  const name = CLOSED_LOOP_EVENTS[change.stage][target]
  if (target === 'ga4') {
    const params = record(first(firstBody.events).params)
    return defined({
      client_id: firstBody.client_id,
      user_data: firstBody.user_data,
      timestamp_micros: change.at.getTime() * 1000,
      events: [
        {
          name,
          params: defined({
            event_id: change.eventId,
            form_name: params.form_name,
            value: params.value,
            currency: params.currency,
            lead_status: CLOSED_LOOP_EVENTS[change.stage].sent,
          }),
        },
      ],
    })
  }
  const event = first(firstBody.data)
  return {
    data: [
      {
        event_name: name,
        event_time: Math.floor(change.at.getTime() / 1000),
        event_id: change.eventId,
        action_source: 'system_generated',
        user_data: event.user_data,
        custom_data: { ...record(event.custom_data), event_source: 'crm', lead_event_source: CLOSED_LOOP_SOURCE },
      },
    ],
  }
}
