import type { NextFunction, Request, Response } from 'express'
import { logJson } from '~/utils/log.server'

/**
 * Query parameters whose values never reach the log: one-time links (the
 * first admin's setup token, the Studio's preview secret) and what an admin
 * searched for, which may be a person's name or e-mail.
 */
const REDACTED_PARAMETER = /token|secret|busca|e-?mail/i

/** The request's path and query as the log keeps it: secrets and searches replaced by '***'. */
export function loggablePath(originalUrl: string): string {
  const query = originalUrl.indexOf('?')
  if (query === -1) return originalUrl
  const parameters = new URLSearchParams(originalUrl.slice(query + 1))
  for (const name of new Set(parameters.keys())) {
    if (REDACTED_PARAMETER.test(name)) parameters.set(name, '***')
  }
  return `${originalUrl.slice(0, query)}?${parameters.toString()}`
}

/** Logs each request once it has finished: method, path, status, duration. */
export function requestLogger(enabled: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!enabled) return next()
    const start = process.hrtime.bigint()
    res.on('finish', () => {
      // Hashed assets would drown the log; their errors still show.
      if (req.path.startsWith('/assets/') && res.statusCode < 400) return
      logJson({
        level: res.statusCode >= 500 ? 'error' : 'info',
        msg: 'request',
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10,
      })
    })
    next()
  }
}
