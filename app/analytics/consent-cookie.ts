import { CONSENT_COOKIE, CONSENT_DENIED, CONSENT_GRANTED, type ConsentChoice } from './consent'

/** The choice in a Cookie header (or `document.cookie`); null when the visitor has not chosen. */
export function consentFromCookies(cookieHeader: string | null | undefined): ConsentChoice | null {
  const match = (cookieHeader ?? '').match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(${CONSENT_GRANTED}|${CONSENT_DENIED})(?:;|$)`))
  return (match?.[1] as ConsentChoice | undefined) ?? null
}

export const hasMarketingConsent = (cookieHeader: string | null | undefined) => consentFromCookies(cookieHeader) === CONSENT_GRANTED
