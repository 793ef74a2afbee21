import { CONSENT_COOKIE, CONSENT_DENIED, CONSENT_GRANTED } from './consent'

/**
 * The inline script at the top of every page (root.tsx): it defines the data
 * layer and `gtag`, sets Consent Mode v2's defaults (everything denied), and,
 * when the visitor's `consentimento` cookie says `aceito`, grants them and
 * loads the tag manager (when GTM_ID is configured). Its text is the same for
 * every visitor (the cookie is read in the browser), so a cached page keeps
 * one hash in its CSP; `'strict-dynamic'` lets it add the container script.
 * `window.loadTagManager()` is what the banner calls after an accept.
 */
export const GRANTED = "{ad_storage:'granted',ad_user_data:'granted',ad_personalization:'granted',analytics_storage:'granted'}"
const DENIED = "{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied'}"

export function dataLayerBootstrap(gtmId: string | null | undefined): string {
  const load = gtmId
    ? `if(w.gtmLoaded)return;w.gtmLoaded=true;w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id=${gtmId}';document.head.appendChild(s)`
    : ''
  return [
    '(function(w){w.dataLayer=w.dataLayer||[];w.gtag=function(){w.dataLayer.push(arguments)};',
    `w.gtag('consent','default',${DENIED});`,
    `w.loadTagManager=function(){w.gtag('consent','update',${GRANTED});${load}};`,
    // The choice the server rendered (<html data-consent>); where the Cookie Store API exists, the cookie itself
    // corrects a copy cached for someone else (no synchronous document.cookie: Chromium reports it as an issue).
    `var d=document.documentElement.dataset,apply=function(c){if(c!=='${CONSENT_GRANTED}'&&c!=='${CONSENT_DENIED}')return;d.consent=c;if(c==='${CONSENT_GRANTED}')w.loadTagManager()};`,
    `apply(d.consent);if(w.cookieStore)w.cookieStore.get('${CONSENT_COOKIE}').then(function(c){if(c&&c.value!==d.consent)apply(c.value)},function(){})`,
    '})(window)',
  ].join('')
}
