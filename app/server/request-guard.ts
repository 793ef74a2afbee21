/**
 * Cheap checks on every request, before anything reads its body or hands it
 * to Remix, so an odd or hostile request gets a clear 4xx instead of a 500
 * and a stack trace (Remix builds a URL from the Host header, the undici
 * Request refuses TRACE, and Remix's own CSRF check throws on a cross-site
 * Origin):
 *
 * - requests that change something (any method but GET, HEAD, OPTIONS) are
 *   counted per client address, refused ones included: 429 with Retry-After;
 * - a method no route takes (OPTIONS, TRACE, CONNECT, WebDAV verbs…): 405
 *   with the methods some route takes (methods.server.ts; each route refuses
 *   the ones it does not take itself);
 * - a request target that is not a path (absolute or authority form): 400;
 * - a Host or X-Forwarded-Host that is not a host name: 400;
 * - an Origin from another site (or `null`) on a request that changes
 *   something: 403 with a page in Portuguese. Same-origin means what Remix
 *   checks: the Origin's host equals X-Forwarded-Host, else Host.
 */
import type { ErrorRequestHandler, RequestHandler, Response } from 'express'
import { cacheControl } from '~/utils/http.server'
import { logError } from '~/utils/log.server'
import { ALLOW, methodNotAllowedMessage } from '~/utils/methods.server'
import type { MemoryRateLimiter } from '~/utils/rate-limit.server'

/** Methods handed to the routes: each answers the ones it does not take with its own 405 (methods.server.ts). */
export const ANSWERED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

export const guardMessages = {
  rateLimit: 'Muitas tentativas. Aguarde 1 minuto e tente novamente.',
  target: 'Endereço de requisição inválido.',
  host: 'Cabeçalho Host inválido.',
  crossSite: {
    title: 'Envio bloqueado',
    text: 'Este formulário foi enviado de outro site. Por segurança, só aceitamos envios feitos nas páginas da Alavanca Digital.',
    link: 'Ir para a página de contato',
    href: '/contato',
  },
  malformedPath: {
    title: 'Endereço inválido',
    text: 'Este endereço tem caracteres que não formam um link válido. Confira se ele foi copiado inteiro.',
    link: 'Ir para a página inicial',
    href: '/',
  },
  unexpected: {
    title: 'Erro no servidor',
    text: 'Algo deu errado do nosso lado. Tente de novo em alguns instantes.',
    link: 'Ir para a página inicial',
    href: '/',
  },
} as const

type PlainPage = { title: string; text: string; link: string; href: string }

export function isValidHost(value: string): boolean {
  if (value.length > 300 || !HOST.test(value)) return false
  const port = /:(\d+)$/.exec(value)?.[1]
  return port === undefined || Number(port) <= 65535
}

/** The first value of an X-Forwarded-Host header (a chain of proxies lists several). */
const firstForwardedHost = (header: string | undefined) => header?.split(',')[0]?.trim()

/** The host Remix compares the Origin with: the first X-Forwarded-Host, else Host. */
function hostRemixChecks(forwardedHost: string | undefined, host: string | undefined): string | undefined {
  return firstForwardedHost(forwardedHost) || host
}

/** Whether an Origin header names the same host the request was sent to (Remix's rule). */
export function isSameOrigin(origin: string, forwardedHost: string | undefined, host: string | undefined): boolean {
  if (origin === 'null') return false
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return false
  }
  const expected = hostRemixChecks(forwardedHost, host)
  return expected !== undefined && originHost === expected
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function sendPlain(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  // A body we did not read would otherwise be drained from a connection kept alive.
  res.set({ Connection: 'close', 'Cache-Control': cacheControl.privateNoStore, ...headers })
  res.status(status).type('text/plain; charset=utf-8').send(message)
}

/** A short page in Portuguese, outside Remix (the request never reached it), closing the connection. */
function sendPlainPage(res: Response, status: number, { title, text, link, href }: PlainPage) {
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Alavanca Digital</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f1a2e"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${href}" style="color:#4c1d95">${escapeHtml(link)}</a></p></body></html>`
  res.set({ Connection: 'close', 'Cache-Control': cacheControl.privateNoStore })
  res.status(status).type('text/html; charset=utf-8').send(page)
}

/**
 * Express's error handler for a path with a malformed escape (`/%`,
 * `/blog/%E0%A4%A`): its router throws URIError while decoding the path for
 * Remix's catch-all route. The visitor gets 400 and a page in Portuguese
 * instead of Express's English page, and the log gets no stack (the request
 * log already has the line). Any other error goes on to Express's handler.
 */
export const answerMalformedPath: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof URIError) || res.headersSent) return next(error)
  sendPlainPage(res, 400, guardMessages.malformedPath)
}

/**
 * The last error handler: any other error a middleware passed on is logged
 * by the one logger (Express's own handler would print its raw stack, with
 * whatever personal data its message holds) and answered with a 500 page in
 * Portuguese; an answer already under way is cut.
 */
export const answerUnexpectedError: ErrorRequestHandler = (error, _req, res, _next) => {
  logError(error)
  if (res.headersSent) return void res.destroy()
  sendPlainPage(res, 500, guardMessages.unexpected)
}

export type RequestGuardOptions = {
  /** Counts requests that change something, per client address. */
  limiter: MemoryRateLimiter
}

export function guardRequest({ limiter }: RequestGuardOptions): RequestHandler {
  return (req, res, next) => {
    const method = req.method.toUpperCase()
    if (!SAFE_METHODS.has(method)) {
      const decision = limiter.hit(req.ip ?? req.socket.remoteAddress ?? 'unknown')
      if (!decision.allowed) {
        return sendPlain(res, 429, guardMessages.rateLimit, { 'Retry-After': String(decision.retryAfterSeconds) })
      }
    }
    if (!(ANSWERED_METHODS as readonly string[]).includes(method)) {
      return sendPlain(res, 405, methodNotAllowedMessage(ALLOW.form), { Allow: ALLOW.form })
    }
    if (!req.url.startsWith('/')) return sendPlain(res, 400, guardMessages.target)
    const host = req.headers.host
    const forwardedHost = req.get('X-Forwarded-Host')
    const forwardedFirst = firstForwardedHost(forwardedHost)
    if (!host || !isValidHost(host) || (forwardedHost !== undefined && !isValidHost(forwardedFirst ?? ''))) {
      return sendPlain(res, 400, guardMessages.host)
    }
    const origin = req.get('Origin')
    if (!SAFE_METHODS.has(method) && origin !== undefined && !isSameOrigin(origin, forwardedHost, host)) {
      return sendPlainPage(res, 403, guardMessages.crossSite)
    }
    next()
  }
}
