/**
 * The server side of the cookie choice (ADR 031): the stylesheet that applies it without JavaScript,
 * and the post that records it (`/preferencias-de-cookies`, from the banner
 * or the preferences page), answered with a redirect back to the page the
 * visitor was on. Bounded like every form (readFormBody): two fields.
 */
import { redirect } from '@remix-run/node'
import { CONSENT_DENIED, CONSENT_GRANTED } from '~/utils/cookie-names'
import { consentOf, serializeSiteCookie } from '~/utils/cookies.server'
import { readFormBody } from '~/utils/form-body.server'
import { cacheControl } from '~/utils/http.server'
import { safeRedirect } from '~/utils/redirect.server'
import { CONSENT_BANNER_ID, CONSENT_FIELDS } from './consent'

export const CONSENT_INVALID_MESSAGE = 'Escolha Aceitar ou Recusar.'

export type ConsentPostResult = { ok: true; response: Response } | { ok: false; status: number; message: string; headers?: Record<string, string> }

/** Records the choice in a cookie and sends the visitor back where they were. */
export async function recordConsentChoice(request: Request): Promise<ConsentPostResult> {
  const body = await readFormBody(request, { fields: new Set(Object.values(CONSENT_FIELDS)) })
  if (!body.ok) return { ok: false, status: body.refusal.status, message: body.refusal.message, headers: body.refusal.headers }
  const choice = body.formData.get(CONSENT_FIELDS.choice)
  if (choice !== CONSENT_GRANTED && choice !== CONSENT_DENIED) return { ok: false, status: 400, message: CONSENT_INVALID_MESSAGE }
  const cookie = await serializeSiteCookie(request, 'consent', choice)
  return { ok: true, response: redirect(safeRedirect(body.formData.get(CONSENT_FIELDS.back)), { status: 303, headers: { 'Set-Cookie': cookie } }) }
}

/**
 * The choice applied without JavaScript (ADR 034): pages are the same for
 * every visitor, so the server cannot hide the banner in them; each links
 * this stylesheet inside `<noscript>`, and it hides the banner for a visitor
 * whose own cookie holds a choice. Private and never stored: it is that
 * visitor's. Browsers that run scripts never ask for it (the head script
 * reads the cookie instead).
 */
export async function consentStylesheet(request: Request): Promise<Response> {
  return new Response((await consentOf(request)) ? `#${CONSENT_BANNER_ID}{display:none}\n` : '', {
    headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': cacheControl.privateNoStore },
  })
}
