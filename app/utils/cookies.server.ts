/**
 * Every cookie the site sets, defined once: its flags, lifetime and signing,
 * with SESSION_SECRET read here, and the one parser for any cookie the
 * server reads (ours and the marketing tags').
 *
 * All of ours are for the whole site (Path=/) and SameSite=Lax, and Secure
 * when SITE_URL is https or the request came over HTTPS:
 *
 * | cookie          | value                              | httpOnly | lifetime         | signed |
 * |-----------------|------------------------------------|----------|------------------|--------|
 * | `lead_origin`   | the first touch (Remix's encoding) | yes      | browsing session | yes    |
 * | `admin_sessao`  | the session token, as is           | yes      | eight hours      | no     |
 * | `admin_dispositivo` | a device an admin signed in on (Remix's encoding) | yes | 90 days | yes |
 * | `consentimento` | `aceito` or `recusado`, as is      | no       | six months       | no     |
 * | `lead_receipt`  | URL-encoded JSON, as is            | no       | two minutes      | no     |
 * | `pre_visualizacao` | an editor's preview (Remix's encoding) | yes   | one hour         | yes    |
 * | `lead_conversa` | the WhatsApp handoff (Remix's encoding) | yes    | one hour         | yes    |
 * | `lead_agenda`   | who may book without typing again (Remix's encoding) | yes | a day   | yes    |
 * | `admin_aviso`   | an admin's one-time message (Remix's encoding) | yes | one minute       | yes    |
 *
 * Remix's createCookie writes every value as base64 JSON (signed when it has
 * secrets), which the origin, admin device, preview, WhatsApp handoff, booking visitor and admin message cookies use. The other three keep their
 * value exactly as it travels, since visitors already hold them and the
 * browser's code reads two of them; they are Remix `Cookie`s too, built on
 * the same `cookie` package Remix uses. Reading any of them never throws: a
 * malformed or tampered value reads as absent.
 *
 *   const setCookie = await serializeSiteCookie(request, 'consent', 'aceito')
 *   const choice = await readSiteCookie(request, 'consent') // 'aceito', or null
 *   const fbp = readCookie(request, '_fbp')
 */
import { createCookie, type Cookie, type CookieOptions } from '@remix-run/node'
import { parse, serialize } from 'cookie'
import {
  ADMIN_DEVICE_COOKIE,
  BOOKING_VISITOR_COOKIE,
  ADMIN_FLASH_COOKIE,
  ADMIN_SESSION_COOKIE,
  CONSENT_COOKIE,
  CONSENT_DENIED,
  CONSENT_GRANTED,
  LEAD_RECEIPT_COOKIE,
  ORIGIN_COOKIE,
  PREVIEW_COOKIE,
  WHATSAPP_HANDOFF_COOKIE,
  type ConsentChoice,
} from './cookie-names'
import { getEnv, type Env } from './env.server'
import { isSecureRequest } from './http.server'

/** An admin's session: eight hours (its row in admin_sessions ends at the same time). */
export const ADMIN_SESSION_MAX_AGE_SECONDS = 8 * 60 * 60
/** A device an admin signed in on: 90 days from the last sign-in on it (its value holds the same end, checked on the server). */
export const ADMIN_DEVICE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60
/** How long a cookie choice holds before the banner asks again: six months. */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60
/** A lead receipt lives long enough for the page after the post to read it. */
export const LEAD_RECEIPT_MAX_AGE_SECONDS = 120
/** An editor's preview: an hour, then the Studio opens a new one (its value holds the same end, checked on the server). */
export const PREVIEW_MAX_AGE_SECONDS = 60 * 60
/** The WhatsApp handoff after a lead: an hour to tap 'Falar agora pelo WhatsApp'. */
export const WHATSAPP_HANDOFF_MAX_AGE_SECONDS = 60 * 60
/** Who just sent a lead may book the strategy session for a day without typing again. */
export const BOOKING_VISITOR_MAX_AGE_SECONDS = 24 * 60 * 60

/** An admin's one-time message lives from the action's redirect to the page it loads. */
export const ADMIN_FLASH_MAX_AGE_SECONDS = 60

type CookieDefinition = { name: string; httpOnly: boolean; signed: boolean; maxAge?: number }

const definitions = {
  // No Max-Age: the first touch ends with the browsing session.
  origin: { name: ORIGIN_COOKIE, httpOnly: true, signed: true },
  // Path=/ rather than /admin: Remix's data requests for /admin are /admin.data, outside an /admin path.
  adminSession: { name: ADMIN_SESSION_COOKIE, httpOnly: true, signed: false, maxAge: ADMIN_SESSION_MAX_AGE_SECONDS },
  adminDevice: { name: ADMIN_DEVICE_COOKIE, httpOnly: true, signed: true, maxAge: ADMIN_DEVICE_MAX_AGE_SECONDS },
  consent: { name: CONSENT_COOKIE, httpOnly: false, signed: false, maxAge: CONSENT_MAX_AGE_SECONDS },
  leadReceipt: { name: LEAD_RECEIPT_COOKIE, httpOnly: false, signed: false, maxAge: LEAD_RECEIPT_MAX_AGE_SECONDS },
  preview: { name: PREVIEW_COOKIE, httpOnly: true, signed: true, maxAge: PREVIEW_MAX_AGE_SECONDS },
  whatsappHandoff: { name: WHATSAPP_HANDOFF_COOKIE, httpOnly: true, signed: true, maxAge: WHATSAPP_HANDOFF_MAX_AGE_SECONDS },
  bookingVisitor: { name: BOOKING_VISITOR_COOKIE, httpOnly: true, signed: true, maxAge: BOOKING_VISITOR_MAX_AGE_SECONDS },
  adminFlash: { name: ADMIN_FLASH_COOKIE, httpOnly: true, signed: true, maxAge: ADMIN_FLASH_MAX_AGE_SECONDS },
} as const satisfies Record<string, CookieDefinition>

export type SiteCookie = keyof typeof definitions

/** What the cookies depend on: the secrets that sign and the site's address (https makes them Secure). */
type CookieEnv = Pick<Env, 'SESSION_SECRET' | 'SITE_URL'>

/** SESSION_SECRET, comma-separated: the first signs, all verify (rotate by prepending a new one). It signs the form timers too. */
export function sessionSecrets(env: Pick<Env, 'SESSION_SECRET'> = getEnv()): string[] {
  return env.SESSION_SECRET.split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
}

/**
 * A cookie's options: the whole site, SameSite=Lax, Secure when SITE_URL is
 * https (and, per response, when the request came over HTTPS:
 * serializeSiteCookie), with the secrets when it is signed.
 */
export function siteCookieOptions(cookie: SiteCookie, env: CookieEnv = getEnv()): CookieOptions {
  const definition: CookieDefinition = definitions[cookie]
  return {
    path: '/',
    httpOnly: definition.httpOnly,
    sameSite: 'lax',
    secure: env.SITE_URL.startsWith('https://'),
    ...(definition.maxAge === undefined ? {} : { maxAge: definition.maxAge }),
    ...(definition.signed ? { secrets: sessionSecrets(env) } : {}),
  }
}

const asIs = (value: string) => value

/**
 * A Remix `Cookie` whose value is written and read exactly as it travels (no
 * JSON, no base64): for values the browser's code reads or visitors already
 * hold. `serialize` refuses characters a cookie value cannot carry.
 */
function plainCookie(name: string, options: CookieOptions): Cookie {
  return {
    name,
    isSigned: false,
    get expires() {
      return options.maxAge === undefined ? options.expires : new Date(Date.now() + options.maxAge * 1000)
    },
    async parse(cookieHeader) {
      return cookieHeader ? (parse(cookieHeader, { decode: asIs })[name] ?? null) : null
    },
    async serialize(value: string, serializeOptions) {
      return serialize(name, value, { ...options, ...serializeOptions, encode: asIs })
    },
  }
}

let built: { key: string; cookies: Record<SiteCookie, Cookie> } | undefined

/** The Remix cookie for one of ours, built once per set of secrets and site address (tests change them). */
export function siteCookie(cookie: SiteCookie, env: CookieEnv = getEnv()): Cookie {
  const key = JSON.stringify([env.SESSION_SECRET, env.SITE_URL])
  if (built?.key !== key) {
    const make = (name: SiteCookie) => {
      const options = siteCookieOptions(name, env)
      return definitions[name].signed ? createCookie(definitions[name].name, options) : plainCookie(definitions[name].name, options)
    }
    built = {
      key,
      cookies: {
        origin: make('origin'),
        adminSession: make('adminSession'),
        adminDevice: make('adminDevice'),
        consent: make('consent'),
        leadReceipt: make('leadReceipt'),
        preview: make('preview'),
        whatsappHandoff: make('whatsappHandoff'),
        bookingVisitor: make('bookingVisitor'),
        adminFlash: make('adminFlash'),
      },
    }
  }
  return built.cookies[cookie]
}

/**
 * The value of one of our cookies in the request: a string for the plain
 * ones, what was serialized for a signed one; null when absent, empty,
 * malformed or tampered (never an error). The caller still checks its shape.
 */
export async function readSiteCookie(request: Request, cookie: SiteCookie, env: CookieEnv = getEnv()): Promise<unknown> {
  // Remix's parse answers null for a bad signature and {} for a signed value that is not JSON; it does not throw.
  const value: unknown = await siteCookie(cookie, env).parse(request.headers.get('Cookie'))
  // An empty value is how a deleted cookie reads.
  return value === '' ? null : value
}

/** The `Set-Cookie` for one of our cookies, Secure when the request came over HTTPS or SITE_URL is https. */
export function serializeSiteCookie(request: Request, cookie: SiteCookie, value: unknown, env: CookieEnv = getEnv()): Promise<string> {
  return siteCookie(cookie, env).serialize(value, { secure: isSecureRequest(request, env.SITE_URL) })
}

/** The `Set-Cookie` that deletes one of our cookies (empty, Max-Age=0). */
export function clearSiteCookie(request: Request, cookie: SiteCookie, env: CookieEnv = getEnv()): Promise<string> {
  return siteCookie(cookie, env).serialize('', { secure: isSecureRequest(request, env.SITE_URL), maxAge: 0 })
}

/**
 * The message an action left for the next page (post/redirect/get), read
 * once by the page it is for: its value when it has that page's shape (null
 * when none, another page's, expired or tampered) and the Set-Cookie that
 * deletes it, for the loader's answer. Another page's message is left for it.
 */
export async function takeFlash<Value>(
  request: Request,
  shape: { safeParse(value: unknown): { success: true; data: Value } | { success: false } },
): Promise<{ value: Value | null; setCookie: string | null }> {
  const parsed = shape.safeParse(await readSiteCookie(request, 'adminFlash'))
  if (!parsed.success) return { value: null, setCookie: null }
  return { value: parsed.data, setCookie: await clearSiteCookie(request, 'adminFlash') }
}

/**
 * Any cookie the request carries, by name (the marketing tags' `_fbc`,
 * `_fbp`, `_ga`), URL-decoded when it decodes; null when absent.
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('Cookie')
  return header ? (parse(header)[name] ?? null) : null
}

/** The visitor's cookie choice in the request; null when they have not chosen (only private answers may depend on it, ADR 034). */
export async function consentOf(request: Request): Promise<ConsentChoice | null> {
  const value = await readSiteCookie(request, 'consent')
  return value === CONSENT_GRANTED || value === CONSENT_DENIED ? value : null
}

/** Whether the visitor accepted marketing cookies: what reading `_fbp`/`_ga` and sending conversions need. */
export const hasConsent = async (request: Request) => (await consentOf(request)) === CONSENT_GRANTED
