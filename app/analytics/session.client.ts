/**
 * The visit's session id in the browser:
 * `lead_session_id` in sessionStorage holds the server's id (ADR 031: one id
 * per visit, minted by the server in the signed origin cookie), learned from
 * a lead's receipt or from a page whose answer was already private.
 */
import { SESSION_ID_PATTERN } from '~/leads/lead-forms'

export const SESSION_STORAGE_KEY = 'lead_session_id'

export function storeSessionId(sessionId: string): void {
  if (!SESSION_ID_PATTERN.test(sessionId)) return
  try {
    sessionStorage.setItem(SESSION_STORAGE_KEY, sessionId)
  } catch {
    // Storage blocked: the next receipt brings it again.
  }
}

/** The session id the browser holds (null until a receipt or a private page brought it). */
export function storedSessionId(): string | null {
  try {
    return sessionStorage.getItem(SESSION_STORAGE_KEY)
  } catch {
    return null
  }
}

/**
 * When this page loaded (ms since the epoch), stored once by the browser for
 * the document: the time origin, which client-side navigation does not move.
 */
export const pageLoadTime = (): number => performance.timeOrigin

/** Time on page in milliseconds (engagement_time_msec), from the stored load time. */
export const timeOnPageMsec = (now: number = Date.now()): number => Math.max(0, Math.round(now - pageLoadTime()))
