/**
 * A lead's receipt for the browser: after a successful post, the server sets
 * a short-lived cookie that the page's script reads once and deletes. It is
 * how the data-layer events (app/analytics/lead-events.client.ts) learn that
 * the lead was stored, under which event id and session id (the server's:
 * one per visit, ADR 031), and how its webhook delivery went, whichever way
 * the form's success comes back (a redirect to a confirmation, a tool's next
 * step). It holds no contact data and the server never reads it back.
 * Without JavaScript nobody reads it and it expires.
 */
import { leadForms, SESSION_ID_PATTERN, type LeadFormKey } from './lead-forms'

export type LeadReceipt = {
  form: LeadFormKey
  /**
   * The event id of the lead's conversions: the one the browser posted, or the lead's id for a form sent as HTML,
   * as the conversion APIs use (conversions.server.ts), so the browser's event and the server's are one. Null only
   * in a receipt written before this was so.
   */
  eventId: string | null
  sessionId: string
  /** The webhook's state when the visitor was answered. */
  delivery: 'delivered' | 'pending' | 'skipped' | 'failed'
}

export const serializeLeadReceipt = (receipt: LeadReceipt) => encodeURIComponent(JSON.stringify(receipt))

/** The receipt in the cookie's value, or null when it is not one of ours (an unknown form, a session id not the server's). */
export function readLeadReceipt(cookieValue: string): LeadReceipt | null {
  try {
    const value: unknown = JSON.parse(decodeURIComponent(cookieValue))
    if (typeof value !== 'object' || value === null) return null
    const { form, eventId, sessionId, delivery } = value as Record<string, unknown>
    if (typeof form !== 'string' || !Object.hasOwn(leadForms, form) || typeof delivery !== 'string') return null
    if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) return null
    if (eventId !== null && typeof eventId !== 'string') return null
    return { form: form as LeadFormKey, eventId, sessionId, delivery: delivery as LeadReceipt['delivery'] }
  } catch {
    return null
  }
}
