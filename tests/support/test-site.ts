/**
 * The whole site in this test process, on 127.0.0.1 and a free port: the
 * real Express app (security headers, request guard, body limit, logging)
 * and the real Remix request handler, with the app compiled by Vite the way
 * `npm run dev` does it, answering in production mode. Its leads go to an
 * embedded PGlite database in memory, which the test reads and seeds through
 * `db`, and its webhooks to `webhookUrl`.
 *
 * Raw requests (a Host with a space, an absolute-form target, TRACE) go
 * through `rawRequest`, which writes bytes to a socket: fetch cannot send them.
 *
 * One site per test file: the environment is read once per process.
 */
import type { Server } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import { createServer, type ViteDevServer } from 'vite'
import type * as ServerApp from '~/server/app'
import type * as EnvModule from '~/utils/env.server'
import type * as DatabaseModule from '../../db/client'
import type { Database } from '../../db/client'

export type TestSite = {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  /** Every line the server wrote to stdout, stderr or the console since it started. */
  logs: string[]
  /** The site's own database (its embedded PGlite in memory), to seed and read rows. */
  db: Database
  close(): Promise<void>
}

export type TestSiteOptions = {
  /** Environment variables for the site (SITE_URL, WEBHOOK_URL, limits…). */
  env?: Record<string, string>
}

/** Lines written to stdout, stderr or the console while `logs` is attached (the site logs JSON lines). */
function captureOutput(logs: string[]): () => void {
  const originals = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) }
  const tap = (original: typeof process.stdout.write) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logs.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof process.stdout.write
  process.stdout.write = tap(originals.out)
  process.stderr.write = tap(originals.err)
  // Vitest's console sends its lines to the main process, not through this process's streams: tap it too.
  const methods = ['error', 'warn', 'log', 'info', 'debug'] as const
  const originalConsole = Object.fromEntries(methods.map((method) => [method, console[method]])) as Pick<Console, (typeof methods)[number]>
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      logs.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '))
      originalConsole[method](...args)
    }
  }
  return () => {
    process.stdout.write = originals.out
    process.stderr.write = originals.err
    Object.assign(console, originalConsole)
  }
}

export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  Object.assign(process.env, {
    SITE_URL: 'http://localhost:3000',
    SESSION_SECRET: 'segredo-do-site-de-teste-em-processo',
    DATA_DIR: 'memory://',
    LOG_REQUESTS: 'false',
    ...options.env,
  })
  let vite: ViteDevServer | undefined
  let server: Server | undefined
  const logs: string[] = []
  const release = captureOutput(logs)
  try {
    vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false, watch: null }, appType: 'custom', logLevel: 'error' })
    const viteServer = vite
    // The server, its routes and its database in Vite's one module graph, as `npm run dev` loads them (ADR 041).
    const load = <T>(id: string) => viteServer.ssrLoadModule(id) as Promise<T>
    const { createApp } = await load<typeof ServerApp>('/app/server/app.ts')
    const { getEnv } = await load<typeof EnvModule>('/app/utils/env.server.ts')
    const database = await load<typeof DatabaseModule>('/db/client.ts')
    const env = getEnv()
    await database.migrateDatabase(env)
    // Production mode for Remix (no error details in answers); the modules themselves are Vite's dev build.
    const app = createApp({
      env: { ...env, NODE_ENV: 'production' },
      build: () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    })
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    const { port } = server.address() as AddressInfo
    const url = `http://127.0.0.1:${port}`
    // Compile the routes once now, so the first test does not pay for it.
    await fetch(`${url}/contato`).then((response) => response.arrayBuffer())
    const opened = server
    return {
      url,
      port,
      logs,
      db: database.getDatabase(env).db,
      async close() {
        release()
        await new Promise<void>((resolve) => {
          opened.close(() => resolve())
          opened.closeAllConnections()
        })
        await database.closeDatabase()
        await viteServer.close()
      },
    }
  } catch (error) {
    release()
    server?.close()
    await vite?.close()
    throw error
  }
}

export type RawResponse = { status: number; headers: Record<string, string>; body: string }

/** Writes `head` (and `body`) to the site's socket as they are, and reads the whole answer. */
export function rawRequest(port: number, head: string, body: Buffer | string = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [headText = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...headerLines] = headText.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of headerLines) {
        const colon = line.indexOf(':')
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') })
    })
    socket.write(head.endsWith('\r\n\r\n') ? head : `${head.replace(/(\r\n)*$/, '')}\r\nConnection: close\r\n\r\n`)
    if (body.length > 0) socket.write(body)
  })
}
