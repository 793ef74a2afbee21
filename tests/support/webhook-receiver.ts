/**
 * A real webhook receiver on 127.0.0.1 for tests and the bench: records every
 * request (headers and raw body) and answers as told. It can be taken down and
 * brought back on the same port to play an outage.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export type ReceivedWebhook = {
  /** The request's path and query. */
  url: string
  headers: IncomingHttpHeaders
  body: string
  receivedAt: number
}

export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }

export type WebhookReceiver = {
  url: string
  port: number
  received: ReceivedWebhook[]
  /** How the next requests are answered (default: 204). */
  answer(responder: (request: ReceivedWebhook, index: number) => ReceiverAnswer): void
  /** Stops listening (connections are refused) until `up()`. */
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

/** The header values as Webhook.verify wants them. */
export function signatureHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const pick = (name: string) => {
    const value = headers[name]
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '')
  }
  return {
    'webhook-id': pick('webhook-id'),
    'webhook-timestamp': pick('webhook-timestamp'),
    'webhook-signature': pick('webhook-signature'),
  }
}

/** Verifies a received request with the standardwebhooks package; throws when the signature is wrong. */
export function verifyWebhook(secret: string, request: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(request.body, signatureHeaders(request.headers))
}

export async function startWebhookReceiver(options: { path?: string; port?: number } = {}): Promise<WebhookReceiver> {
  const path = options.path ?? '/webhooks/leads'
  const received: ReceivedWebhook[] = []
  let responder: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => ({ status: 204 })
  let server: Server | undefined
  let port = options.port ?? 0

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (chunk: Buffer) => chunks.push(chunk))
        req.on('end', () => {
          const url = req.url ?? '/'
          const request: ReceivedWebhook = { url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() }
          const index = received.push(request) - 1
          const answer = url.split('?')[0] === path ? responder(request, index) : { status: 404 }
          const send = () => {
            res.writeHead(answer.status, answer.headers)
            res.end(answer.body ?? '')
          }
          if (answer.delayMs) setTimeout(send, answer.delayMs)
          else send()
        })
      })
      next.keepAliveTimeout = 1_000
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port
        server = next
        resolve()
      })
    })

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server
      server = undefined
      if (!current) return resolve()
      current.close(() => resolve())
      current.closeAllConnections()
    })

  await listen()
  return {
    get url() {
      return `http://127.0.0.1:${port}${path}`
    },
    get port() {
      return port
    },
    received,
    answer(next) {
      responder = next
    },
    down: stop,
    up: listen,
    close: stop,
  }
}
