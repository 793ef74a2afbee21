/**
 * A stand-in for an outside service's HTTP API on 127.0.0.1 (the CDNs,
 * the CRMs): `check` reads each request as the vendor documents it and
 * either refuses it as the vendor would (a 4xx with the vendor's error
 * body; a test expects no refusal) or accepts it; an accepted request is
 * answered as the test queued (2xx by default, or 429, 5xx, a 4xx, or
 * silence), and recorded when that answer is a success.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A body is sent as JSON, a string as it is (a proxy's HTML page); 'hang' never answers. */
export type StandInAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang'

export type StandInVerdict<T> = { accepted: T } | { error: string; status: number; body: unknown }

export type VendorStandIn<T> = {
  url: string
  /** What it accepted and answered with a success, in order. */
  accepted: T[]
  /** The bodies it answered those successes with, in order (RD Station's `event_uuid`). */
  answered: unknown[]
  /** Requests it refused as malformed (wrong path, key, body): a test expects none. */
  refused: string[]
  /** Requests that passed its checks, answered or not (a 429, a hang): the vendor saw each one. */
  seen: () => number
  /** How the next accepted requests are answered, in order (then the vendor's success); a 2xx without a body gets the vendor's success body. */
  queue(...answers: StandInAnswer[]): void
  /** Forgets what it received and any answers still queued. */
  reset(): void
  close(): Promise<void>
}

/** Closes a stand-in's server, letting go of the answers it holds back ('hang') first. */
export const closeStandIn = (server: Server, hanging: Set<() => void>) =>
  new Promise<void>((resolve) => {
    for (const release of hanging) release()
    server.closeAllConnections()
    server.close(() => resolve())
  })

export const isJson = (request: IncomingMessage) => (request.headers['content-type'] ?? '').startsWith('application/json')

export async function startVendorStandIn<T>(
  check: (request: IncomingMessage, body: unknown, raw: string) => StandInVerdict<T>,
  success: (accepted: T) => unknown,
  path = '',
): Promise<VendorStandIn<T>> {
  const accepted: T[] = []
  const answered: unknown[] = []
  const refused: string[] = []
  const answers: StandInAnswer[] = []
  const hanging = new Set<() => void>()
  let seen = 0
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        body = undefined
      }
      const verdict = check(request, body, raw)
      if ('error' in verdict) {
        refused.push(verdict.error)
        response.writeHead(verdict.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(verdict.body))
        return
      }
      seen++
      const answer = answers.shift() ?? { status: 200, body: success(verdict.accepted) }
      if (answer === 'hang') {
        hanging.add(() => response.destroy())
        return
      }
      const succeeded = answer.status >= 200 && answer.status < 300
      if (succeeded) accepted.push(verdict.accepted)
      const answerBody = answer.body ?? (succeeded ? success(verdict.accepted) : {})
      if (succeeded) answered.push(answerBody)
      response
        .writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
        .end(answerBody === undefined ? '' : typeof answerBody === 'string' ? answerBody : JSON.stringify(answerBody))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    accepted,
    answered,
    refused,
    seen: () => seen,
    queue: (...next) => answers.push(...next),
    reset() {
      accepted.length = 0
      answered.length = 0
      refused.length = 0
      answers.length = 0
      seen = 0
    },
    close: () => closeStandIn(server, hanging),
  }
}
