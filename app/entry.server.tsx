import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { documentCacheControl } from './utils/http.server'
import { logJson } from './utils/log.server'
import { NonceProvider } from './utils/nonce-provider'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  const nonce = loadContext.cspNonce ?? ''
  // Every page states its cache policy, from what its routes' loaders said (http.server.ts).
  const { matches, loaderHeaders, actionHeaders } = remixContext.staticHandlerContext
  responseHeaders.set(
    'Cache-Control',
    documentCacheControl({
      method: request.method,
      status: responseStatusCode,
      routeHeaders: matches.flatMap((match) => [loaderHeaders[match.route.id], actionHeaders[match.route.id]]),
    }),
  )
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are logged here; before it, by Remix.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
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
  console.error(error instanceof Error ? error.stack : error)
}
