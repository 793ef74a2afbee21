/**
 * Building blocks of the environment schema (app/utils/env.server.ts and each
 * domain's part of it), so "unset" and "default" mean the same everywhere.
 */
import { z } from 'zod'

/** An empty string in .env means "not set". */
export const unsetWhenEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/** A variable that may be unset (or empty). */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetWhenEmpty, schema.optional())

/**
 * A variable with a default for when it is unset or empty. The default is
 * written as it would be in .env and goes through the schema like a value
 * that was set, so it is validated and transformed the same way (zod's prefault).
 */
export const withDefault = <T extends z.ZodType>(schema: T, fallback: string | number) => z.preprocess(unsetWhenEmpty, schema.prefault(fallback as never))
