import { CONSENT_BANNER_ID } from '~/analytics/consent'

// Imported by the server build only: in the browser's, `import.meta.env.SSR` is false and the import is gone.
const serverView = import.meta.env.SSR ? await import('./consent-banner-view') : null

/**
 * The cookie banner (ADR 031): in every page's HTML, the same for everyone
 * (pages stay shareable by a CDN); hidden by CSS once `<html data-consent>`
 * says a choice was made, which the server sets from the cookie and the head
 * script sets again in the browser (a cached copy cannot know).
 *
 * Only the server renders it. The root layout lives as long as the document,
 * so the banner never re-renders: the browser keeps the server's markup and
 * React leaves it alone (an empty `dangerouslySetInnerHTML` is not
 * hydrated), and its words and markup stay out of every page's JavaScript.
 * With JavaScript, consent-banner.client.ts posts the choice in the
 * background and applies it at once.
 */
export function ConsentBannerSlot() {
  if (!serverView) return <div id={CONSENT_BANNER_ID} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  return (
    <div id={CONSENT_BANNER_ID}>
      <serverView.ConsentBanner />
    </div>
  )
}
