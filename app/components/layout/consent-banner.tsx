import { CONSENT_BANNER_ID } from '~/analytics/consent'
import { ConsentBanner } from './consent-banner-view'

/**
 * The cookie banner (ADR 031): in every page's HTML, the same for everyone
 * (pages stay shareable by a CDN); hidden by CSS once `<html data-consent>`
 * says a choice was made, which only the head script sets, in the browser,
 * from the visitor's own cookie (ADR 034; app.css says when else). With
 * JavaScript, consent-banner.client.ts posts the choice in the background
 * and applies it at once; the form's return address follows client-side
 * navigation.
 */
export function ConsentBannerSlot() {
  return (
    <div id={CONSENT_BANNER_ID}>
      <ConsentBanner />
    </div>
  )
}
