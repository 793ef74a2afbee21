import { CONSENT_BANNER_ID } from '~/analytics/consent'
import { ServerRendered } from '~/components/ui/server-rendered'

// Imported by the server build only: in the browser's, `import.meta.env.SSR` is false and the import is gone.
const serverView = import.meta.env.SSR ? await import('./consent-banner-view') : null

/**
 * The cookie banner (ADR 031): in every page's HTML, the same for everyone
 * (pages stay shareable by a CDN); hidden by CSS once `<html data-consent>`
 * says a choice was made, which only the head script sets, in the browser,
 * from the visitor's own cookie (ADR 034; app.css says when else). Only the
 * server renders it (ServerRendered), so its words and markup stay out of
 * every page's JavaScript. With JavaScript, consent-banner.client.ts posts
 * the choice in the background and applies it at once.
 */
export function ConsentBannerSlot() {
  return <ServerRendered id={CONSENT_BANNER_ID} view={serverView ? <serverView.ConsentBanner /> : null} />
}
