/**
 * The visit's session id in the browser (spec lead-capture §4 "Session"):
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
