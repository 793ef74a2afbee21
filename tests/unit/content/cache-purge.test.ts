/**
 * The CDN purge adapters (app/content/cache-purge.server.ts), one attempt at
 * a time and without a database, against stand-ins that check every request
 * as the vendor documents it (tests/support/cdn-stand-ins.ts): a request with
 * the wrong path, key, body or batch size is refused there, so these tests
 * fail when the adapter sends one. The outbox around them is
 * tests/integration/content/cache-purge.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  activeCachePurgeTargets,
  attemptCachePurge,
  cachePurgeSettingsFromEnv,
  purgeBatches,
  type CachePurgeSettings,
  type CachePurgeTarget,
} from '~/content/cache-purge.server'
import { createDeliveryId } from '~/delivery/http.server'
import { parseEnv } from '~/utils/env.server'
import { startCloudflareStandIn, startFastlyStandIn, startGenericPurgeStandIn, type CdnStandIn } from '../../support/cdn-stand-ins'

const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const FASTLY = { serviceId: 'SU1Z0isxPaozGVKXdv0eY', apiToken: 'token-da-fastly-de-teste' }
const CLOUDFLARE = { zoneId: '023e105f4ecef8ad9ca31a8372d0c353', apiToken: 'token-da-cloudflare-de-teste' }
const TIMEOUT_MS = 300

const tagsOf = (count: number) => Array.from({ length: count }, (_, index) => `tipo-${index}`)

type Case = {
  target: CachePurgeTarget
  /** Most tags the vendor documents for one request (the generic target: all of them). */
  max: number
  /** A 4xx body as the vendor writes it, carrying `message`. */
  errorBody: (code: number, message: string) => unknown
  /** Settings the stand-in refuses (a wrong credential or id), with what it answers. */
  wrong: Array<{ what: string; settings: (settings: CachePurgeSettings) => CachePurgeSettings; status: number; message: string }>
}

const cases: Case[] = [
  {
    target: 'cache_purge',
    max: Infinity,
    errorBody: (_code, message) => ({ error: message }),
    wrong: [
      {
        what: 'secret',
        settings: (s) => ({ ...s, generic: { ...s.generic!, secret: `whsec_${randomBytes(32).toString('base64')}` } }),
        status: 401,
        message: 'invalid signature',
      },
      {
        what: 'path',
        settings: (s) => ({ ...s, generic: { ...s.generic!, url: s.generic!.url.replace(/\/purge$/, '/outro') } }),
        status: 404,
        message: 'unknown route',
      },
    ],
  },
  {
    target: 'fastly',
    max: 256,
    errorBody: (_code, message) => ({ msg: message, detail: message }),
    wrong: [
      {
        what: 'API token',
        settings: (s) => ({ ...s, fastly: { ...s.fastly!, apiToken: 'outro-token-qualquer' } }),
        status: 401,
        message: 'Provided credentials are missing or invalid',
      },
      { what: 'service id', settings: (s) => ({ ...s, fastly: { ...s.fastly!, serviceId: 'OutroServico' } }), status: 404, message: 'unknown route' },
    ],
  },
  {
    target: 'cloudflare',
    max: 100,
    errorBody: (code, message) => ({ success: false, errors: [{ code, message }], messages: [], result: null }),
    wrong: [
      {
        what: 'API token',
        settings: (s) => ({ ...s, cloudflare: { ...s.cloudflare!, apiToken: 'outro-token-qualquer' } }),
        status: 403,
        message: 'Cloudflare: 10000 Authentication error',
      },
      {
        what: 'zone id',
        settings: (s) => ({ ...s, cloudflare: { ...s.cloudflare!, zoneId: 'ffffffffffffffffffffffffffffffff' } }),
        status: 404,
        message: 'Cloudflare: 7003 Could not route to the requested zone',
      },
    ],
  },
]

describe('CDN purge adapters against their stand-ins', () => {
  const standIns = {} as Record<CachePurgeTarget, CdnStandIn>
  let generic: Awaited<ReturnType<typeof startGenericPurgeStandIn>>
  let settings: CachePurgeSettings

  beforeAll(async () => {
    generic = await startGenericPurgeStandIn({ secret: SECRET })
    standIns.cache_purge = generic
    standIns.fastly = await startFastlyStandIn(FASTLY)
    standIns.cloudflare = await startCloudflareStandIn(CLOUDFLARE)
    settings = cachePurgeSettingsFromEnv(
      parseEnv({
        CACHE_PURGE_URL: generic.url,
        CACHE_PURGE_SECRET: SECRET,
        FASTLY_SERVICE_ID: FASTLY.serviceId,
        FASTLY_API_TOKEN: FASTLY.apiToken,
        FASTLY_API_URL: standIns.fastly.url,
        CLOUDFLARE_ZONE_ID: CLOUDFLARE.zoneId,
        CLOUDFLARE_API_TOKEN: CLOUDFLARE.apiToken,
        CLOUDFLARE_API_URL: `${standIns.cloudflare.url}/`,
      }),
    )
  })
  afterAll(() => Promise.all(Object.values(standIns).map((standIn) => standIn.close())))
  beforeEach(() => Object.values(standIns).forEach((standIn) => standIn.reset()))

  const attempt = (target: CachePurgeTarget, tags: string[], options: { settings?: CachePurgeSettings; messageId?: string } = {}) =>
    attemptCachePurge({ target, tags, settings: options.settings ?? settings, messageId: options.messageId ?? createDeliveryId(), timeoutMs: TIMEOUT_MS })

  describe.each(cases)('$target', ({ target, max, errorBody, wrong }) => {
    const standIn = () => standIns[target]

    it('sends a few tags in one request, as the vendor documents it', async () => {
      expect(await attempt(target, ['site', 'article', 'site'])).toEqual({ kind: 'delivered', status: 200 })
      expect(standIn().purges).toEqual([['site', 'article']])
      expect(standIn().refused).toEqual([])
    })

    it('splits 300 tags into requests of at most the documented maximum, each tag once', async () => {
      const tags = tagsOf(300)
      const id = createDeliveryId()
      expect(await attempt(target, [...tags, ...tags.slice(0, 20)], { messageId: id })).toMatchObject({ kind: 'delivered' })
      const sizes = standIn().purges.map((batch) => batch.length)
      expect(sizes).toEqual(max === 256 ? [256, 44] : max === 100 ? [100, 100, 100] : [300])
      expect(standIn().purges.flat()).toEqual(tags)
      expect(standIn().refused).toEqual([])
      // The generic target's webhook-id is the row's, so its receiver can drop a repeat.
      if (target === 'cache_purge') expect(generic.messageIds).toEqual([id])
    })

    it('keeps a 429 for later, with its Retry-After, and delivers on the next attempt', async () => {
      standIn().queue({ status: 429, headers: { 'Retry-After': '7' }, body: errorBody(429, 'Too many requests') })
      const id = createDeliveryId()
      expect(await attempt(target, ['article'], { messageId: id })).toMatchObject({ kind: 'retry', status: 429, retryAfterMs: 7_000 })
      expect(standIn().purges).toEqual([])
      expect(await attempt(target, ['article'], { messageId: id })).toEqual({ kind: 'delivered', status: 200 })
      expect(standIn().purges).toEqual([['article']])
      if (target === 'cache_purge') expect(generic.messageIds).toEqual([id, id])
    })

    it('retries a 5xx', async () => {
      standIn().queue({ status: 503, body: errorBody(503, 'Service Unavailable') })
      expect(await attempt(target, ['article'])).toMatchObject({ kind: 'retry', status: 503 })
      expect(await attempt(target, ['article'])).toEqual({ kind: 'delivered', status: 200 })
      expect(standIn().purges).toEqual([['article']])
    })

    it('retries silence with a timeout error', async () => {
      standIn().queue('hang')
      expect(await attempt(target, ['article'])).toEqual({ kind: 'retry', status: null, error: `timeout after ${TIMEOUT_MS} ms` })
      expect(standIn().purges).toEqual([])
    })

    it.each([400, 401, 403, 404, 422])('gives up on a %i, which says the request is wrong, showing the vendor’s message', async (status) => {
      standIn().queue({ status, body: errorBody(1000 + status, `recusado com ${status}`) })
      const outcome = await attempt(target, ['article'])
      expect(outcome).toMatchObject({ kind: 'gone', status })
      expect(outcome.kind === 'gone' && outcome.error).toContain(`recusado com ${status}`)
    })

    it.each(wrong)('is refused by the stand-in for a wrong $what, and does not retry', async ({ settings: wrongSettings, status, message }) => {
      const outcome = await attempt(target, ['article'], { settings: wrongSettings(settings) })
      expect(outcome).toMatchObject({ kind: 'gone', status })
      expect(outcome.kind === 'gone' && outcome.error).toContain(message)
      expect(standIn().refused).toHaveLength(1)
      expect(standIn().purges).toEqual([])
    })

    it('is not active without its configuration, and an attempt for it is not a purge', async () => {
      const key = ({ cache_purge: 'generic', fastly: 'fastly', cloudflare: 'cloudflare' } as const)[target]
      const without = { ...settings, [key]: null }
      expect(activeCachePurgeTargets(without)).not.toContain(target)
      expect(activeCachePurgeTargets(without)).toHaveLength(2)
      expect(await attempt(target, ['article'], { settings: without })).toMatchObject({ kind: 'retry', status: null })
      expect(standIn().purges).toEqual([])
    })
  })

  describe.each(cases.filter((item) => Number.isFinite(item.max)))('$target, several batches', ({ target }) => {
    it('fails the attempt when one batch fails, and the retry sends every batch again', async () => {
      const tags = tagsOf(300)
      const standIn = standIns[target]
      // The first batch is purged, the second meets a 503.
      standIn.queue({ status: 200 }, { status: 503 })
      expect(await attempt(target, tags)).toMatchObject({ kind: 'retry', status: 503 })
      const first = standIn.purges.map((batch) => batch.length)
      expect(first).toHaveLength(1)
      expect(await attempt(target, tags)).toMatchObject({ kind: 'delivered' })
      expect(standIn.purges.slice(1).flat()).toEqual(tags)
      expect(standIn.refused).toEqual([])
    })
  })

  describe('cloudflare envelope', () => {
    it('takes a 200 with "success": false for a refusal, with its errors', async () => {
      standIns.cloudflare.queue({
        status: 200,
        body: { success: false, errors: [{ code: 1134, message: 'Purge by tag is not allowed' }], messages: [], result: null },
      })
      expect(await attempt('cloudflare', ['article'])).toEqual({ kind: 'gone', status: 200, error: 'Cloudflare: 1134 Purge by tag is not allowed' })
    })

    it('takes a 200 without the envelope for a refusal too', async () => {
      standIns.cloudflare.queue({ status: 200, body: { ok: true } })
      expect(await attempt('cloudflare', ['article'])).toEqual({ kind: 'gone', status: 200, error: 'Cloudflare: success: false' })
    })

    it('retries a proxy’s 502 page that is not JSON', async () => {
      standIns.cloudflare.queue({ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html>Bad gateway</html>' })
      expect(await attempt('cloudflare', ['article'])).toMatchObject({ kind: 'retry', status: 502 })
    })
  })
})

describe('purgeBatches', () => {
  it('drops repeats and blanks, and sends nothing for no tags', () => {
    expect(purgeBatches('fastly', ['a', 'b', 'a', ' ', ''])).toEqual([['a', 'b']])
    expect(purgeBatches('cloudflare', [])).toEqual([])
    expect(purgeBatches('cache_purge', [''])).toEqual([])
  })

  it('fills each batch up to the vendor’s maximum', () => {
    expect(purgeBatches('fastly', tagsOf(256)).map((batch) => batch.length)).toEqual([256])
    expect(purgeBatches('fastly', tagsOf(257)).map((batch) => batch.length)).toEqual([256, 1])
    expect(purgeBatches('cloudflare', tagsOf(201)).map((batch) => batch.length)).toEqual([100, 100, 1])
    expect(purgeBatches('cache_purge', tagsOf(1000)).map((batch) => batch.length)).toEqual([1000])
  })
})

describe('CDN settings from the environment', () => {
  it('has no target by default, and the vendors’ API addresses', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ FASTLY_API_URL: 'https://api.fastly.com', CLOUDFLARE_API_URL: 'https://api.cloudflare.com' })
    const none = cachePurgeSettingsFromEnv(env)
    expect(none).toEqual({ generic: null, fastly: null, cloudflare: null })
    expect(activeCachePurgeTargets(none)).toEqual([])
  })

  it('turns on each target whose two halves are set, and only those', () => {
    const fastlyOnly = cachePurgeSettingsFromEnv(parseEnv({ FASTLY_SERVICE_ID: FASTLY.serviceId, FASTLY_API_TOKEN: FASTLY.apiToken }))
    expect(fastlyOnly.fastly).toEqual({ ...FASTLY, apiUrl: 'https://api.fastly.com' })
    expect(activeCachePurgeTargets(fastlyOnly)).toEqual(['fastly'])
    // One half alone (were the startup check bypassed) is no target.
    expect(cachePurgeSettingsFromEnv({ ...parseEnv({}), CLOUDFLARE_ZONE_ID: CLOUDFLARE.zoneId })).toEqual({ generic: null, fastly: null, cloudflare: null })
    expect(cachePurgeSettingsFromEnv({ ...parseEnv({}), CACHE_PURGE_URL: 'https://purge.exemplo.com.br/' }).generic).toBeNull()
  })

  it('refuses to start with one half of a pair, naming the missing variable', () => {
    expect(() => parseEnv({ FASTLY_SERVICE_ID: FASTLY.serviceId })).toThrow(/FASTLY_API_TOKEN: required when FASTLY_SERVICE_ID is set/)
    expect(() => parseEnv({ CLOUDFLARE_API_TOKEN: CLOUDFLARE.apiToken })).toThrow(/CLOUDFLARE_ZONE_ID: required when CLOUDFLARE_API_TOKEN is set/)
    expect(() => parseEnv({ CACHE_PURGE_URL: 'https://purge.exemplo.com.br/' })).toThrow(/CACHE_PURGE_SECRET: required when CACHE_PURGE_URL is set/)
  })

  it('checks the generic target’s secret as the lead webhook’s', () => {
    expect(() => parseEnv({ CACHE_PURGE_URL: 'https://purge.exemplo.com.br/', CACHE_PURGE_SECRET: 'segredo-curto' })).toThrow(/CACHE_PURGE_SECRET/)
    expect(() => parseEnv({ CACHE_PURGE_URL: 'https://purge.exemplo.com.br/', CACHE_PURGE_SECRET: 'segredo-curto' })).not.toThrow(/segredo-curto/)
  })
})
