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
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(?:ql)?:\/\/\S+$/, { message: 'must be a postgres:// or postgresql:// connection URL' }),
    {
      purpose: 'A PostgreSQL server (`postgres://user:password@host:5432/db`) for leads; unset: an embedded PGlite database in `DATA_DIR`',
      example: 'postgres://site:site@localhost:5432/site',
    },
  ),
  DATABASE_START_WAIT_SECONDS: withDefault(z.coerce.number().int().min(0).max(600), 60, {
    purpose:
      'How long an instance started while its PostgreSQL does not answer (a restart) waits for it, retrying, before it exits 1; `0`: exits at once, for an orchestrator that restarts it',
  }),
  DATA_DIR: withDefault(z.string().trim(), '.data', {
    purpose: 'Folder of the embedded database (one process per folder; `memory://` for a throwaway one)',
  }),
  WEBHOOK_URL: optional(z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).trim(), {
    purpose: 'Where every lead is POSTed, signed with `WEBHOOK_SECRET`; unset: deliveries are recorded as skipped',
    example: 'https://crm.exemplo.com.br/webhooks/leads',
  }),
  WEBHOOK_SECRET: optional(webhookSecretSchema, {
    purpose:
      "`whsec_…` base64 secret that signs deliveries (Standard Webhooks); required with `WEBHOOK_URL`. Make one with `node -e \"console.log('whsec_' + require('node:crypto').randomBytes(32).toString('base64'))\"`",
    example: 'whsec_c2VncmVkby1kZS1leGVtcGxvLXRyb3F1ZS1lc3Rl',
  }),
  DELIVERY_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 10_000, {
    purpose: "Deadline of each background delivery attempt, every target's (ADR 053)",
  }),
  WEBHOOK_INLINE_TIMEOUT_MS: withDefault(z.coerce.number().int().min(0).max(30_000), 2_500, {
    purpose: 'Deadline of the attempt made right after a submission',
  }),
  DELIVERY_RETRY_SCHEDULE: withDefault(retryScheduleSchema, '30s,2m,10m,1h,6h,24h', {
    purpose: 'Waits between attempts; after the last one a delivery is `failed`',
  }),
  OUTBOX_POLL_INTERVAL_MS: withDefault(z.coerce.number().int().min(50).max(3_600_000), 5_000, {
    purpose: 'How often the in-process worker looks for due deliveries',
  }),
  LEAD_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(1_000_000), 5, {
    purpose:
      'Lead posts per client address per form in any minute (429 beyond). Counted in PostgreSQL when `DATABASE_URL` is set, so every instance shares one budget; in memory with the embedded database (ADR 027)',
  }),
  LEAD_MIN_FILL_MS: withDefault(z.coerce.number().int().min(0).max(60_000), 1_500, {
    purpose: 'A form sent back faster than this is taken for a bot (quiet success, no lead; valid fields wait in `/admin/spam`, ADR 039)',
  }),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@smtp.example.com:587' }).trim(), {
    purpose:
      "The sales team's e-mail on every lead (ADR 045): `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://user:password@host:465`. Sent from the outbox, retried like the webhook; a 5xx answer or a refused login fails at once and shows in `/admin/entregas`. With `SALES_ALERT_TO` and `SALES_ALERT_FROM`: all three or none",
    example: 'smtp://vendas%40exemplo.com.br:senha@smtp.exemplo.com.br:587',
  }),
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
    { purpose: 'Who gets the sales e-mail: addresses separated by commas', example: 'vendas@exemplo.com.br,comercial@exemplo.com.br' },
  ),
  SALES_ALERT_FROM: optional(
    z
      .string()
      .trim()
      .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, { message: 'must be an address, or a name and <address>' }),
    { purpose: 'The sender, as the SMTP account may send: `Site <site@example.com.br>` or an address', example: 'Site Alavanca <site@exemplo.com.br>' },
  ),
} satisfies z.ZodRawShape

/** The CRMs of issue 35 (app/leads/crm.server.ts, ADR 046): each off until its credentials are set. */
const hubspotGuid = (
  form: string,
  documented: { purpose: string; default?: string } = { purpose: `Another HubSpot form for ${form}`, default: '`HUBSPOT_FORM_GUID`' },
) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'must be a HubSpot form GUID' }),
    documented,
  )
const apiAddress = (fallback: string, vendor: string) =>
  withDefault(
    z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    fallback,
    { purpose: `Where ${vendor}'s requests go (a proxy, or the tests' stand-in)` },
  )
export const crmEnvShape = {
  RDSTATION_API_KEY: optional(z.string().trim().min(8).max(200), {
    purpose:
      "RD Station Marketing's public API key (Configurações → Integrações → Chave de API pública): every lead becomes a conversion (`conversion_identifier` per form: `contato-home`, `contato`, `newsletter`, `calculadora`, `teste-presenca`, `briefing-agente`), from the outbox, retried like the webhook (ADR 046). Create the custom fields `cf_mensagem`, `cf_pontuacao_presenca_digital`, `cf_perfil_presenca_digital`, `cf_metrica_calculadora`, `cf_resultado_calculadora`, `cf_tipo_negocio`, `cf_funcao_agente`, `cf_plataformas_agente` in the account first. Each booked strategy session is a conversion too, `sessao-estrategica-agendada`, with `cf_sessao_estrategica` and `cf_especialista_sessao` (ADR 056)",
    example: 'chave-publica-do-rd-station',
  }),
  RDSTATION_API_URL: apiAddress('https://api.rd.services', 'RD Station'),
  RDSTATION_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(10_000), 100, {
    purpose: 'Conversions per minute for the whole fleet (RD allows 120; 500 on Advanced): beyond it a lead waits its turn without spending an attempt',
  }),
  HUBSPOT_PORTAL_ID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, { message: 'must be the HubSpot account (portal) id, digits only' }),
    { purpose: "HubSpot's account id; with `HUBSPOT_FORM_GUID` (both or neither)", example: '24681357' },
  ),
  HUBSPOT_FORM_GUID: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'must be a HubSpot form GUID' }),
    {
      purpose: 'The HubSpot form every lead is submitted to (Forms API v3), with the fields `email`, `firstname`, `lastname`, `phone`, `company`, `message`',
      example: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
    },
  ),
  HUBSPOT_FORM_GUID_HOME: hubspotGuid("the home's form"),
  HUBSPOT_FORM_GUID_CONTACT: hubspotGuid('the contact page'),
  HUBSPOT_FORM_GUID_NEWSLETTER: hubspotGuid("the blog's newsletter"),
  HUBSPOT_FORM_GUID_CALCULATOR: hubspotGuid('the metrics calculator'),
  HUBSPOT_FORM_GUID_PRESENCE_TEST: hubspotGuid('the digital-presence test'),
  HUBSPOT_FORM_GUID_BRIEFING: hubspotGuid("the AI agent's briefing"),
  HUBSPOT_FORM_GUID_BOOKING: hubspotGuid("the booking page's form (a visitor without a lead)"),
  HUBSPOT_FORM_GUID_SESSION: hubspotGuid('the strategy session', {
    purpose:
      'The HubSpot form each booked strategy session is submitted to (issue 44, ADR 056): the fields `email`, `firstname`, `lastname`, `phone`, `company` and a single-line text `sessao_estrategica`, which gets the time. Unset: HubSpot hears of no booking',
  }),
  HUBSPOT_API_URL: apiAddress('https://api.hsforms.com', 'HubSpot'),
  HUBSPOT_RATE_LIMIT_PER_10S: withDefault(z.coerce.number().int().min(1).max(1_000), 40, {
    purpose: 'Submissions per 10 seconds for the whole fleet (HubSpot allows 50, and blocks an address that keeps sending after 429s)',
  }),
  PIPEDRIVE_API_TOKEN: optional(z.string().trim().min(16).max(200), {
    purpose:
      "Pipedrive's API token (Configurações pessoais → API): each lead becomes a Pipedrive lead titled with the form and the company, on the person with its e-mail (found, or created), and each booked strategy session a meeting on that person (ADR 056). A retry never makes a second person, lead or meeting (ADR 047)",
    example: 'token-da-api-do-pipedrive',
  }),
  PIPEDRIVE_API_URL: apiAddress('https://api.pipedrive.com', 'Pipedrive'),
} satisfies z.ZodRawShape

/** The sales alert's variables: set all of them or none. */
export const salesAlertEnvNames = ['SMTP_URL', 'SALES_ALERT_TO', 'SALES_ALERT_FROM'] as const
