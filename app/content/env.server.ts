import { z } from 'zod'

/** An empty string in .env means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

/**
 * Environment variables owned by the content source (Sanity or the local seed).
 * Composed into the one schema in `~/utils/env.server.ts`, parsed once at startup.
 * With no SANITY_PROJECT_ID the site reads the seed dataset in studio/seed/.
 */
export const contentEnvShape = {
  SANITY_PROJECT_ID: optional(z.string().trim().regex(/^[a-z0-9-]+$/, { message: 'must be a Sanity project id (lowercase letters, digits)' })),
  SANITY_DATASET: z.string().trim().regex(/^[a-z0-9_-]+$/, { message: 'must be a dataset name' }).default('production'),
  SANITY_API_VERSION: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date such as 2025-02-19' }).default('2025-02-19'),
  SANITY_READ_TOKEN: optional(z.string().trim()),
  SANITY_WEBHOOK_SECRET: optional(z.string().trim().min(16, { message: 'must be at least 16 characters' })),
  CONTENT_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
} satisfies z.ZodRawShape
