/**
 * The publisher-subscription script (Subscribe with Google's basic script):
 * loaded once, and initialised on every page and route change with the
 * route's content class (content-class.ts). Only when SUBSCRIPTION_PRODUCT_ID
 * is configured: the root layout loads this module then, and never otherwise.
 */
import { subscriptionConfig, type SubscriptionConfig } from './content-class'
import { SUBSCRIPTION_SCRIPT_URL } from './third-party'

type BasicSubscriptions = { init: (config: SubscriptionConfig) => void }
type SubscriptionWindow = Window & { SWG_BASIC?: Array<(subscriptions: BasicSubscriptions) => void> }

export function initSubscription(path: string, productId: string): void {
  const w = window as SubscriptionWindow
  w.SWG_BASIC = w.SWG_BASIC || []
  if (!document.querySelector(`script[src="${SUBSCRIPTION_SCRIPT_URL}"]`)) {
    const script = document.createElement('script')
    script.async = true
    script.src = SUBSCRIPTION_SCRIPT_URL
    document.head.appendChild(script)
  }
  const config = subscriptionConfig(path, productId)
  w.SWG_BASIC.push((subscriptions) => subscriptions.init(config))
}
