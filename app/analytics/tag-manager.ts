import { CONSENT_COOKIE, CONSENT_DENIED, CONSENT_GRANTED } from '~/utils/cookie-names'

/**
 * The inline script at the top of every page (root.tsx): it defines the data
 * layer and `gtag`, sets Consent Mode v2's defaults (everything denied), and
 * reads the visitor's own `consentimento` cookie in the browser: the server
 * never writes a choice into a page, because a shared cache hands that page
 * to everyone (ADR 034). Until the cookie is read, `<html data-consent-reading>`
 * keeps the banner hidden (app.css), so a visitor who chose never sees it
 * flash; then `<html data-consent>` holds the choice, and an accept grants
 * Consent Mode and loads the tag manager (when GTM_ID is configured).
 * `window.consentChoice` is the promise of that reading (consent.ts reads it);
 * `window.loadTagManager()` is what the banner calls after an accept.
 *
 * The cookie comes from the Cookie Store API where there is one: Chromium
 * reports every synchronous `document.cookie` read as a DevTools issue, so
 * only browsers without that API read it. The text is the same for every
 * visitor, so a cached page keeps one hash in its CSP; `'strict-dynamic'`
 * lets it add the container script.
 */
export const GRANTED = "{ad_storage:'granted',ad_user_data:'granted',ad_personalization:'granted',analytics_storage:'granted'}"
const DENIED = "{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied'}"

export function dataLayerBootstrap(gtmId: string | null | undefined): string {
  const load = gtmId
    ? `if(w.gtmLoaded)return;w.gtmLoaded=true;w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id=${gtmId}';document.head.appendChild(s)`
    : ''
  const isChoice = `c==='${CONSENT_GRANTED}'||c==='${CONSENT_DENIED}'`
  return [
    '(function(w){w.dataLayer=w.dataLayer||[];w.gtag=function(){w.dataLayer.push(arguments)};',
    `w.gtag('consent','default',${DENIED});`,
    `w.loadTagManager=function(){w.gtag('consent','update',${GRANTED});${load}};`,
    `var d=document.documentElement.dataset;d.consentReading='';`,
    // A failed read (no cookie access in this context) is no choice: the banner shows and nothing is granted.
    `w.consentChoice=new Promise(function(r){r(w.cookieStore?w.cookieStore.get('${CONSENT_COOKIE}').then(function(c){return c&&c.value}):(document.cookie.match(/(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)/)||[])[1])})`,
    `.then(function(c){return ${isChoice}?c:null},function(){return null})`,
    `.then(function(c){delete d.consentReading;if(c){d.consent=c;if(c==='${CONSENT_GRANTED}')w.loadTagManager()}return c})`,
    '})(window)',
  ].join('')
}
