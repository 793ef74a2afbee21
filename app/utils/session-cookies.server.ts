/**
 * SESSION_SECRET, read one way everywhere: the secrets that sign the site's
 * cookies (the origin cookie) and the lead forms' timers,
 * and the options every signed cookie of ours shares.
 */
import type { CookieOptions } from '@remix-run/node'
import { getEnv, type Env } from '~/env.server'

/** Comma-separated in the environment: the first signs, all verify (rotate by prepending a new one). */
export function sessionSecrets(env: Pick<Env, 'SESSION_SECRET'> = getEnv()): string[] {
  return env.SESSION_SECRET.split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
}

/**
 * Signed, httpOnly, SameSite=Lax, for the whole site; Secure when SITE_URL is
 * https (and, per response, whenever the request came over HTTPS: pass
 * `secure: isSecureRequest(request)` when serializing).
 */
export function signedCookieOptions(env: Pick<Env, 'SESSION_SECRET' | 'SITE_URL'> = getEnv()): CookieOptions & { secrets: string[] } {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: env.SITE_URL.startsWith('https://'), secrets: sessionSecrets(env) }
}
