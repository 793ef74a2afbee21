/**
 * Building blocks of the environment schema (app/utils/env.server.ts and each
 * domain's part of it), so "unset" and "default" mean the same everywhere.
 */
import { z } from 'zod'

/** An empty string in .env means "not set". */
export const unsetWhenEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/**
 * What the README's table of variables and .env.example say of a variable
 * (both made from these by `npm run docs:env`, scripts/lib/env-docs.ts): one
 * source, beside the rule that checks it.
 */
export type EnvDoc = {
  /** What it does, in a sentence or three (Markdown: `code` only, no links). */
  purpose: string
  /** The table's "Default" cell, when the schema's own default is not the whole story. */
  default?: string
  /** A value to show in .env.example (default: the default, or empty). */
  example?: string
}
export const envDocs = z.registry<EnvDoc>()

/** A variable's rule with its documentation: every variable of the schema has one. */
export function documented<T extends z.ZodType>(schema: T, doc: EnvDoc): T {
  envDocs.add(schema, doc)
  return schema
}

/** A variable that may be unset (or empty). */
export const optional = <T extends z.ZodType>(schema: T, doc: EnvDoc) =>
  documented(z.preprocess(unsetWhenEmpty, schema.optional()), { default: 'unset', ...doc })

/**
 * A variable with a default for when it is unset or empty. The default is
 * written as it would be in .env and goes through the schema like a value
 * that was set, so it is validated and transformed the same way (zod's prefault).
 */
export const withDefault = <T extends z.ZodType>(schema: T, fallback: string | number, doc: EnvDoc) =>
  documented(z.preprocess(unsetWhenEmpty, schema.prefault(fallback as never)), { default: `\`${fallback}\``, example: String(fallback), ...doc })

const ORIGIN_MESSAGE =
  "must be the site's origin: http:// or https://, the host and an optional port, with no path, query, fragment, user or password (such as https://www.example.com.br)"

/**
 * An http(s) origin (SITE_URL): canonical links, the sitemap, e-mails and cookies' `Secure` are built on it, so
 * `javascript:`, a path or credentials are refused at startup. Read back as the URL's origin (host lower-cased,
 * default port and trailing slash dropped).
 */
export const httpOrigin = z
  .string()
  .trim()
  .transform((value, ctx) => {
    let url: URL | undefined
    try {
      url = new URL(value)
    } catch {
      url = undefined
    }
    const isOrigin =
      url !== undefined &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      !/[?#@]/.test(value)
    if (!isOrigin) {
      ctx.addIssue({ code: 'custom', message: ORIGIN_MESSAGE })
      return z.NEVER
    }
    return url!.origin
  })
