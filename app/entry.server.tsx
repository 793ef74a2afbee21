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
