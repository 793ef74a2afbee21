/**
 * The visitor's choice about marketing cookies and measurement (LGPD; ADR
 * 031). One first-party cookie, `consentimento` (its name in
 * utils/cookie-names.ts, its flags and six months in cookies.server.ts), set by the banner's form
 * post (so it works without JavaScript) to `aceito` or `recusado`. Until it
 * says `aceito`, Consent Mode stays denied, the tag manager does not load,
 * no marketing cookie (`_fbp`, `_fbc`, Google Analytics') is read or set by
 * the browser or the server, and events carry no user data.
 */

import { CONSENT_DENIED, CONSENT_GRANTED, type ConsentChoice } from '~/utils/cookie-names'

/** The banner's element (consent-banner.tsx). */
export const CONSENT_BANNER_ID = 'consentimento'

/** Where the banner's and the preferences page's form posts (a page of its own: works without JavaScript). */
export const CONSENT_PATH = '/preferencias-de-cookies'

/** The footer's link to the preferences page. */
export const CONSENT_FOOTER_LINK = 'Preferências de cookies'

/** The form's fields: the choice and the page to go back to. */
export const CONSENT_FIELDS = { choice: 'escolha', back: 'voltar' } as const

/**
 * The visitor's choice, in the browser: the head script reads their own
 * cookie (tag-manager.ts; the server never renders it into a page a cache
 * may share, ADR 034), and a choice made on this page since then is in
 * `<html data-consent>`. Null: not chosen yet.
 */
export async function currentConsent(): Promise<ConsentChoice | null> {
  await (window as { consentChoice?: Promise<unknown> }).consentChoice
  const value = document.documentElement.dataset.consent
  return value === CONSENT_GRANTED || value === CONSENT_DENIED ? value : null
}

/**
 * The stylesheet that applies the choice without JavaScript (consent.server.ts):
 * every page links it inside `<noscript>`, so only browsers that run no script
 * fetch it, each with its own cookie.
 */
export const CONSENT_STYLESHEET_PATH = '/consentimento.css'
