/**
 * `npm run dev`: the site through Vite's middleware, with hot reload. The
 * server itself (app/server/start.server.ts) is loaded through Vite too, so
 * the server, the routes and the worker share Vite's one module graph, as
 * they share the bundle's in production (ADR 041). Changes to db/ need a
 * restart (their migrations run at start).
 */
import type { ServerBuild } from '@remix-run/node'
import { createServer } from 'vite'
import type * as Start from '../app/server/start.server'

const vite = await createServer({ server: { middlewareMode: true } })
const { startSite } = (await vite.ssrLoadModule('/app/server/start.server.ts')) as typeof Start
await startSite({
  build: () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
  viteMiddlewares: vite.middlewares,
  closeVite: () => vite.close(),
})
