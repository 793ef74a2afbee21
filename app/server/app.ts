import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { carriesPreviewCookie, readPreview, type Preview } from '~/content/preview.server'
import { ensureFreshContent, onContentPublished } from '~/content/publish.server'
import { carriesAttribution } from '~/leads/origin-tracking.server'
import { bodyLimitFor, bodyTooLargeMessage } from '~/utils/body-limits.server'
import type { Env } from '~/utils/env.server'
import { cacheControl } from '~/utils/http.server'
import { rateLimiter } from '~/utils/rate-limit.server'
import { isDraining } from './lifecycle.server'
import { PageCache, recordPageCache, servePageCacheHits, type PlainViewCheck } from './page-cache'
import { answerMalformedPath, answerUnexpectedError, guardRequest } from './request-guard'
import { requestLogger } from './request-log'
import { baseSecurityHeaders, scriptlessContentSecurityPolicy, STUDIO_PATH, studioContentSecurityPolicy } from './security-headers'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Nonce of this request's Content-Security-Policy under /studio (site pages use script hashes). */
    cspNonce: string
    /** Client address as Express resolves it under TRUST_PROXY (never a raw header). */
    clientIp: string
    /** An editor's draft preview (its signed cookie), or null: what every loader reads content with (ADR 037). */
    preview: Preview | null
  }
}

export type CreateAppOptions = {
  env: Env
  /** The production build, or a getter that loads it through Vite in development. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Vite's middlewares in development; absent in production. */
  viteMiddlewares?: express.RequestHandler
  /** Folder of the client build (hashed assets under assets/). */
  clientDir?: string
  /** The server's cache of public pages; by default one sized by PAGE_CACHE_MAX_MB, in production only. */
  pageCache?: PageCache
}

/** The page cache the environment asks for: off in development (edits show at once) and with PAGE_CACHE_MAX_MB=0. */
export function pageCacheFor(env: Env): PageCache {
  const on = env.NODE_ENV === 'production'
  return new PageCache({ maxBytes: on ? env.PAGE_CACHE_MAX_MB * 1024 * 1024 : 0, ttlMs: env.CONTENT_CACHE_TTL_SECONDS * 1000 })
}

/**
 * Refuses oversized bodies from their Content-Length, before anything reads
 * them, by the limit of the route the path names (body-limits.server.ts).
 * Browsers always send a length with forms; a body streamed without one
 * (chunked) cannot be measured without buffering it, so it gets 411.
 */
export function limitRequestBody(limitFor: (pathname: string) => number = bodyLimitFor): express.RequestHandler {
  return (req, res, next) => {
    const maxBytes = limitFor(req.path)
    const length = req.headers['content-length']
    const refuse = (status: number, message: string) => {
      // The unread body would otherwise be drained from a connection kept alive.
      res.set('Connection', 'close')
      res.status(status).type('text/plain; charset=utf-8').send(message)
    }
    if (length !== undefined) {
      if (!/^\d+$/.test(length)) return refuse(400, 'Content-Length inválido.')
      if (Number(length) > maxBytes) return refuse(413, bodyTooLargeMessage(maxBytes))
      return next()
    }
    if (req.headers['transfer-encoding']) return refuse(411, 'Envie o cabeçalho Content-Length.')
    next()
  }
}

/** express.static options that send one of the cache presets instead of serve-static's own Cache-Control. */
const staticWith = (value: string) => ({
  cacheControl: false,
  setHeaders: (res: { setHeader(name: string, value: string): void }) => res.setHeader('Cache-Control', value),
})

/** The Express application: headers, compression, static files, logging, then Remix. */
export function createApp({ env, build, viteMiddlewares, clientDir, pageCache = pageCacheFor(env) }: CreateAppOptions) {
  const isProduction = env.NODE_ENV === 'production'
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)
  // A plain page view (no campaign parameters, click ids or external referrer) may come from the cache;
  // an editor's preview never does (ADR 037).
  const isPlainView: PlainViewCheck = (url, referer, cookie) => !carriesAttribution(`http://site${url}`, referer) && !carriesPreviewCookie(cookie)

  app.use(requestLogger(env.LOG_REQUESTS))
  // A stopping instance (SIGTERM) closes each connection after its answer: keep-alive must not hold it open.
  app.use((_req, res, next) => {
    if (isDraining()) res.set('Connection', 'close')
    next()
  })
  // Before anything reads a body: method, target, Host, cross-site Origin, and the per-address budget.
  app.use(guardRequest({ limiter: rateLimiter({ name: 'post', limit: () => env.POST_RATE_LIMIT_PER_MINUTE, store: 'memory' }) }))
  // A publish drops the cached pages: another instance's is noticed here, by the stored content version,
  // before any cache is read (publish.server.ts, ADR 042).
  onContentPublished(() => pageCache.purge())
  app.use((req, _res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/assets/')) return next()
    ensureFreshContent().then(() => next(), next)
  })
  // A cached page goes out here, with the headers it was stored with, already gzipped.
  app.use(servePageCacheHits(pageCache, isPlainView))
  app.use((req, res, next) => {
    res.set(baseSecurityHeaders({ isProduction, isHttps: req.secure, pathname: req.path, framedBySelf: carriesPreviewCookie(req.headers.cookie) }))
    // /studio gets its own, scoped, looser nonce policy (Sanity's API and assets); its pages are never cached.
    if (STUDIO_PATH.test(req.path)) {
      const nonce = crypto.randomBytes(16).toString('base64')
      res.locals.cspNonce = nonce
      res.set('Content-Security-Policy', studioContentSecurityPolicy({ nonce, isDevelopment: !isProduction }))
    }
    next()
  })
  // Every response states its cache policy. One that sets a cookie (the origin cookie) is personal:
  // keep it out of every cache. One that states none (an error, a data request) is treated alike, and so
  // is every answer to an editor in preview (drafts: ADR 037).
  // Every response has a CSP: a site document brings the hashes of its own inline scripts
  // (entry.server.tsx); anything else that states none allows no script at all. (Here, at the last
  // moment, not up front: Remix's Express adapter appends its headers, and a browser enforces both
  // of two policies, so a scriptless one set early would block the document's scripts.)
  app.use((req, res, next) => {
    const writeHead = res.writeHead
    // Hashed assets are the same for everyone, in a preview too: editors' browsers keep them.
    const inPreview = carriesPreviewCookie(req.headers.cookie) && !req.path.startsWith('/assets/')
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      if (inPreview || this.getHeader('Set-Cookie') || !this.getHeader('Cache-Control')) this.setHeader('Cache-Control', cacheControl.privateNoStore)
      if (!this.getHeader('Content-Security-Policy')) this.setHeader('Content-Security-Policy', scriptlessContentSecurityPolicy(!isProduction))
      return writeHead.apply(this, args)
    } as typeof writeHead
    next()
  })
  app.use(compression())
  app.use(limitRequestBody())

  if (viteMiddlewares) {
    app.use(viteMiddlewares)
  } else if (clientDir) {
    // Vite fingerprints everything under assets/: cache it forever.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), staticWith(cacheControl.immutableAsset)))
    // Other public files (favicon, images) may change between deploys: one hour.
    app.use(express.static(clientDir, staticWith(cacheControl.publicFile)))
  }

  app.use(recordPageCache(pageCache, isPlainView))
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: async (req, res) => ({
        cspNonce: String(res.locals.cspNonce ?? ''),
        clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        preview: carriesPreviewCookie(req.headers.cookie)
          ? // Only the cookie and the query string are read: the host is not.
            await readPreview(new Request(`http://site.invalid${req.originalUrl}`, { headers: { Cookie: req.headers.cookie ?? '' } }))
          : null,
      }),
    }),
  )
  // Express's router decodes the path for the catch-all above: a malformed escape throws URIError (400 page).
  app.use(answerMalformedPath)
  // Anything else passed on (a failed content check, a load context that threw): the logger's line, a 500 page.
  app.use(answerUnexpectedError)
  return app
}
