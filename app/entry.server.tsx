import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import type { ReactElement } from 'react'
// The Web Streams renderer, not renderToPipeableStream: React 18's Node stream pads a chunk with NUL bytes when a
// multi-byte character meets its 2 KB boundary (react#24985, react#31134); the whole document is read here anyway.
import { renderToReadableStream } from 'react-dom/server.browser'
import { getEnv } from '~/utils/env.server'
import { thirdPartySources } from './analytics/third-party'
import { cacheTagHeaders, cacheTagsForRoutes } from './content/cache-tags'
import { inlineScriptHashes } from './server/inline-scripts'
import { siteContentSecurityPolicy, STUDIO_PATH } from './server/security-headers'
import { documentCacheControl, isSharedCachePolicy } from './utils/http.server'
import { logError, logJson } from './utils/log.server'
import { ALLOW } from './utils/methods.server'
import { NonceProvider } from './utils/nonce-provider'

export const streamTimeout = 5_000

/**
 * Renders the whole document before answering (`allReady`): its Content-Security-Policy
 * names the hash of every inline script it carries (Remix's context and
 * loader data among them), so the policy holds on a copy a CDN shares
 * (ADR 029). Every loader has finished before the shell anyway; what is
 * given up is streaming the bytes of one render, not waiting on data.
 * The Studio (/studio) is a client app answered privately: it keeps the
 * per-request nonce the server put in its policy (app/server/app.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const isStudio = STUDIO_PATH.test(new URL(request.url).pathname)
  const nonce = isStudio ? loadContext.cspNonce : ''
  // Every page states its cache policy, from what its routes' loaders said (http.server.ts).
  const { matches, loaderHeaders, actionHeaders } = remixContext.staticHandlerContext
  const cachePolicy = documentCacheControl({
    method: request.method,
    status: responseStatusCode,
    routeHeaders: matches.flatMap((match) => [loaderHeaders[match.route.id], actionHeaders[match.route.id]]),
  })
  responseHeaders.set('Cache-Control', cachePolicy)
  // Remix's own 405 (a page without an action) says nothing of the methods the page takes (methods.server.ts).
  if (responseStatusCode === 405 && !responseHeaders.has('Allow')) responseHeaders.set('Allow', allowedMethods(request, remixContext))
  // A page a CDN may keep names the content it shows, so a publish purges just those pages (ADR 042).
  if (isSharedCachePolicy(cachePolicy)) {
    for (const [name, value] of Object.entries(cacheTagHeaders(cacheTagsForRoutes(matches.map((match) => match.route.id))))) responseHeaders.set(name, value)
  }
  const rendered = await renderToText(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce || undefined} />
    </NonceProvider>,
    {
      nonce: nonce || undefined,
      onError(error, afterShell) {
        responseStatusCode = 500
        // Errors after the shell are logged here; before it, by Remix (the render rejects).
        if (afterShell) logError(error)
      },
    },
  )
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  if (!isStudio) {
    const isDevelopment = getEnv().NODE_ENV !== 'production'
    responseHeaders.set(
      'Content-Security-Policy',
      siteContentSecurityPolicy({
        scriptHashes: inlineScriptHashes(rendered),
        isDevelopment,
        thirdParty: thirdPartySources(getEnv()),
        framedBySelf: loadContext.preview !== null,
      }),
    )
  }
  return new Response(rendered, { headers: responseHeaders, status: responseStatusCode })
}

/**
 * The whole document as text, once every Suspense boundary has resolved;
 * a render not done within the stream timeout is given up. The timer is
 * cleared once it is done: React would take a later abort for an error.
 */
async function renderToText(element: ReactElement, options: { nonce?: string; onError: (error: unknown, afterShell: boolean) => void }) {
  let afterShell = false
  const giveUp = new AbortController()
  const timeout = setTimeout(() => giveUp.abort(), streamTimeout + 1_000)
  try {
    const stream = await renderToReadableStream(element, {
      nonce: options.nonce,
      signal: giveUp.signal,
      onError: (error) => options.onError(error, afterShell),
    })
    afterShell = true
    await stream.allReady
    return await new Response(stream).text()
  } finally {
    clearTimeout(timeout)
  }
}

/**
 * The route a request's action would run on, as Remix picks it: the deepest
 * match, or its parent for an index route addressed without `?index`.
 */
function actionRoute(request: Request, { staticHandlerContext: { matches } }: EntryContext) {
  const leaf = matches[matches.length - 1]
  const nakedIndex = new URL(request.url).searchParams.getAll('index').includes('')
  return leaf?.route.index && !nakedIndex ? matches[matches.length - 2] : leaf
}

/** What a page takes: GET and HEAD, and POST where its route has an action. */
function allowedMethods(request: Request, remixContext: EntryContext): string {
  const route = actionRoute(request, remixContext)
  return route && remixContext.manifest.routes[route.route.id]?.hasAction ? ALLOW.form : ALLOW.page
}

/**
 * Remix's data requests (`.data`, JavaScript on). A 405 without `Allow` is
 * Remix's own for a route without an action (an action's refusal states its
 * own, methods.server.ts; methods no route takes never reach Remix): such a
 * route takes GET and HEAD. The body stays Remix's data format; the browser
 * shows the page's error boundary in Portuguese.
 */
export function handleDataRequest(response: Response) {
  if (response.status !== 405 || response.headers.has('Allow')) return response
  const headers = new Headers(response.headers)
  headers.set('Allow', ALLOW.page)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Remix logs aborted requests too; they are not errors of ours.
  if (request.signal.aborted) return
  // A client's mistake (405 for a POST to a page without a form, 404, 400): one line, no stack trace.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const url = new URL(request.url)
    logJson({ level: 'warn', msg: 'request refused', method: request.method, path: url.pathname, status: error.status })
    return
  }
  // The logger keeps a failed query's SQL, not its parameters (a searched e-mail).
  logError(error)
}
