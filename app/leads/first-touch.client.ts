/**
 * The browser's first touch, read back for lead forms (first-touch.ts: what
 * it is, and the inline script that records it on every page).
 */
import { FIRST_TOUCH_STORAGE_KEY, type BrowserFirstTouch } from './first-touch'

export type { BrowserFirstTouch } from './first-touch'

function read(): BrowserFirstTouch | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(FIRST_TOUCH_STORAGE_KEY) ?? 'null')
    if (parsed && typeof parsed === 'object' && 'landingPage' in parsed && 'referrer' in parsed) {
      const { landingPage, referrer } = parsed
      if (typeof landingPage === 'string' && typeof referrer === 'string') return { landingPage, referrer }
    }
  } catch {
    // Storage blocked or a damaged value: the form's own page stands in (server side).
  }
  return null
}

/** This document's own address and referrer: the first touch while nothing is stored (the inline script's first half second). */
let thisDocument: BrowserFirstTouch | null = null

/** Call once per document load (entry.client.tsx), before client-side navigation can change the address. */
export function rememberThisDocument(): void {
  thisDocument = { landingPage: window.location.href, referrer: document.referrer }
}

/** What a lead form posts about the visit's first page (null when the browser kept nothing). */
export const browserFirstTouch = (): BrowserFirstTouch | null => read() ?? thisDocument
