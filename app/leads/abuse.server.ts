/**
 * Abuse controls on the public lead forms (issue 4 item 13):
 * - a honeypot field people never see and bots fill in;
 * - a time trap: the loader renders a timestamp signed for its form; a post
 *   without one, with a forged one, or sent back faster than LEAD_MIN_FILL_MS
 *   is a bot; one older than a day gets the form back with a fresh one;
 * - a per-client-address, per-form rate limit (sliding 60-second window),
 *   in ./rate-limit.server.ts.
 * Bots get a quiet success and no row, so they learn nothing.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getEnv } from '~/env.server'
import { sessionSecrets } from '~/utils/session-cookies.server'
import { LEAD_HIDDEN_FIELDS } from './lead-forms'

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
