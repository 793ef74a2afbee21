import { z } from 'zod'

/**
 * Environment variables owned by the lead pipeline (database, webhook, limits).
 * Composed into the one schema in `~/utils/env.server.ts`, parsed once at startup.
 */
export const leadsEnvShape = {} satisfies z.ZodRawShape
