import { CONSENT_DENIED, CONSENT_GRANTED } from '~/utils/cookie-names'
import { CONSENT_BANNER_ID, CONSENT_PATH } from './consent'

type ConsentWindow = Window & { loadTagManager?: () => void }

/**
 * With JavaScript the banner's choice applies in place: the form is posted
 * in the background (the server sets the cookie), `<html data-consent>` hides
 * the banner (app.css), and an accept grants Consent Mode and loads the tag
 * manager. Called once, from the root layout's first effect; until then a
 * click posts the form as without JavaScript.
 */
let enhanced = false

export function enhanceConsentBanner(): void {
  if (enhanced) return
  enhanced = true
  document.getElementById(CONSENT_BANNER_ID)?.addEventListener('submit', (event) => {
    const form = event.target
    const submitter = event.submitter
    if (!(form instanceof HTMLFormElement) || !(submitter instanceof HTMLButtonElement)) return
    const choice = submitter.value
    if (choice !== CONSENT_GRANTED && choice !== CONSENT_DENIED) return
    event.preventDefault()
    const body = new URLSearchParams()
    for (const [name, value] of new FormData(form, submitter)) if (typeof value === 'string') body.append(name, value)
    void fetch(CONSENT_PATH, { method: 'POST', body, redirect: 'manual', credentials: 'same-origin' })
    document.documentElement.dataset.consent = choice
    if (choice === CONSENT_GRANTED) (window as ConsentWindow).loadTagManager?.()
  })
}
