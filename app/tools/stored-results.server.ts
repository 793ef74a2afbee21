import { leadErrorMessages } from '~/leads/errors'
import { cacheControl } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'

/**
 * Reads a tool's stored result for its results page. The database failing
 * is the lead catalogue's message as a 503 (retry in a minute, never cached),
 * logged once, never a 500.
 */
export function readStoredResult<T>(what: string, read: () => Promise<T>): Promise<T> {
  return read().catch((error: unknown) => {
    logJson({ level: 'error', msg: `${what} not read`, error })
    throw new Response(leadErrorMessages.database, { status: 503, headers: { 'Retry-After': '60', 'Cache-Control': cacheControl.noStore } })
  })
}
