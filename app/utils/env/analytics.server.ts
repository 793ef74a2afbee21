import { z } from 'zod'
import { optional, withDefault } from './fields'

/**
 * Environment variables owned by measurement (ADR 031). All optional: with
 * none set, the data layer still collects the site's events (for a tag
 * manager added later, and for /demo/origin-tracking), and nothing loads
 * from a third party.
 */
export const analyticsEnvShape = {
  // Google Tag Manager container, e.g. GTM-ABC1234: loads only after the visitor accepts.
  GTM_ID: optional(
    z
      .string()
      .trim()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, { message: 'must be a Google Tag Manager container id such as GTM-ABC1234' }),
  ),
  // Subscribe with Google's product id (publication id), e.g. CAowqfCKCw: its script loads on every page when set.
  SUBSCRIPTION_PRODUCT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[\w.-]{2,100}$/, { message: 'must be a Subscribe with Google product id: letters, digits, dots, dashes or underscores' }),
  ),
  // Server-side conversions (off unless both halves are set; sent only for leads whose visitor accepted cookies).
  // GA4 Measurement Protocol: the web stream's measurement id and an API secret created for it.
  GA4_MEASUREMENT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,16}$/, { message: 'must be a GA4 measurement id such as G-ABC123DEF4' }),
  ),
  GA4_API_SECRET: optional(z.string().trim().min(8).max(200)),
  GA4_MP_URL: withDefault(z.url({ protocol: /^https?$/ }), 'https://www.google-analytics.com/mp/collect'),
  // Meta Conversions API: the pixel (dataset) id and a system user's access token.
  META_PIXEL_ID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{5,20}$/, { message: 'must be the numeric id of a Meta pixel' }),
  ),
  META_ACCESS_TOKEN: optional(z.string().trim().min(20).max(1000)),
  META_CAPI_URL: withDefault(z.url({ protocol: /^https?$/ }), 'https://graph.facebook.com/v21.0'),
  // Posts to the tools' funnel beacon (/api/funil) per client address in any minute, shared by the
  // instances (ADR 027). A run of a tool sends two; many phones share one address behind carrier NAT.
  FUNNEL_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(1_000_000), 30),
} satisfies z.ZodRawShape
