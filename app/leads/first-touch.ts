/**
 * The visit's first page as the browser saw it, for lead forms on cached
 * pages (ADR 029). A plain page view may come from a CDN that never shows the
 * server the visitor's Referer, and it sets no cookie: so the browser keeps
 * the landing page (with its campaign parameters) and the referrer of the
 * first page of the tab's session in sessionStorage, and every lead form
 * posts them (LeadHiddenFields, reading it through first-touch.client.ts).
 * The server trusts them only as far as it would trust the same values from
 * a request: our own pages for the landing page, another site's http(s)
 * address for the referrer, and its own cookie, when there is one, over both.
 *
 * The recording is an inline script of every page (root.tsx), not part of
 * the modules: on a slow phone they run seconds after the page shows, and a
 * visitor who follows a link before they run must not lose a cached landing
 * page's campaign.
 */
export const FIRST_TOUCH_STORAGE_KEY = 'lead_first_touch'

export type BrowserFirstTouch = { landingPage: string; referrer: string }

/**
 * The inline script: keeps this document's address and referrer as the first
 * touch unless the tab's session already holds one. It stores half a second
 * after the page runs it (a tab's first use of sessionStorage can block for
 * milliseconds, and the first paint comes first), or when the page is left,
 * if that is sooner.
 */
export function firstTouchScript(): string {
  return [
    `(function(w,d,k){var t={landingPage:w.location.href,referrer:d.referrer},done=false;`,
    'function store(){if(done)return;done=true;try{if(!w.sessionStorage.getItem(k))w.sessionStorage.setItem(k,JSON.stringify(t))}catch(e){}}',
    `var timer=w.setTimeout(store,500);w.addEventListener('pagehide',function(){w.clearTimeout(timer);store()},{once:true})`,
    `})(window,document,${JSON.stringify(FIRST_TOUCH_STORAGE_KEY)})`,
  ].join('')
}
