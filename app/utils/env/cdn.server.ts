import { z } from 'zod'
import { optional, withDefault } from './fields'
import { webhookSecretSchema } from './leads.server'

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).trim()
const token = z.string().trim().min(8, { message: 'must be at least 8 characters' })

/**
 * The CDN purges of a publish (app/content/cache-purge.server.ts, ADR 042):
 * each target is off unless both of its variables are set.
 */
export const cdnEnvShape = {
  // A generic purge endpoint: POST {"tags": [...]}, signed like the lead webhook.
  CACHE_PURGE_URL: optional(httpUrl),
  CACHE_PURGE_SECRET: optional(webhookSecretSchema),
  FASTLY_SERVICE_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,64}$/, { message: 'must be the service id (letters and digits)' }),
  ),
  FASTLY_API_TOKEN: optional(token),
  FASTLY_API_URL: withDefault(httpUrl, 'https://api.fastly.com'),
  CLOUDFLARE_ZONE_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,64}$/, { message: 'must be the zone id (letters and digits)' }),
  ),
  CLOUDFLARE_API_TOKEN: optional(token),
  CLOUDFLARE_API_URL: withDefault(httpUrl, 'https://api.cloudflare.com'),
} satisfies z.ZodRawShape

/** Variables that go in pairs: setting one without the other is a startup error. */
export const cdnEnvPairs = [
  ['CACHE_PURGE_URL', 'CACHE_PURGE_SECRET'],
  ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
  ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
] as const
