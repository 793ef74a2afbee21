import { z } from 'zod'
import { analyticsEnvShape } from './env/analytics.server'
import { calendarEnvNames, calendarEnvShape } from './env/booking.server'
import { cdnEnvPairs, cdnEnvShape } from './env/cdn.server'
import { contentEnvShape } from './env/content.server'
import { documented, httpOrigin, optional, unsetWhenEmpty, withDefault } from './env/fields'
import { crmEnvShape, leadsEnvShape, salesAlertEnvNames } from './env/leads.server'
import { logJson } from './log.server'
import { persistedSessionSecret } from './session-secret.server'

/**
 * The environment, parsed once at startup. Every variable has a default that
 * works on a fresh machine with no accounts, so `npm run dev` needs no `.env`.
 * A bad value stops the server with a message naming the variable.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): boolean | number | string => {
    if (value === 'false' || value === '') return false
    if (value === 'true') return true
    if (/^\d+$/.test(value)) return Number(value)
    // Express accepts names (loopback, linklocal, uniquelocal) and IPs/CIDRs, comma-separated.
    if (/^[\w.:/,\s-]+$/.test(value)) return value
    ctx.addIssue({ code: 'custom', message: 'use false, true, a hop count, loopback or a list of addresses' })
    return z.NEVER
  })

/** Signs the origin cookie and the lead forms' timers. Known to everyone: development and tests only. */
export const DEVELOPMENT_SESSION_SECRET = 'desenvolvimento-apenas-troque-em-producao'

/** The server's own variables; each domain brings its part (app/utils/env/). */
export const serverEnvShape = {
  NODE_ENV: documented(z.enum(['development', 'production', 'test']).default('development'), {
    purpose: '`development`, `production` or `test`',
    default: '`development` (`npm start` sets `production`)',
    example: 'development',
  }),
  PORT: documented(z.coerce.number().int().min(1).max(65535).default(3000), { purpose: 'Port the server listens on', default: '`3000`', example: '3000' }),
  // Required in production (below); in development it is the address the server listens on.
  SITE_URL: optional(httpOrigin, {
    purpose:
      "Public address, an http(s) origin only (no path, query or user and password; a trailing slash is dropped): canonical URLs, Open Graph, `/sitemap.xml`, `/robots.txt`, e-mails, the first admin's setup link",
    default: 'development: `http://localhost:$PORT`; **required in production**',
    example: 'https://www.example.com.br',
  }),
  TRUST_PROXY: documented(trustProxy, {
    purpose:
      'Proxies trusted for client IP and https: `false`, `true`, a hop count, `loopback` or IPs/CIDRs. Set it behind a TLS-terminating proxy, or HSTS is never sent',
    default: '`false`',
    example: 'false',
  }),
  LOG_REQUESTS: documented(
    z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    {
      purpose: 'One JSON log line per request (query values dropped; every log line masks e-mails, tokens and passwords: ADR 050)',
      default: '`true`',
      example: 'true',
    },
  ),
  // Comma-separated: the first signs, all verify (rotate by prepending a new one).
  SESSION_SECRET: documented(z.preprocess(unsetWhenEmpty, z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional()), {
    purpose:
      "Signs the cookies (admin sessions, the origin cookie, preview) and the lead forms' time trap (16+ characters; comma-separated to rotate, the first signs). **Required in production with `DATABASE_URL`**: the same value on every instance (`openssl rand -hex 32`)",
    default: 'a known development value; in production with the embedded database, one generated on first start and kept in `DATA_DIR/session-secret`',
  }),
  POST_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(1_000_000), 60, {
    purpose:
      'Requests other than GET, HEAD and OPTIONS per client address in any minute, all routes together, refused ones included (429 with `Retry-After` beyond). Per instance, in memory: a coarse flood guard in front of the shared lead limit',
  }),
  PAGE_CACHE_MAX_MB: withDefault(z.coerce.number().min(0).max(4096), 32, {
    purpose:
      "Memory for the server's cache of public pages (production only; `0` turns it off). Plain page views are answered from it, gzipped, without rendering; the publish webhook empties it (ADR 029)",
  }),
} satisfies z.ZodRawShape

/** Every variable the server reads, in the order the README's table lists them. */
export const envShape = { ...serverEnvShape, ...leadsEnvShape, ...crmEnvShape, ...contentEnvShape, ...analyticsEnvShape, ...cdnEnvShape, ...calendarEnvShape }

export const envSchema = z
  .object(envShape)
  .superRefine((env, ctx) => {
    // Each conversion API and each CDN needs both halves of its credentials.
    for (const [id, secret] of [['GA4_MEASUREMENT_ID', 'GA4_API_SECRET'] as const, ['META_PIXEL_ID', 'META_ACCESS_TOKEN'] as const, ...cdnEnvPairs]) {
      if (Boolean(env[id]) !== Boolean(env[secret])) {
        const [missing, present] = env[id] ? [secret, id] : [id, secret]
        ctx.addIssue({ code: 'custom', path: [missing], message: `required when ${present} is set` })
      }
    }
    if (Boolean(env.HUBSPOT_PORTAL_ID) !== Boolean(env.HUBSPOT_FORM_GUID)) {
      const [missing, present] = env.HUBSPOT_PORTAL_ID ? ['HUBSPOT_FORM_GUID', 'HUBSPOT_PORTAL_ID'] : ['HUBSPOT_PORTAL_ID', 'HUBSPOT_FORM_GUID']
      ctx.addIssue({ code: 'custom', path: [missing], message: `required when ${present} is set` })
    }
    // Groups that work only whole: the sales e-mail, the calendar.
    for (const [names, what] of [
      [salesAlertEnvNames, 'the sales e-mail needs all three'],
      [calendarEnvNames, 'the calendar needs all three'],
    ] as const) {
      const set = names.filter((name) => env[name] !== undefined)
      if (set.length === 0 || set.length === names.length) continue
      for (const name of names.filter((name) => env[name] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `required when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set (${what})` })
      }
    }
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET?.split(',').includes(DEVELOPMENT_SESSION_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'the development default must never sign cookies in production' })
    }
    if (env.NODE_ENV === 'production' && !env.SITE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message:
          "required in production: the site's public address, such as https://www.example.com.br (canonical URLs, the sitemap, e-mails and the first admin's setup link use it)",
      })
    }
    // Instances on one PostgreSQL must verify each other's cookies and form timers: one secret for all.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'required with DATABASE_URL in production: set the same random value (openssl rand -hex 32) on every instance',
      })
    }
  })
  .transform((env) => ({ ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` }))
  // Unset in production: generated once and kept in DATA_DIR (session-secret.server.ts), so a
  // restart keeps verifying the forms and cookies the previous process signed.
  .transform((env) => {
    if (env.SESSION_SECRET) return { ...env, SESSION_SECRET: env.SESSION_SECRET, SESSION_SECRET_SOURCE: 'environment' as const }
    if (env.NODE_ENV !== 'production') {
      return { ...env, SESSION_SECRET: DEVELOPMENT_SESSION_SECRET, SESSION_SECRET_SOURCE: 'development' as const }
    }
    const { secret, file } = persistedSessionSecret(env.DATA_DIR)
    return { ...env, SESSION_SECRET: secret, SESSION_SECRET_SOURCE: file ? ('data-dir' as const) : ('process' as const) }
  })

export type Env = z.infer<typeof envSchema>

export type EnvProblem = { variable: string; problem: string }

/** Bad variables, each by its name and what is wrong with it; never its value (it may be a password or a token). */
export class EnvError extends Error {
  override name = 'EnvError'

  constructor(readonly problems: EnvProblem[]) {
    super(
      `Variáveis de ambiente inválidas / invalid environment variables:\n${problems.map(({ variable, problem }) => `  - ${variable}: ${problem}`).join('\n')}`,
    )
  }
}

/** Variables that were renamed: one still set would be ignored in silence, so it stops the start with its new name. */
export const RENAMED_ENV: Readonly<Record<string, keyof typeof envShape>> = {
  // Issue 43: they set every delivery target's timing, not the webhook's alone.
  WEBHOOK_TIMEOUT_MS: 'DELIVERY_TIMEOUT_MS',
  WEBHOOK_RETRY_SCHEDULE: 'DELIVERY_RETRY_SCHEDULE',
}

/** Parses a variables object; throws EnvError listing every bad variable by name. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const renamed = Object.entries(RENAMED_ENV)
    .filter(([old]) => source[old] !== undefined)
    .map(([old, current]) => ({ variable: old, problem: `renamed ${current}: set that one instead` }))
  const result = envSchema.safeParse(source)
  if (result.success && renamed.length === 0) return result.data
  const issues = result.success ? [] : result.error.issues
  throw new EnvError([...renamed, ...issues.map((issue) => ({ variable: issue.path.join('.') || '(environment)', problem: issue.message }))])
}

/**
 * `build` made once per parsed environment: settings read from the environment (targets, outside
 * services) are the same for every request, and the process parses its environment once (`getEnv`).
 * Keyed by the object, so a test that parses its own environment gets its own.
 */
export function oncePerEnv<T>(build: (env: Env) => T): (env: Env) => T {
  const made = new WeakMap<Env, T>()
  return (env) => {
    if (!made.has(env)) made.set(env, build(env))
    return made.get(env) as T
  }
}

let cached: Env | undefined

/** The process environment, parsed on first use and then cached. */
export function getEnv(): Env {
  if (!cached) {
    cached = parseEnv(process.env)
    if (cached.SESSION_SECRET_SOURCE === 'data-dir') {
      logJson({
        level: 'warn',
        msg: 'SESSION_SECRET is not set: using the one generated in DATA_DIR (set it when running several instances)',
        dataDir: cached.DATA_DIR,
      })
    } else if (cached.SESSION_SECRET_SOURCE === 'process') {
      logJson({
        level: 'warn',
        msg: 'SESSION_SECRET is not set and DATA_DIR cannot keep one: forms rendered before a restart will not verify. Set SESSION_SECRET.',
      })
    }
  }
  return cached
}

/** The only variables the browser may see. Never add a secret here. */
export function getPublicEnv(env: Env = getEnv()) {
  return { SITE_URL: env.SITE_URL, MODE: env.NODE_ENV, GTM_ID: env.GTM_ID ?? null, SUBSCRIPTION_PRODUCT_ID: env.SUBSCRIPTION_PRODUCT_ID ?? null }
}

export type PublicEnv = ReturnType<typeof getPublicEnv>
