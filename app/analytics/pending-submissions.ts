import type { LeadFormKey } from '~/leads/lead-forms'

/**
 * Lead forms sent from this page and not yet confirmed, by the event id each
 * posted (LeadHiddenFields keeps them as the form data is built; the lead
 * events take them when the server's receipt comes back). A module of its
 * own, in memory only: the forms' up-front JavaScript carries this much and
 * no more (ADR 028, ADR 031).
 */
export type LeadSubmission = {
  form: LeadFormKey
  eventId: string
  name: string
  email: string
  phone: string
  pageUrl: string
  pageTitle: string
  engagementTimeMsec: number
  submittedAt: string
}

const pending = new Map<string, LeadSubmission>()
/** Sent and not yet in the lead log (which loads only with a receipt or a refusal). */
let unlogged: LeadSubmission[] = []

const text = (data: FormData, ...names: string[]) => {
  for (const name of names) {
    const value = data.get(name)
    if (typeof value === 'string' && value !== '') return value
  }
  return ''
}

export function rememberSubmission(
  form: LeadFormKey,
  data: FormData,
  details: Pick<LeadSubmission, 'eventId' | 'pageUrl' | 'pageTitle' | 'engagementTimeMsec'>,
): void {
  // The briefing names its contact fields contactName, contactEmail, contactPhone.
  const submission: LeadSubmission = {
    form,
    ...details,
    name: text(data, 'name', 'contactName'),
    email: text(data, 'email', 'contactEmail'),
    phone: text(data, 'phone', 'contactPhone'),
    submittedAt: new Date().toISOString(),
  }
  pending.set(details.eventId, submission)
  unlogged.push(submission)
}

/** The submission with this event id, once (null when this page did not send it). */
export function takeSubmission(eventId: string | null): LeadSubmission | undefined {
  if (!eventId) return undefined
  const submission = pending.get(eventId)
  pending.delete(eventId)
  return submission
}

/** The submissions sent since the last call, oldest first: the lead log records each once. */
export function drainUnlogged(): LeadSubmission[] {
  const sent = unlogged
  unlogged = []
  return sent
}
