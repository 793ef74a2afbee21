import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import type { Env } from '~/env.server'
import { SlidingWindowRateLimiter } from '~/leads/rate-limit.server'
import { MAX_FORM_BODY_BYTES } from '~/utils/form-body.server'
import { cacheControl } from '~/utils/http.server'
import { guardRequest } from './request-guard'
import { requestLogger } from './request-log'
import { baseSecurityHeaders, contentSecurityPolicyFor } from './security-headers'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Nonce of this request's Content-Security-Policy; put it on every inline script. */
    cspNonce: string
    /** Client address as Express resolves it under TRUST_PROXY (never a raw header). */
    clientIp: string
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
}

/**
 * Refuses oversized bodies from their Content-Length, before anything reads
 * them. Browsers always send a length with forms; a body streamed without one
 * (chunked) cannot be measured without buffering it, so it gets 411.
 */
export function limitRequestBody(maxBytes: number = MAX_FORM_BODY_BYTES): express.RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length']
    const refuse = (status: number, message: string) => {
      // The unread body would otherwise be drained from a connection kept alive.
      res.set('Connection', 'close')
      res.status(status).type('text/plain; charset=utf-8').send(message)
    }
    if (length !== undefined) {
      if (!/^\d+$/.test(length)) return refuse(400, 'Content-Length inválido.')
      if (Number(length) > maxBytes) return refuse(413, `O envio excede o limite de ${Math.round(maxBytes / 1024)} KB.`)
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
export function createApp({ env, build, viteMiddlewares, clientDir }: CreateAppOptions) {
  const isProduction = env.NODE_ENV === 'production'
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)

  app.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    res.set(baseSecurityHeaders({ isProduction, isHttps: req.secure }))
    // The site's strict nonce CSP everywhere; /studio gets its own, scoped, looser policy (Sanity's API and assets).
    res.set('Content-Security-Policy', contentSecurityPolicyFor(req.path, { nonce, isDevelopment: !isProduction }))
    next()
  })
  // Every response states its cache policy. One that sets a cookie (the origin cookie) is personal:
  // keep it out of every cache. One that states none (an error, a data request) is treated alike.
  app.use((_req, res, next) => {
    const writeHead = res.writeHead
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      if (this.getHeader('Set-Cookie') || !this.getHeader('Cache-Control')) this.setHeader('Cache-Control', cacheControl.privateNoStore)
      return writeHead.apply(this, args)
    } as typeof writeHead
    next()
  })
  app.use(compression())
  app.use(requestLogger(env.LOG_REQUESTS))
  // Before anything reads a body: method, target, Host, cross-site Origin, and the per-address budget.
  app.use(guardRequest({ limiter: new SlidingWindowRateLimiter(() => env.POST_RATE_LIMIT_PER_MINUTE) }))
  app.use(limitRequestBody())

  if (viteMiddlewares) {
    app.use(viteMiddlewares)
  } else if (clientDir) {
    // Vite fingerprints everything under assets/: cache it forever.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), staticWith(cacheControl.immutableAsset)))
    // Other public files (favicon, images) may change between deploys: one hour.
    app.use(express.static(clientDir, staticWith(cacheControl.publicFile)))
  }

  app.all(
    '*',
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce),
        clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      }),
    }),
  )
  return app
}
