/**
 * The methods a route takes, and the one answer to any other (issue 41): a
 * 405 with `Allow`, in Portuguese, in the route's kind (the site's error
 * page for a page, JSON or short text for a resource), that does nothing.
 *
 * - Every action begins with `requirePost`: only a POST goes on; PUT,
 *   PATCH, DELETE… are thrown their 405 before anything is read or done.
 * - A resource route that takes no post exports `refuseMethods(...)` as its
 *   action, so Remix never answers with its own English JSON.
 * - A page without an action gets Remix's own 405, rendered by the root
 *   ErrorBoundary; entry.server.tsx gives it its `Allow`.
 * - Methods no route takes (TRACE, OPTIONS, WebDAV…) are refused before
 *   Remix by the request guard (app/server/request-guard.ts).
 */
import { data } from '@remix-run/node'
import { cacheControl } from './http.server'

/** What each kind of route takes: a page is read (with a form, posted to); a beacon or webhook only takes posts. */
export const ALLOW = { page: 'GET, HEAD', form: 'GET, HEAD, POST', postOnly: 'POST' } as const
export type Allow = (typeof ALLOW)[keyof typeof ALLOW]

/** How a route answers: a page (its ErrorBoundary), JSON (`{ ok: false, error }`), or plain text. */
export type AnswerKind = 'page' | 'json' | 'text'

export type ResourceRule = { allow: Allow; kind: Exclude<AnswerKind, 'page'> }
export type MethodRule = { allow: Allow; kind: 'page' } | ResourceRule

/** A page with a form: read, and posted to (its action). */
export const FORM_PAGE: MethodRule = { allow: ALLOW.form, kind: 'page' }

/** The 405's short message: what happened, and the methods to use. */
export const methodNotAllowedMessage = (allow: Allow) => `Método não aceito por este endereço. Use ${allow.replace(/, (\w+)$/, ' ou $1')}.`

const refusalHeaders = (allow: Allow) => ({ Allow: allow, 'Cache-Control': cacheControl.privateNoStore })

/** A resource route's 405: JSON (`{ ok: false, error }`) or plain text. */
export function methodNotAllowedResponse({ allow, kind }: ResourceRule): Response {
  const message = methodNotAllowedMessage(allow)
  return kind === 'json'
    ? new Response(JSON.stringify({ ok: false, error: message }), {
        status: 405,
        headers: { ...refusalHeaders(allow), 'Content-Type': 'application/json; charset=utf-8' },
      })
    : new Response(message, { status: 405, headers: { ...refusalHeaders(allow), 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** The first line of every action: a POST goes on; any other method is thrown its 405 (a page's renders its error page), and nothing is done. */
export function requirePost(request: Request, rule: MethodRule): void {
  if (request.method === 'POST') return
  if (rule.kind === 'page') throw data(methodNotAllowedMessage(rule.allow), { status: 405, headers: refusalHeaders(rule.allow) })
  throw methodNotAllowedResponse(rule)
}

/** The action (or loader) of a resource route for the methods it does not take: their 405. */
export const refuseMethods = (rule: ResourceRule) => () => methodNotAllowedResponse(rule)
