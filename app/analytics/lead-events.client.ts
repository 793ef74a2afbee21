/**
 * The data-layer events of a lead (spec lead-capture §3, §7.3, §9): when a
 * lead form is sent, its contact fields are kept in memory under the event
 * id it posts (LeadHiddenFields, pending-submissions.ts); when the server's
 * receipt comes back (app/leads/lead-receipt.ts, read once a form post's
 * navigation ends: use-lead-receipts.ts), the
 * form's own event (contact_form, lead_capture, newsletter_subscription) and
 * form_submission are pushed with that event id and the server's session id,
 * and the lead log records what happened. A failed post pushes
 * form_submission_error (`trackLeadError`).
 */
import { browserFirstTouch } from '~/leads/first-touch.client'
import { CONVERSION_CURRENCY, DIRECT_ACCESS, leadForms, UTM_PARAMS, type LeadFormKey } from '~/leads/lead-forms'
import { LEAD_RECEIPT_COOKIE, readLeadReceipt, type LeadReceipt } from '~/leads/lead-receipt'
import { CONSENT_GRANTED } from './consent'
import { deleteCookie, readCookie } from './cookie-store.client'
import { pushToDataLayer } from './data-layer'
import { leadLog } from './lead-log'
import { drainUnlogged, takeSubmission, type LeadSubmission } from './pending-submissions'
import { storeSessionId } from './session.client'
import { hashedUserData } from './user-data'

/** The event each form pushes before form_submission (§7.3); the home and the briefing push none. */
const OWN_EVENTS: Partial<Record<LeadFormKey, string>> = {
  contato: 'contact_form',
  newsletter: 'newsletter_subscription',
  calculadora: 'lead_capture',
  teste: 'lead_capture',
}

function campaignOf(landingPage: string): Record<(typeof UTM_PARAMS)[number], string | null> {
  let params = new URLSearchParams()
  try {
    params = new URL(landingPage).searchParams
  } catch {
    // No landing page kept: no campaign.
  }
  return Object.fromEntries(UTM_PARAMS.map((name) => [name, params.get(name)])) as Record<(typeof UTM_PARAMS)[number], string | null>
}

async function cookieValue(name: string): Promise<string | null> {
  const value = await readCookie(name)
  return value === null ? null : decodeURIComponent(value)
}

/** The events of a stored lead, from its receipt and, when this page sent it, the submission. */
export async function leadEvents(receipt: LeadReceipt, submission: LeadSubmission | undefined, consented: boolean) {
  const form = leadForms[receipt.form]
  const firstTouch = browserFirstTouch()
  const landingPage = firstTouch?.landingPage ?? submission?.pageUrl ?? window.location.href
  const ownEvent = OWN_EVENTS[receipt.form]
  const formSubmission = {
    event: 'form_submission',
    event_id: receipt.eventId ?? submission?.eventId ?? null,
    session_id: receipt.sessionId,
    timestamp: new Date().toISOString(),
    value: form.conversionValue,
    currency: CONVERSION_CURRENCY,
    form_name: form.analyticsName,
    form_location: form.location,
    ...(consented && submission ? { user_data: await hashedUserData(submission) } : {}),
    page_url: submission?.pageUrl ?? window.location.href,
    page_title: submission?.pageTitle ?? document.title,
    page_location: landingPage,
    page_referrer: firstTouch?.referrer || DIRECT_ACCESS,
    ...campaignOf(landingPage),
    fbc: consented ? await cookieValue('_fbc') : null,
    fbp: consented ? await cookieValue('_fbp') : null,
    external_id: receipt.sessionId,
    client_user_agent: navigator.userAgent,
    engagement_time_msec: submission?.engagementTimeMsec ?? null,
  }
  return ownEvent ? [{ event: ownEvent, form_name: form.analyticsName, form_location: form.location }, formSubmission] : [formSubmission]
}

/** The lead log, with the forms sent from this page since it last looked (it loads only with a receipt or a refusal). */
function logWithSent() {
  const log = leadLog()
  for (const sent of drainUnlogged()) {
    log.add({ formId: leadForms[sent.form].formId, action: 'form_submit', data: { eventId: sent.eventId, form: sent.form, sentAt: sent.submittedAt } })
  }
  return log
}

/** Reads and deletes the receipt of a lead stored since the last look, then pushes its events and logs it. */
export async function consumeLeadReceipt(): Promise<void> {
  const cookieValue = await readCookie(LEAD_RECEIPT_COOKIE)
  if (cookieValue === null) return
  await deleteCookie(LEAD_RECEIPT_COOKIE)
  const receipt = readLeadReceipt(cookieValue)
  if (!receipt) return
  storeSessionId(receipt.sessionId)
  const log = logWithSent()
  const submission = takeSubmission(receipt.eventId)
  const { formId } = leadForms[receipt.form]
  if (OWN_EVENTS[receipt.form] === 'lead_capture') log.add({ formId, action: 'lead_capture', data: { eventId: receipt.eventId } })
  if (receipt.delivery === 'delivered') log.add({ formId, action: 'webhook_success', data: { eventId: receipt.eventId } })
  else if (receipt.delivery !== 'skipped') log.add({ formId, action: 'webhook_error', data: { eventId: receipt.eventId, status: receipt.delivery } })
  for (const event of await leadEvents(receipt, submission, document.documentElement.dataset.consent === CONSENT_GRANTED)) pushToDataLayer(event)
}

/** The spec's error types (§8), from what the message mentions, else from the answer's status. */
export function errorTypeOf(message: string, status?: number): string {
  if (/telefone|e-?mail/i.test(message)) return 'validation_error'
  if (/WEBHOOK_URL|Invalid URL/.test(message)) return 'configuration_error'
  if (/rate limit|muitas (requisições|tentativas)/i.test(message)) return 'rate_limit_error'
  if (status === 429) return 'rate_limit_error'
  if (status === 400) return 'validation_error'
  return 'server_error'
}

/** form_submission_error for a post the server refused (spec §3, §8): the message's first 200 characters. */
export function trackLeadError(form: LeadFormKey, message: string, status?: number): void {
  const { analyticsName, formId, source } = leadForms[form]
  logWithSent()
  pushToDataLayer({
    event: 'form_submission_error',
    form_name: analyticsName,
    error_type: errorTypeOf(message, status),
    error_message: message.slice(0, 200),
    form_id: formId,
    source,
  })
}
