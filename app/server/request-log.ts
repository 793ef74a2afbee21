import type { NextFunction, Request, Response } from 'express'
import { logJson } from '~/utils/log.server'

/** Logs each request once it has finished: method, path (the logger keeps its query's names, not their values), status, duration. */
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
        path: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10,
      })
    })
    next()
  }
}
