/**
 * The third parties the site may load, each only when configured (ADR 031),
 * and what the site's CSP must allow for them: their scripts come in through
 * 'strict-dynamic' (added by a trusted script), their requests and images
 * from these hosts, and the subscription service's frames.
 */

/** Google Tag Manager and the Google tags it loads (GTM_ID). */
export const TAG_MANAGER_HOSTS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.g.doubleclick.net',
  'https://*.google.com',
] as const

/** The publisher-subscription script (Subscribe with Google, SUBSCRIPTION_PRODUCT_ID). */
export const SUBSCRIPTION_SCRIPT_URL = 'https://news.google.com/swg/js/v1/swg-basic.js'
export const SUBSCRIPTION_HOSTS = ['https://news.google.com', 'https://www.gstatic.com'] as const

export type ThirdPartySources = { hosts: readonly string[]; frames: readonly string[] }

/** What the CSP allows beyond the site itself, given what is configured. */
export function thirdPartySources(env: { GTM_ID?: string | null | undefined; SUBSCRIPTION_PRODUCT_ID?: string | null | undefined }): ThirdPartySources {
  return {
    hosts: [...(env.GTM_ID ? TAG_MANAGER_HOSTS : []), ...(env.SUBSCRIPTION_PRODUCT_ID ? SUBSCRIPTION_HOSTS : [])],
    frames: env.SUBSCRIPTION_PRODUCT_ID ? ['https://news.google.com'] : [],
  }
}
