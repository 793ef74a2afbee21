/**
 * The visit's first page as the browser saw it, for lead forms on cached
 * pages (ADR 029). A plain page view may come from a CDN that never shows the
 * server the visitor's Referer, and it sets no cookie: so the browser keeps
 * the landing page (with its campaign parameters) and the referrer of the
 * first page of the tab's session in sessionStorage, and every lead form
 * posts them (LeadHiddenFields). The server trusts them only as far as it
 * would trust the same values from a request: our own pages for the landing
 * page, another site's http(s) address for the referrer, and its own cookie,
 * when there is one, over both.
 */
const STORAGE_KEY = 'lead_first_touch'

export type BrowserFirstTouch = { landingPage: string; referrer: string }

function read(): BrowserFirstTouch | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null')
    if (parsed && typeof parsed === 'object' && 'landingPage' in parsed && 'referrer' in parsed) {
      const { landingPage, referrer } = parsed
      if (typeof landingPage === 'string' && typeof referrer === 'string') return { landingPage, referrer }
    }
  } catch {
    // Storage blocked or a damaged value: the form's own page stands in (server side).
  }
  return null
}

/** This document's own address and referrer: the first touch when nothing is stored yet. */
let thisDocument: BrowserFirstTouch | null = null

/**
 * Call once per document load (entry.client.tsx): keeps the first page of the
 * tab's session. Storage waits half a second, or until the page is left if
 * that is sooner: a tab's first use of sessionStorage can block for
 * milliseconds, and hydration comes first.
 * Until then this document stands in for what would be stored.
 */
export function rememberFirstTouch(): void {
  thisDocument = { landingPage: window.location.href, referrer: document.referrer }
  const store = () => {
    if (read()) return
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(thisDocument))
    } catch {
      // Private mode or storage full: nothing to keep.
    }
  }
  const timer = window.setTimeout(store, 500)
  // Leaving sooner (a click to another page within half a second) must not lose the first touch.
  window.addEventListener(
    'pagehide',
    () => {
      window.clearTimeout(timer)
      store()
    },
    { once: true },
  )
}

/** What a lead form posts about the visit's first page (null when the browser kept nothing). */
export const browserFirstTouch = (): BrowserFirstTouch | null => read() ?? thisDocument
