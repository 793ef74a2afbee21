/**
 * The preview link (ADR 037) when Sanity does not answer: the project's API
 * is a closed port on 127.0.0.1. The editor gets a 503 in Portuguese with
 * Retry-After, the log a line without a stack; and each address may try the
 * link only PREVIEW_ATTEMPTS_PER_MINUTE times a minute (each try would call
 * Sanity with the read token): then 429 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREVIEW_ATTEMPTS_PER_MINUTE, previewMessages } from '~/content/preview.server'
import { freePort } from '../../../scripts/lib/bench-support'
import { startTestSite, type TestSite } from '../../support/test-site'

let site: TestSite

beforeAll(async () => {
  site = await startTestSite({
    env: {
      TRUST_PROXY: 'loopback',
      SANITY_PROJECT_ID: 'proj1234',
      SANITY_DATASET: 'production',
      SANITY_READ_TOKEN: 'token-de-leitura-do-servidor',
      // A port nothing listens on: taken from the system, then let go.
      SANITY_API_HOST: `http://127.0.0.1:${await freePort()}`,
      SANITY_USE_CDN: 'false',
    },
  })
}, 120_000)

afterAll(async () => {
  await site?.close()
})

const tryLink = (ip: string) =>
  fetch(`${site.url}/api/preview-mode/enable?sanity-preview-secret=segredo-do-studio&sanity-preview-pathname=/sobre`, {
    headers: { 'X-Forwarded-For': ip },
    redirect: 'manual',
  })

const stackTraces = () => site.logs.filter((line) => /\n\s+at |"level":"error"/.test(line))

describe('the preview link with Sanity unreachable', () => {
  it('answers 503 in Portuguese with Retry-After, no cookie, and logs no stack', async () => {
    site.logs.length = 0
    const response = await tryLink('198.51.100.1')
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await response.text()).toBe(previewMessages.unavailable)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(stackTraces()).toEqual([])
  })

  it(`lets one address try ${PREVIEW_ATTEMPTS_PER_MINUTE} times a minute, then answers 429 with Retry-After; another address still gets its tries`, async () => {
    const statuses: number[] = []
    for (let index = 0; index < PREVIEW_ATTEMPTS_PER_MINUTE + 2; index++) statuses.push((await tryLink('198.51.100.2')).status)
    expect(statuses).toEqual([...Array<number>(PREVIEW_ATTEMPTS_PER_MINUTE).fill(503), 429, 429])
    const refused = await tryLink('198.51.100.2')
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await refused.text()).toBe(previewMessages.rateLimited)
    expect((await tryLink('198.51.100.3')).status).toBe(503)
  })
})
