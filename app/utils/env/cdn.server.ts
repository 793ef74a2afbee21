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
  CACHE_PURGE_URL: optional(httpUrl, {
    purpose:
      'A purge endpoint of your own: each publish POSTs `{"tags": [...]}` to it, signed like the lead webhook. With `CACHE_PURGE_SECRET` (both or neither)',
    example: 'https://purge.example.com.br/tags',
  }),
  CACHE_PURGE_SECRET: optional(webhookSecretSchema, { purpose: 'The `whsec_…` secret that signs those purges' }),
  FASTLY_SERVICE_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,64}$/, { message: 'must be the service id (letters and digits)' }),
    { purpose: 'Purge Fastly by surrogate key on each publish. With `FASTLY_API_TOKEN` (both or neither)' },
  ),
  FASTLY_API_TOKEN: optional(token, { purpose: 'A Fastly API token with `purge_select`' }),
  FASTLY_API_URL: withDefault(httpUrl, 'https://api.fastly.com', { purpose: "Where Fastly's purges go (a proxy, or the tests' stand-in)" }),
  CLOUDFLARE_ZONE_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,64}$/, { message: 'must be the zone id (letters and digits)' }),
    { purpose: 'Purge Cloudflare by cache tag on each publish. With `CLOUDFLARE_API_TOKEN` (both or neither)' },
  ),
  CLOUDFLARE_API_TOKEN: optional(token, { purpose: 'A Cloudflare API token with *Cache Purge*' }),
  CLOUDFLARE_API_URL: withDefault(httpUrl, 'https://api.cloudflare.com', { purpose: "Where Cloudflare's purges go (a proxy, or the tests' stand-in)" }),
} satisfies z.ZodRawShape

/** Variables that go in pairs: setting one without the other is a startup error. */
export const cdnEnvPairs = [
  ['CACHE_PURGE_URL', 'CACHE_PURGE_SECRET'],
  ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
  ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
] as const
