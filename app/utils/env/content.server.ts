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
  SANITY_PROJECT_ID: optional(projectId, {
    purpose: 'The Sanity project the site reads and the Studio edits',
    default: 'unset: the seed dataset in `studio/seed/`',
    example: 'abc123xy',
  }),
  SANITY_DATASET: withDefault(dataset, 'production', { purpose: 'Dataset name' }),
  SANITY_API_VERSION: withDefault(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date such as 2025-02-19' })
      // ISO dates compare as text. The queries and draft preview's `drafts` perspective need this version or a later one.
      .refine((version) => version >= SANITY_API_VERSION, { message: `must be ${SANITY_API_VERSION} or later (draft preview's perspectives)` }),
    SANITY_API_VERSION,
    { purpose: 'Sanity API version of the queries (this one or later)' },
  ),
  SANITY_READ_TOKEN: optional(z.string().trim(), {
    purpose:
      "A **Viewer** token, held by the server only: draft preview needs it (it checks the Studio's preview secrets and reads drafts, ADR 037); so does a private dataset",
  }),
  SEED_PREVIEW: optional(booleanFlag, {
    purpose: 'With no project, `GET /api/preview-mode/seed` turns draft preview on over `studio/seed/drafts/` (ADR 037). Ignored with `SANITY_PROJECT_ID`',
    default: '`true` in development',
  }),
  SANITY_API_HOST: optional(z.url({ message: 'must be an absolute URL such as https://api.example.com' }), {
    purpose: "Another address for Sanity's API (a proxy; the tests' stand-in of the Content Lake)",
    default: "unset: the project's host",
  }),
  SANITY_USE_CDN: withDefault(booleanFlag, 'true', {
    purpose: "Published content through Sanity's API CDN; `false` reads the live API (a preview always does)",
  }),
  SANITY_WEBHOOK_SECRET: optional(z.string().trim().min(16, { message: 'must be at least 16 characters' }), {
    purpose:
      'Secret of the publish webhook (POST `/api/content/revalidate`); unset, the endpoint is off. A publish reaches every instance and purges the CDN (ADR 042)',
  }),
  SANITY_STUDIO_PROJECT_ID: optional(projectId, {
    purpose: 'Only if `/studio` edits another project than the site reads',
    default: '`SANITY_PROJECT_ID`',
  }),
  SANITY_STUDIO_DATASET: optional(dataset, { purpose: 'Only if `/studio` edits another dataset', default: '`SANITY_DATASET`' }),
  CONTENT_CACHE_TTL_SECONDS: withDefault(z.coerce.number().int().min(0).max(86_400), 60, {
    purpose: 'How long Sanity results stay in memory (0 turns the cache off), and how long the page cache keeps a page',
  }),
} satisfies z.ZodRawShape
