/**
 * Abuse controls on the public lead forms (ADR 020, ADR 021):
 * - a honeypot field people never see and bots fill in;
 * - a time trap: the loader renders a timestamp signed for its form; a post
 *   without one, with a forged one, or sent back faster than LEAD_MIN_FILL_MS
 *   is a bot; one older than a day gets the form back with a fresh one;
 * - a per-client-address, per-form rate limit (sliding 60-second window),
 *   in ./rate-limit.server.ts.
 * Bots get a quiet success and no lead, so they learn nothing; a post with
 * valid fields waits in the spam folder for an admin (ADR 039).
 */
import { createHash, randomBytes } from 'node:crypto'
import { getEnv } from '~/utils/env.server'
import { CMS_PAGE_MAX_SERVED_AGE_MS } from '~/utils/http.server'
import { signParts, verifyParts } from '~/utils/signed-value.server'
import { FORM_TIMER_SHAPE, LEAD_HIDDEN_FIELDS, type LeadFormKey } from './lead-forms'

/** What a form's timer signs (signParts): its purpose, the form, when it was issued and its nonce. */
const timerParts = (form: string, issued: string, nonce: string) => ['lead-timer', form, issued, nonce]

const TIMER_PATTERN = new RegExp(`^${FORM_TIMER_SHAPE.source}$`)

/** How long a visitor may keep a form open in a tab before sending it: a day covers one left open overnight. */
export const FORM_OPEN_TAB_MS = 24 * 60 * 60 * 1000

/**
 * How long a rendered form stays valid. Pages with a lead form are cacheable
 * (a CDN may serve a copy for s-maxage plus stale-while-revalidate after we
 * rendered it), so a timer may be that old when a visitor opens the page,
 * and then the tab stays open: both together, about two days. An older one
 * is not a bot's: the visitor gets the form back with a message and a fresh
 * timer (ADR 021, ADR 029).
 */
export const FORM_TIMER_MAX_AGE_MS = CMS_PAGE_MAX_SERVED_AGE_MS + FORM_OPEN_TAB_MS

/**
 * The time-trap value a loader renders into one form: `<ms>.<nonce>.<hmac>`,
 * signed for that form. A cached page hands the same timer to everyone who
 * gets that copy; the nonce tells renders apart, and with what was sent it
 * makes the lead's submission key (submissionKey).
 */
export function createFormTimer(form: string, now: number = Date.now(), secrets?: string[]): string {
  const issued = String(now)
  const nonce = randomBytes(9).toString('base64url')
  return `${issued}.${nonce}.${signParts(timerParts(form, issued, nonce), secrets)}`
}

/** The nonce of a timer (call after checkFormTimer said it is valid). */
export function formTimerNonce(value: FormDataEntryValue | null): string | null {
  return typeof value === 'string' ? (TIMER_PATTERN.exec(value)?.[2] ?? null) : null
}

/**
 * One lead per submission (leads.submission_key): what was sent, hashed. The
 * form, the timer's nonce (the render it was sent from) and every field the
 * form's schema parsed, normalised: text in NFC, trimmed, each run of
 * whitespace one space (a textarea's CRLF included), the e-mail in lower case,
 * empty fields left out. The same post sent again (a double click, a browser
 * re-posting the body with JavaScript off, a retried fetch, a resend after a
 * crash) maps to the stored lead; a post with any field different (another
 * message, another sender) from the same cached copy of a page is a lead of
 * its own (ADR 029). Null without a timer: such a post is never a lead.
 */
export function submissionKey(form: LeadFormKey, timer: FormDataEntryValue | null, fields: Readonly<Record<string, unknown>>): string | null {
  const nonce = formTimerNonce(timer)
  if (!nonce) return null
  return createHash('sha256')
    .update(JSON.stringify([form, nonce, normalisedFields(fields)]))
    .digest('base64url')
}

/** The fields by name (sorted, so the order they were posted in does not count), each normalised; empty ones left out. */
function normalisedFields(fields: Readonly<Record<string, unknown>>): Array<[string, unknown]> {
  return Object.keys(fields)
    .sort()
    .flatMap((name) => {
      const value = normalisedValue(name, fields[name])
      return value === undefined ? [] : [[name, value] as [string, unknown]]
    })
}

function normalisedValue(name: string, value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.normalize('NFC').replace(/\s+/g, ' ').trim()
    if (text === '') return undefined
    return name === 'email' ? text.toLowerCase() : text
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => normalisedValue(name, item)).filter((item) => item !== undefined)
    return items.length > 0 ? items : undefined
  }
  if (value === null || value === undefined) return undefined
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') return normalisedFields(value as Record<string, unknown>)
  return value
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
  if (!verifyParts(timerParts(form, issued, nonce), mac, options.secrets)) return 'invalid'
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
 * with a fresh timer and keeps the post in the spam folder (ADR 021, 039).
 */
export function detectBot(formData: FormData, timer: FormTimerCheck): BotSignal | null {
  const honeypot = formData.get(LEAD_HIDDEN_FIELDS.honeypot)
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== null) return 'honeypot'
  if (timer === 'invalid') return 'timer_invalid'
  if (timer === 'too_fast') return 'too_fast'
  return null
}
