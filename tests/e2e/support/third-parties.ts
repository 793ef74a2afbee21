import type { Page } from '@playwright/test'

/** The third parties' configuration of the instances that load them (ADR 031). */
export const GTM_ID = 'GTM-TESTE12'
export const PRODUCT_ID = 'alavancadigital.com.br'

const TAG_MANAGER_STAND_IN = 'window.tagManagerLoads = (window.tagManagerLoads || 0) + 1'
const SUBSCRIPTION_STAND_IN = `
  window.subscriptionInits = []
  var api = { init: function (config) { window.subscriptionInits.push(config) } }
  var queued = window.SWG_BASIC || []
  window.SWG_BASIC = { push: function (callback) { callback(api) } }
  queued.forEach(function (callback) { callback(api) })
`

/**
 * Serves stand-ins for the tag manager and the subscription script (no
 * network here): each records what the page asked of it. Returns the
 * addresses of the tag manager's container the page requested.
 */
export async function standIns(page: Page): Promise<string[]> {
  const containerRequests: string[] = []
  await page.route('https://www.googletagmanager.com/**', (route) => {
    containerRequests.push(route.request().url())
    return route.fulfill({ contentType: 'text/javascript', body: TAG_MANAGER_STAND_IN })
  })
  await page.route('https://news.google.com/swg/js/v1/swg-basic.js', (route) => route.fulfill({ contentType: 'text/javascript', body: SUBSCRIPTION_STAND_IN }))
  return containerRequests
}
