/**
 * The data-layer events of a lead: when a
 * lead form's post ends (use-lead-receipts.ts hands over the posted form
 * data, with the event id, page and time on page LeadHiddenFields added),
 * the server's receipt (app/leads/lead-receipt.ts) says the lead was stored;
 * the form's own event (contact_form, lead_capture, newsletter_subscription)
 * and form_submission are pushed with that event id and the server's
 * session id, and the lead log records what happened. A refused post pushes
 * form_submission_error (`trackLeadError`).
 */
import { browserFirstTouch } from '~/leads/first-touch.client'
import { DIRECT_ACCESS, LEAD_HIDDEN_FIELDS, leadForms, UTM_PARAMS, type LeadFormKey } from '~/leads/lead-forms'
import { readLeadReceipt, type LeadReceipt } from '~/leads/lead-receipt'
import { hashedUserData } from '~/leads/user-data'
import { LEAD_RECEIPT_COOKIE, CONSENT_GRANTED } from '~/utils/cookie-names'
import { CURRENCY } from '~/utils/currency'
import { currentConsent } from './consent'
import { deleteCookie, readCookie } from './cookie-store.client'
import { pushToDataLayer } from './data-layer'
import { leadLog } from './lead-log'
import { storeSessionId } from './session.client'

/** The event each form pushes before form_submission; the home and the briefing push none. */
const OWN_EVENTS: Partial<Record<LeadFormKey, string>> = {
  contact: 'contact_form',
  newsletter: 'newsletter_subscription',
  calculator: 'lead_capture',
  presenceTest: 'lead_capture',
}

/** What a lead form posted that its events need (read from the posted form data, kept nowhere else). */
export type LeadSubmission = {
  eventId: string
  name: string
  email: string
  phone: string
  /** The country of the phone: the briefing posts it; empty for the Brazilian forms. */
  country: string
  pageUrl: string
  pageTitle: string
  engagementTimeMsec: number | null
}

/** The first non-empty field among `names` (the briefing names its contact fields contactName, contactEmail, contactPhone). */
function posted(data: FormData, ...names: string[]): string {
  for (const name of names) {
    const value = data.get(name)
    if (typeof value === 'string' && value !== '') return value
  }
  return ''
}

export function submissionFrom(data: FormData): LeadSubmission {
  const engagement = Number(posted(data, LEAD_HIDDEN_FIELDS.engagementTimeMsec))
  return {
    eventId: posted(data, LEAD_HIDDEN_FIELDS.eventId),
    name: posted(data, 'name', 'contactName'),
    email: posted(data, 'email', 'contactEmail'),
    phone: posted(data, 'phone', 'contactPhone'),
    country: posted(data, 'country'),
    pageUrl: posted(data, LEAD_HIDDEN_FIELDS.pageUrl),
    pageTitle: posted(data, LEAD_HIDDEN_FIELDS.pageTitle),
    engagementTimeMsec: Number.isFinite(engagement) ? engagement : null,
  }
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
    currency: CURRENCY,
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

/**
 * After a lead form's post: reads and deletes the receipt of the lead the
 * server stored, if any, then logs the post and what became of it and pushes
 * its events. A post without a receipt was refused: `trackLeadError` logs it.
 */
export async function consumeLeadReceipt(data: FormData): Promise<void> {
  const cookieValue = await readCookie(LEAD_RECEIPT_COOKIE)
  if (cookieValue === null) return
  await deleteCookie(LEAD_RECEIPT_COOKIE)
  const receipt = readLeadReceipt(cookieValue)
  if (!receipt) return
  storeSessionId(receipt.sessionId)
  const submission = submissionFrom(data)
  // The receipt is this post's when it carries the event id posted (a lead sent with JavaScript always has one).
  const ours = receipt.eventId === submission.eventId ? submission : undefined
  const log = leadLog()
  const { formId } = leadForms[receipt.form]
  log.add({ formId, action: 'form_submit', data: { eventId: receipt.eventId } })
  if (OWN_EVENTS[receipt.form] === 'lead_capture') log.add({ formId, action: 'lead_capture', data: { eventId: receipt.eventId } })
  if (receipt.delivery === 'delivered') log.add({ formId, action: 'webhook_success', data: { eventId: receipt.eventId } })
  else if (receipt.delivery !== 'skipped') log.add({ formId, action: 'webhook_error', data: { eventId: receipt.eventId, status: receipt.delivery } })
  for (const event of await leadEvents(receipt, ours, (await currentConsent()) === CONSENT_GRANTED)) pushToDataLayer(event)
}

/** The error type of form_submission_error: from what the message mentions (as the error catalogue sorts them), else from the answer's status. */
export function errorTypeOf(message: string, status?: number): string {
  if (/telefone|e-?mail/i.test(message)) return 'validation_error'
  if (/WEBHOOK_URL|Invalid URL/.test(message)) return 'configuration_error'
  if (/rate limit|muitas (requisições|tentativas)/i.test(message)) return 'rate_limit_error'
  if (status === 429) return 'rate_limit_error'
  if (status === 400) return 'validation_error'
  return 'server_error'
}

/** form_submission_error for a post the server refused, with the message's first 200 characters. */
export function trackLeadError(form: LeadFormKey, message: string, status?: number): void {
  const { analyticsName, formId, source } = leadForms[form]
  leadLog().add({ formId, action: 'form_submit', data: { refused: true } })
  pushToDataLayer({
    event: 'form_submission_error',
    form_name: analyticsName,
    error_type: errorTypeOf(message, status),
    error_message: message.slice(0, 200),
    form_id: formId,
    source,
  })
}
