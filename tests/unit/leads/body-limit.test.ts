import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, limitRequestBody } from '~/server/app'
import { FORM_BODY_LIMIT_BYTES } from '~/utils/body-limits.server'
import { parseEnv } from '~/utils/env.server'

async function listen(app: express.Express) {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

describe('request body limit (64 KB)', () => {
  let base = ''
  let close = () => {}
  let remixReached = 0

  beforeAll(async () => {
    // The real app: a body over the limit must be refused before Remix is asked for anything.
    const app = createApp({
      env: parseEnv({ LOG_REQUESTS: 'false' }),
      build: async () => {
        remixReached++
        throw new Error('Remix should not be reached')
      },
    })
    const started = await listen(app)
    base = started.base
    close = () => started.server.close()
  })
  afterAll(() => close())

  it('answers 413 before Remix, with the security headers', async () => {
    const body = new URLSearchParams({ message: 'x'.repeat(FORM_BODY_LIMIT_BYTES) })
    const response = await fetch(`${base}/contato`, { method: 'POST', body })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe('O envio excede o limite de 64 KB.')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(remixReached).toBe(0)
  })

  it('passes bodies within the limit on untouched', async () => {
    const app = express()
    app.use(limitRequestBody())
    app.post('/eco', express.text({ type: '*/*', limit: '1mb' }), (req, res) => {
      res.send(req.body)
    })
    const { server, base: echo } = await listen(app)
    try {
      const text = 'nome=Ana&mensagem=' + 'a'.repeat(FORM_BODY_LIMIT_BYTES - 100)
      const response = await fetch(`${echo}/eco`, { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(text)
    } finally {
      server.close()
    }
  })
})
