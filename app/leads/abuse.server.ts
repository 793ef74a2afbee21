/**
 * Abuse controls on the public lead forms (issue 4 item 13):
 * - a honeypot field people never see and bots fill in;
 * - a time trap: the loader renders a signed timestamp, and a form sent back
 *   faster than LEAD_MIN_FILL_MS (or with a forged timestamp) is a bot;
 * - a per-client-address, per-form rate limit (sliding 60-second window).
 * Bots get a quiet success and no row, so they learn nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv } from '~/utils/env.server'
import { LEAD_HIDDEN_FIELDS } from './lead-forms'

function currentSecrets(): string[] {
  return getEnv()
    .SESSION_SECRET.split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
}

function signature(value: string, secret: string): string {
  return createHmac('sha256', secret).update(`lead-timer:${value}`).digest('base64url')
}

/** The time-trap value a loader renders into the form: `<ms>.<hmac>`. */
export function createFormTimer(now: number = Date.now(), secrets: string[] = currentSecrets()): string {
  const [secret] = secrets
  if (!secret) throw new Error('SESSION_SECRET is empty')
  const issued = String(now)
  return `${issued}.${signature(issued, secret)}`
}

export type FormTimerCheck = 'ok' | 'missing' | 'invalid' | 'too_fast'

/** Reads a posted timer: any of the secrets may have signed it (rotation). */
export function checkFormTimer(
  value: FormDataEntryValue | null,
  options: { minFillMs?: number; now?: number; secrets?: string[] } = {},
): FormTimerCheck {
  if (typeof value !== 'string' || value === '') return 'missing'
  const match = /^(\d{1,16})\.([\w-]{43})$/.exec(value)
  if (!match) return 'invalid'
  const [, issued = '', mac = ''] = match
  const secrets = options.secrets ?? currentSecrets()
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(signature(issued, secret))
    const received = Buffer.from(mac)
    return expected.length === received.length && timingSafeEqual(expected, received)
  })
  if (!valid) return 'invalid'
  const now = options.now ?? Date.now()
  const minFillMs = options.minFillMs ?? getEnv().LEAD_MIN_FILL_MS
  return now - Number(issued) < minFillMs ? 'too_fast' : 'ok'
}

export type BotSignal = 'honeypot' | 'timer_invalid' | 'too_fast'

/**
 * Why this post looks automated, or null. A missing timer is let through (and
 * logged by the caller): dropping a real visitor's lead because a page forgot
 * the field would be worse than one bot row.
 */
export function detectBot(
  formData: FormData,
  options: { minFillMs?: number; now?: number; secrets?: string[] } = {},
): BotSignal | null {
  const honeypot = formData.get(LEAD_HIDDEN_FIELDS.honeypot)
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== null) return 'honeypot'
  const timer = checkFormTimer(formData.get(LEAD_HIDDEN_FIELDS.timer), options)
  if (timer === 'invalid') return 'timer_invalid'
  if (timer === 'too_fast') return 'too_fast'
  return null
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Sliding-window log: at most `limit` hits per key in any `windowMs`. In
 * memory, per process (one instance, or sticky routing). Old keys are swept
 * as the map grows, so it cannot grow without bound.
 */
export class SlidingWindowRateLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly limit: () => number,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 50_000,
  ) {}

  hit(key: string, now: number = Date.now()): RateLimitDecision {
    const since = now - this.windowMs
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since)
    if (recent.length >= this.limit()) {
      this.hits.set(key, recent)
      const oldest = recent[0] ?? now
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) }
    }
    recent.push(now)
    this.hits.set(key, recent)
    if (this.hits.size > this.maxKeys) this.sweep(now)
    return { allowed: true }
  }

  /** Drops keys with no hit inside the window (and the oldest keys if still too many). */
  sweep(now: number = Date.now()): void {
    const since = now - this.windowMs
    for (const [key, times] of this.hits) {
      if (!times.some((time) => time > since)) this.hits.delete(key)
    }
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break
      this.hits.delete(key)
    }
  }

  reset(): void {
    this.hits.clear()
  }
}

type LimiterGlobal = typeof globalThis & { __leadRateLimiter?: SlidingWindowRateLimiter }
const holder = globalThis as LimiterGlobal

/** The process-wide lead-post limiter (LEAD_RATE_LIMIT_PER_MINUTE per address per form). */
export function leadRateLimiter(): SlidingWindowRateLimiter {
  holder.__leadRateLimiter ??= new SlidingWindowRateLimiter(() => getEnv().LEAD_RATE_LIMIT_PER_MINUTE)
  return holder.__leadRateLimiter
}

/** The limiter key: one bucket per form per client address. */
export function rateLimitKey(form: string, clientIp: string): string {
  return `${form}|${clientIp}`
}
