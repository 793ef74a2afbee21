/**
 * The production entry point. `npm run build` bundles this file together with
 * Remix's server build into build/server/server.js (scripts/lib/server-entry.ts,
 * ADR 041), and `npm start` runs that file with plain `node`: one module graph,
 * no TypeScript loader. What the process needs beside build/ and node_modules
 * is listed in the README ("Deploying").
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as build from 'virtual:remix/server-build'
import { startSite } from '~/server/start.server'

// build/server/server.js: the client build is build/client, the migrations were copied beside it.
const here = path.dirname(fileURLToPath(import.meta.url))

await startSite({ build, clientDir: path.resolve(here, '../client'), migrationsFolder: path.join(here, 'migrations') })
