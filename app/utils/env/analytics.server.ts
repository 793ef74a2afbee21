import { z } from 'zod'
import { optional, withDefault } from './fields'

/**
 * Environment variables owned by measurement (ADR 031). All optional: with
 * none set, the data layer still collects the site's events (for a tag
 * manager added later, and for /demo/origin-tracking), and nothing loads
 * from a third party.
 */
export const analyticsEnvShape = {
  GTM_ID: optional(
    z
      .string()
      .trim()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, { message: 'must be a Google Tag Manager container id such as GTM-ABC1234' }),
    {
      purpose:
        "Google Tag Manager container (`GTM-…`). Loaded only after the visitor accepts cookies; the site's CSP then allows Google's hosts. Unset: the data layer still collects the site's events (ADR 031)",
      example: 'GTM-ABC1234',
    },
  ),
  SUBSCRIPTION_PRODUCT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[\w.-]{2,100}$/, { message: 'must be a Subscribe with Google product id: letters, digits, dots, dashes or underscores' }),
    {
      purpose:
        "Subscribe with Google product (publication) id. When set, its script (`swg-basic.js`) loads on every page and is initialised on each route change with the route's content class (`premium_content` or `open_access`); the CSP then allows `news.google.com`. Unset: nothing loads (ADR 031)",
      example: 'CAowqfCKCw',
    },
  ),
  GA4_MEASUREMENT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,16}$/, { message: 'must be a GA4 measurement id such as G-ABC123DEF4' }),
    {
      purpose:
        "Server-side conversions to GA4's Measurement Protocol: each lead whose visitor accepted cookies is sent from the outbox as `generate_lead`, with the browser event's id, retried like the webhook. With `GA4_API_SECRET` (both or neither)",
      example: 'G-ABC123DEF4',
    },
  ),
  GA4_API_SECRET: optional(z.string().trim().min(8).max(200), { purpose: "An API secret created for the GA4 web stream's Measurement Protocol" }),
  GA4_MP_URL: withDefault(z.url({ protocol: /^https?$/ }), 'https://www.google-analytics.com/mp/collect', {
    purpose: "Where GA4's events go (a proxy, or a local receiver in tests)",
  }),
  META_PIXEL_ID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{5,20}$/, { message: 'must be the numeric id of a Meta pixel' }),
    {
      purpose:
        "The same to Meta's Conversions API (`Lead`, e-mail and phone hashed by Meta's rules; then `QualifiedLead` / `ConvertedLead`): the pixel (dataset) id. With `META_ACCESS_TOKEN` (both or neither)",
    },
  ),
  META_ACCESS_TOKEN: optional(z.string().trim().min(20).max(1000), { purpose: "A system user's access token for Meta's Conversions API" }),
  META_CAPI_URL: withDefault(z.url({ protocol: /^https?$/ }), 'https://graph.facebook.com/v21.0', {
    purpose: "Where Meta's events go (a proxy, or a local receiver in tests)",
  }),
  FUNNEL_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(1_000_000), 30, {
    purpose:
      "Posts to the tools' funnel beacon (`/api/funil`) per client address in any minute (429 beyond; a lost beacon costs one count, never a step). Shared by the instances like the lead limit (ADR 027). A run of a tool sends two; phones behind one carrier address share it",
  }),
} satisfies z.ZodRawShape
