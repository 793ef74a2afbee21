/**
 * Abuse controls on the public lead forms (issue 4 item 13):
 * - a honeypot field people never see and bots fill in;
 * - a time trap: the loader renders a timestamp signed for its form; a post
 *   without one, with a forged one, or sent back faster than LEAD_MIN_FILL_MS
 *   is a bot; one older than a day gets the form back with a fresh one;
 * - a per-client-address, per-form rate limit (sliding 60-second window).
 * Bots get a quiet success and no row, so they learn nothing.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getEnv } from '~/env.server'
import { sessionSecrets } from '~/utils/session-cookies.server'
import { getDatabase } from '../../db/client'
import { LEAD_HIDDEN_FIELDS } from './lead-forms'
import { DatabaseRateLimiter, memoryRateLimiter, type RateLimiter } from './rate-limit.server'

function signature(form: string, issued: string, nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(`lead-timer:${form}:${issued}:${nonce}`).digest('base64url')
}

const TIMER_PATTERN = /^(\d{1,16})\.([\w-]{12})\.([\w-]{43})$/

/**
 * How long a rendered form stays valid. Pages with a lead form are never
 * cached (private, no-store), so a timer is as old as the tab that shows it:
 * a day covers a form left open overnight. An older one is not a bot's: the
 * visitor gets the form back with a message and a fresh timer (ADR 021).
 */
export const FORM_TIMER_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * The time-trap value a loader renders into one form: `<ms>.<nonce>.<hmac>`,
 * signed for that form. The random nonce makes every rendered form unique: a
 * lead is stored once per nonce (formTimerNonce, leads.submission_key).
 */
export function createFormTimer(form: string, now: number = Date.now(), secrets: string[] = sessionSecrets()): string {
  const [secret] = secrets
  if (!secret) throw new Error('SESSION_SECRET is empty')
  const issued = String(now)
  const nonce = randomBytes(9).toString('base64url')
  return `${issued}.${nonce}.${signature(form, issued, nonce, secret)}`
}

/** The nonce of a timer (call after checkFormTimer said it is valid): the lead's submission key. */
export function formTimerNonce(value: FormDataEntryValue | null): string | null {
  return typeof value === 'string' ? (TIMER_PATTERN.exec(value)?.[2] ?? null) : null
}

export type FormTimerCheck = 'ok' | 'missing' | 'invalid' | 'too_fast' | 'expired'

export type FormTimerOptions = { minFillMs?: number; maxAgeMs?: number; now?: number; secrets?: string[] }

/**
 * Reads a posted timer for `form`: any of the secrets may have signed it
 * (rotation); a timer signed for another form is invalid.
 */
export function checkFormTimer(value: FormDataEntryValue | null, form: string, options: FormTimerOptions = {}): FormTimerCheck {
  if (typeof value !== 'string' || value === '') return 'missing'
  const match = TIMER_PATTERN.exec(value)
  if (!match) return 'invalid'
  const [, issued = '', nonce = '', mac = ''] = match
  const secrets = options.secrets ?? sessionSecrets()
  const received = Buffer.from(mac)
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(signature(form, issued, nonce, secret))
    return expected.length === received.length && timingSafeEqual(expected, received)
  })
  if (!valid) return 'invalid'
  const now = options.now ?? Date.now()
  const age = now - Number(issued)
  if (age > (options.maxAgeMs ?? FORM_TIMER_MAX_AGE_MS)) return 'expired'
  return age < (options.minFillMs ?? getEnv().LEAD_MIN_FILL_MS) ? 'too_fast' : 'ok'
}

export type BotSignal = 'honeypot' | 'timer_invalid' | 'too_fast'

/**
 * Why this post looks automated, or null, from the honeypot and the timer's
 * check (checkFormTimer). A timer signed for another form, or forged, did not
 * come from our page. A missing or expired timer is not proof of a bot (a
 * page served without it, a tab left open): the caller gives the form back
 * with a fresh timer and stores nothing (ADR 021).
 */
export function detectBot(formData: FormData, timer: FormTimerCheck): BotSignal | null {
  const honeypot = formData.get(LEAD_HIDDEN_FIELDS.honeypot)
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== null) return 'honeypot'
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

type LimiterGlobal = typeof globalThis & { __leadMemoryLimiter?: SlidingWindowRateLimiter; __leadRateLimiter?: RateLimiter }
const holder = globalThis as LimiterGlobal

/** The in-memory limiter of this process (the embedded default; tests reset it). */
export function memoryLeadLimiter(): SlidingWindowRateLimiter {
  holder.__leadMemoryLimiter ??= new SlidingWindowRateLimiter(() => getEnv().LEAD_RATE_LIMIT_PER_MINUTE)
  return holder.__leadMemoryLimiter
}

/**
 * The lead-post limiter (LEAD_RATE_LIMIT_PER_MINUTE per address per form):
 * counted in PostgreSQL when DATABASE_URL is set, so every instance shares
 * it; in this process's memory with the embedded database.
 */
export function leadRateLimiter(): RateLimiter {
  if (!holder.__leadRateLimiter) {
    const env = getEnv()
    holder.__leadRateLimiter = env.DATABASE_URL
      ? new DatabaseRateLimiter(getDatabase(env).db, () => getEnv().LEAD_RATE_LIMIT_PER_MINUTE)
      : memoryRateLimiter(memoryLeadLimiter())
  }
  return holder.__leadRateLimiter
}

/** Forget the chosen limiter (tests switching databases). */
export function resetLeadRateLimiter() {
  holder.__leadMemoryLimiter?.reset()
  holder.__leadRateLimiter = undefined
}

/** The limiter key: one bucket per form per client address. */
export function rateLimitKey(form: string, clientIp: string): string {
  return `${form}|${clientIp}`
}
