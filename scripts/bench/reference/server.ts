/**
 * The reference app's production server, set up like ours (app/server/app.ts):
 * Express, `compression`, `express.static` for the hashed assets and the
 * public files, then `@remix-run/express`'s request handler. Reads PORT;
 * serves the build in scripts/bench/reference/build (built by the bench).
 */
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

const buildDir = path.join(import.meta.dirname, 'build')
const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild

const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }))
app.all('*', createRequestHandler({ build, mode: 'production' }))

const port = Number(process.env.PORT ?? 3000)
app.listen(port, () => console.log(`reference app on http://127.0.0.1:${port}`))
