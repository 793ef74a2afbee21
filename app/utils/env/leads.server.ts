import { z } from 'zod'
import { optional, withDefault } from './fields'

const DURATION_UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** "30s" → 30000, "2m" → 120000, "250ms" → 250; null when not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(text.trim())
  if (!match) return null
  return Math.round(Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS])
}

/** "30s,2m,10m,1h,6h,24h" → the waits before each retry, in milliseconds. */
export const retryScheduleSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const durations = parts.map(parseDuration)
    if (parts.length === 0 || durations.some((ms) => ms === null || ms <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'use comma-separated durations such as 30s,2m,10m,1h,6h,24h (units ms, s, m, h, d)' })
      return z.NEVER
    }
    return durations as number[]
  })

/** Standard Webhooks secret: `whsec_` then base64 of 24 to 64 random bytes. */
export const webhookSecretSchema = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (!value.startsWith('whsec_')) return false
      const body = value.slice('whsec_'.length)
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return false
      const bytes = Buffer.from(body, 'base64').length
      return bytes >= 24 && bytes <= 64
    },
    { message: 'must be whsec_ followed by base64 of 24 to 64 random bytes (see .env.example to generate one)' },
  )

/**
 * Environment variables owned by the lead pipeline (database, webhook, limits).
 * Composed into the one schema in `utils/env.server.ts`, parsed once at startup.
 * With none set: leads go to an embedded PGlite database under .data/ and
 * webhook deliveries are recorded as skipped.
 */
export const leadsEnvShape = {
  // postgres://user:password@host:5432/db — unset: embedded PGlite in DATA_DIR.
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(?:ql)?:\/\/\S+$/, { message: 'must be a postgres:// or postgresql:// connection URL' }),
  ),
  DATA_DIR: withDefault(z.string().trim(), '.data'),
  WEBHOOK_URL: optional(z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).trim()),
  WEBHOOK_SECRET: optional(webhookSecretSchema),
  // Each attempt by the background worker; the inline attempt right after a submission is shorter.
  WEBHOOK_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 10_000),
  WEBHOOK_INLINE_TIMEOUT_MS: withDefault(z.coerce.number().int().min(0).max(30_000), 2_500),
  WEBHOOK_RETRY_SCHEDULE: withDefault(retryScheduleSchema, '30s,2m,10m,1h,6h,24h'),
  OUTBOX_POLL_INTERVAL_MS: withDefault(z.coerce.number().int().min(50).max(3_600_000), 5_000),
  // Lead posts per client address per form in any 60-second window.
  LEAD_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(1_000_000), 5),
  // A form sent faster than this after it was rendered is taken for a bot (quiet success, no lead: ADR 039).
  LEAD_MIN_FILL_MS: withDefault(z.coerce.number().int().min(0).max(60_000), 1_500),
  // The sales team's e-mail on every lead (app/leads/sales-alert.server.ts): all three, or none.
  // smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465.
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@smtp.example.com:587' }).trim()),
  // Comma-separated addresses.
  SALES_ALERT_TO: optional(
    z
      .string()
      .trim()
      .transform((value) =>
        value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: 'must be e-mail addresses separated by commas' })).min(1)),
  ),
  // The sender, as the SMTP account may send: "Site <site@example.com.br>" or an address.
  SALES_ALERT_FROM: optional(
    z
      .string()
      .trim()
      .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, { message: 'must be an address, or a name and <address>' }),
  ),
} satisfies z.ZodRawShape

/** The CRMs of issue 35 (app/leads/crm.server.ts, ADR 046): each off until its credentials are set. */
const hubspotGuid = optional(
  z
    .string()
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'must be a HubSpot form GUID' }),
)
export const crmEnvShape = {
  // RD Station Marketing's conversions API key (Configurações → Integrações → Chave de API pública).
  RDSTATION_API_KEY: optional(z.string().trim().min(8).max(200)),
  RDSTATION_API_URL: withDefault(
    z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    'https://api.rd.services',
  ),
  // Conversions per minute, for the whole fleet (RD allows 120 a minute per account; 500 on Advanced).
  RDSTATION_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(10_000), 100),
  HUBSPOT_PORTAL_ID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, { message: 'must be the HubSpot account (portal) id, digits only' }),
  ),
  // The form every lead goes to, and one per site form where they differ.
  HUBSPOT_FORM_GUID: hubspotGuid,
  HUBSPOT_FORM_GUID_HOME: hubspotGuid,
  HUBSPOT_FORM_GUID_CONTACT: hubspotGuid,
  HUBSPOT_FORM_GUID_NEWSLETTER: hubspotGuid,
  HUBSPOT_FORM_GUID_CALCULATOR: hubspotGuid,
  HUBSPOT_FORM_GUID_PRESENCE_TEST: hubspotGuid,
  HUBSPOT_FORM_GUID_BRIEFING: hubspotGuid,
  // Pipedrive's API token (Configurações pessoais → API): each lead becomes a Pipedrive lead on its person.
  PIPEDRIVE_API_TOKEN: optional(z.string().trim().min(16).max(200)),
  PIPEDRIVE_API_URL: withDefault(
    z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    'https://api.pipedrive.com',
  ),
  HUBSPOT_API_URL: withDefault(
    z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    'https://api.hsforms.com',
  ),
  // Submissions per 10 seconds, for the whole fleet (HubSpot allows 50 without auth; ten 429s in a second block the address).
  HUBSPOT_RATE_LIMIT_PER_10S: withDefault(z.coerce.number().int().min(1).max(1_000), 40),
} satisfies z.ZodRawShape

/** The sales alert's variables: set all of them or none. */
export const salesAlertEnvNames = ['SMTP_URL', 'SALES_ALERT_TO', 'SALES_ALERT_FROM'] as const
