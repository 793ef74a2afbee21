import { z } from 'zod'

/**
 * Environment variables owned by the content source (Sanity or the local seed).
 * Composed into the one schema in `~/utils/env.server.ts`, parsed once at startup.
 */
export const contentEnvShape = {} satisfies z.ZodRawShape
