import { z } from 'zod'
import { optional, withDefault } from './fields'
import { SANITY_API_VERSION } from './sanity-api-version'

const projectId = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]+$/, { message: 'must be a Sanity project id (lowercase letters, digits)' })
const dataset = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]+$/, { message: 'must be a dataset name (lowercase letters, digits, _ and -)' })
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true')

/**
 * Environment variables owned by the content source (Sanity or the local seed).
 * Composed into the one schema in `utils/env.server.ts`, parsed once at startup.
 * With no SANITY_PROJECT_ID the site reads the seed dataset in studio/seed/.
 * The write token of `npm run content:import` is read by that script only and
 * never by the server (scripts/content-import.ts).
 */
export const contentEnvShape = {
  /** The Sanity project the site reads. Unset: the seed dataset in studio/seed/. */
  SANITY_PROJECT_ID: optional(projectId),
  SANITY_DATASET: withDefault(dataset, 'production'),
  SANITY_API_VERSION: withDefault(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date such as 2025-02-19' })
      // ISO dates compare as text. The queries and draft preview's `drafts` perspective need this version or a later one.
      .refine((version) => version >= SANITY_API_VERSION, { message: `must be ${SANITY_API_VERSION} or later (draft preview's perspectives)` }),
    SANITY_API_VERSION,
  ),
  /**
   * A token with Viewer rights, held by the server only: needed for draft preview (ADR 037) and for
   * private datasets. Published content of a public dataset needs none.
   */
  SANITY_READ_TOKEN: optional(z.string().trim()),
  /**
   * Preview over the seed (no Sanity project): GET /api/preview-mode/seed turns it on, showing the drafts in
   * studio/seed/drafts/. Unset: on in development only. Ignored with SANITY_PROJECT_ID.
   */
  SEED_PREVIEW: optional(booleanFlag),
  /** Another address for Sanity's API (a proxy; tests point it at a local stand-in). Unset: the project's own host. */
  SANITY_API_HOST: optional(z.url({ message: 'must be an absolute URL such as https://api.example.com' })),
  /** Published content through Sanity's API CDN (true) or straight from the API (false). */
  SANITY_USE_CDN: withDefault(booleanFlag, 'true'),
  /** The secret of the GROQ-powered webhook that calls POST /api/content/revalidate on publish. */
  SANITY_WEBHOOK_SECRET: optional(z.string().trim().min(16, { message: 'must be at least 16 characters' })),
  /** The project and dataset the embedded Studio at /studio edits; default: SANITY_PROJECT_ID / SANITY_DATASET. */
  SANITY_STUDIO_PROJECT_ID: optional(projectId),
  SANITY_STUDIO_DATASET: optional(dataset),
  /** How long query results are kept in memory (Sanity mode); 0 turns the cache off. */
  CONTENT_CACHE_TTL_SECONDS: withDefault(z.coerce.number().int().min(0).max(86_400), 60),
} satisfies z.ZodRawShape
