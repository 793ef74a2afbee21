/**
 * A publish purges its tags at every configured CDN through the outbox
 * (ADR 042), each against a stand-in that checks the request as the vendor
 * documents it: recorded with the publish, sent once, retried after a 429
 * (its Retry-After honoured) or a 5xx or silence, never after a 4xx that says
 * the request is wrong, and listed in /admin/entregas meanwhile. PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deliveryHealth } from '~/admin/deliveries.server'
import { cachePurgeHandlers } from '~/content/cache-purge-queue.server'
import { activeCachePurgeTargets, cachePurgeSettingsFromEnv, type CachePurgeSettings } from '~/content/cache-purge.server'
import { revalidateContent } from '~/content/revalidate.server'
import { deliverOutbox, outboxTargets, type OutboxDeps } from '~/leads/outbox.server'
import { parseEnv } from '~/utils/env.server'
import type { DatabaseHandle } from '../../../db/client'
import { outbox } from '../../../db/schema'
import { startCloudflareStandIn, startFastlyStandIn, type CdnStandIn } from '../../support/cdn-stand-ins'
import { testDatabaseTargets } from '../../support/databases'
import { sanityPublishRequest } from '../../support/sanity-webhook'
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../support/webhook-receiver'

const WEBHOOK_SECRET = 'segredo-do-webhook-de-publicacao'
const REVALIDATE_URL = 'http://localhost/api/content/revalidate'
const PURGE_SECRET = `whsec_${randomBytes(32).toString('base64')}`
const FASTLY = { serviceId: 'SU1Z0isxPaozGVKXdv0eY', apiToken: 'token-da-fastly-de-teste' }
const CLOUDFLARE = { zoneId: '023e105f4ecef8ad9ca31a8372d0c353', apiToken: 'token-da-cloudflare-de-teste' }

describe.each(testDatabaseTargets())('CDN purges of a publish on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let fastly: CdnStandIn
  let cloudflare: CdnStandIn
  let generic: WebhookReceiver
  let settings: CachePurgeSettings

  beforeAll(async () => {
    handle = await open()
    fastly = await startFastlyStandIn(FASTLY)
    cloudflare = await startCloudflareStandIn(CLOUDFLARE)
    generic = await startWebhookReceiver({ path: '/limpar-cache' })
    settings = cachePurgeSettingsFromEnv(
      parseEnv({
        CACHE_PURGE_URL: generic.url,
        CACHE_PURGE_SECRET: PURGE_SECRET,
        FASTLY_SERVICE_ID: FASTLY.serviceId,
        FASTLY_API_TOKEN: FASTLY.apiToken,
        FASTLY_API_URL: fastly.url,
        CLOUDFLARE_ZONE_ID: CLOUDFLARE.zoneId,
        CLOUDFLARE_API_TOKEN: CLOUDFLARE.apiToken,
        CLOUDFLARE_API_URL: cloudflare.url,
      }),
    )
  })
  afterAll(async () => {
    await Promise.all([fastly?.close(), cloudflare?.close(), generic?.close()])
    await handle?.close()
  })
  beforeEach(async () => {
    await handle.db.execute(sql`truncate table content_publishes, outbox, delivery_pauses cascade`)
    fastly.reset()
    cloudflare.reset()
    generic.received.length = 0
    generic.answer(() => ({ status: 204 }))
  })

  const deps = (now = new Date()): OutboxDeps => ({
    db: handle.db,
    timing: { timeoutMs: 500, retryScheduleMs: [1_000, 60_000] },
    webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
    handlers: cachePurgeHandlers(settings),
    now: () => now,
  })

  async function publish(document: { _id: string; _type: string }, key = randomBytes(4).toString('hex')) {
    const request = await sanityPublishRequest(REVALIDATE_URL, document, { secret: WEBHOOK_SECRET, idempotencyKey: key })
    const response = await revalidateContent(request, { secret: WEBHOOK_SECRET, db: () => handle.db, purgeTargets: activeCachePurgeTargets(settings) })
    expect(response.status).toBe(200)
  }

  const rows = () => handle.db.select().from(outbox)

  it('sends each CDN the changed document’s tags once, as its API documents, and the generic target signed', async () => {
    await publish({ _id: 'siteSettings', _type: 'siteSettings' })
    expect(await deliverOutbox(deps())).toMatchObject({ claimed: 3, delivered: 3 })
    expect(fastly.purges).toEqual([['siteSettings', 'site']])
    expect(cloudflare.purges).toEqual([['siteSettings', 'site']])
    expect(generic.received).toHaveLength(1)
    expect(verifyWebhook(PURGE_SECRET, generic.received[0]!)).toEqual({ tags: ['siteSettings', 'site'] })
    expect([...fastly.refused, ...cloudflare.refused]).toEqual([])
    // Nothing is sent twice.
    expect(await deliverOutbox(deps())).toMatchObject({ claimed: 0 })
    expect((await rows()).map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered'])
  })

  it('splits more tags than a request may carry: 256 a request to Fastly, 100 to Cloudflare', async () => {
    const tags = Array.from({ length: 300 }, (_, index) => `tipo${index}`)
    await handle.db
      .insert(outbox)
      .values(
        (['fastly', 'cloudflare'] as const).map((target) => ({ leadId: null, messageId: `msg_${randomBytes(16).toString('hex')}`, target, payload: { tags } })),
      )
    expect(await deliverOutbox(deps())).toMatchObject({ delivered: 2 })
    expect(fastly.purges.map((batch) => batch.length)).toEqual([256, 44])
    expect(cloudflare.purges.map((batch) => batch.length)).toEqual([100, 100, 100])
    expect([...fastly.refused, ...cloudflare.refused]).toEqual([])
  })

  it('waits out a 429’s Retry-After and retries a 5xx or silence, then delivers once', async () => {
    fastly.queue({ status: 429, headers: { 'Retry-After': '7' }, body: { msg: 'Too many requests' } })
    cloudflare.queue({ status: 503, body: { success: false, errors: [{ code: 1000, message: 'indisponível' }] } })
    generic.answer(() => ({ status: 204, delayMs: 2_000 }))
    await publish({ _id: 'artigo-1', _type: 'article' })
    const start = new Date()
    expect(await deliverOutbox(deps(start))).toMatchObject({ pending: 3 })
    const byTarget = Object.fromEntries((await rows()).map((row) => [row.target, row]))
    expect(byTarget.fastly).toMatchObject({ status: 'pending', lastStatus: 429 })
    expect(byTarget.fastly!.nextAttemptAt.getTime() - start.getTime()).toBe(7_000)
    expect(byTarget.cloudflare).toMatchObject({ status: 'pending', lastStatus: 503 })
    expect(byTarget.cache_purge).toMatchObject({ status: 'pending', lastStatus: null, lastError: 'timeout after 500 ms' })
    // Listed in /admin/entregas meanwhile, with what they purge.
    const health = await deliveryHealth(handle.db, outboxTargets(deps()))
    expect(health.pending).toBe(3)
    expect(health.rows.map((row) => [row.target, row.description, row.leadId, row.unsendable]).sort()).toEqual([
      ['cache_purge', 'Publicação no Sanity · etiquetas: article', null, false],
      ['cloudflare', 'Publicação no Sanity · etiquetas: article', null, false],
      ['fastly', 'Publicação no Sanity · etiquetas: article', null, false],
    ])

    generic.answer(() => ({ status: 204 }))
    // Before the 429's seven seconds, Fastly is not asked again; the others are (their first retry is due after a second).
    expect(await deliverOutbox(deps(new Date(start.getTime() + 2_000)))).toMatchObject({ claimed: 2, delivered: 2 })
    expect(await deliverOutbox(deps(new Date(start.getTime() + 7_000)))).toMatchObject({ claimed: 1, delivered: 1 })
    expect(fastly.purges).toEqual([['article']])
    expect(cloudflare.purges).toEqual([['article']])
  })

  it('does not retry a request the CDN calls wrong, and shows its message', async () => {
    fastly.queue({ status: 401, body: { msg: 'Provided credentials are missing or invalid' } })
    cloudflare.queue({
      status: 200,
      body: { success: false, errors: [{ code: 1134, message: 'Purge by tag is not allowed on this plan' }], messages: [], result: null },
    })
    await publish({ _id: 'caso-1', _type: 'caseStudy' })
    await deliverOutbox(deps())
    const byTarget = Object.fromEntries((await rows()).map((row) => [row.target, row]))
    expect(byTarget.fastly).toMatchObject({ status: 'failed', lastStatus: 401 })
    expect(byTarget.fastly!.lastError).toContain('Provided credentials are missing or invalid')
    expect(byTarget.cloudflare).toMatchObject({ status: 'failed', lastStatus: 200, lastError: 'Cloudflare: 1134 Purge by tag is not allowed on this plan' })
    expect(byTarget.cache_purge).toMatchObject({ status: 'delivered' })
    expect(await deliverOutbox(deps(new Date(Date.now() + 3_600_000)))).toMatchObject({ claimed: 0 })
  })

  it('with no CDN configured, a publish queues nothing', async () => {
    const none = cachePurgeSettingsFromEnv(parseEnv({}))
    expect(activeCachePurgeTargets(none)).toEqual([])
    const request = await sanityPublishRequest(REVALIDATE_URL, { _id: 'homePage', _type: 'homePage' }, { secret: WEBHOOK_SECRET })
    expect((await revalidateContent(request, { secret: WEBHOOK_SECRET, db: () => handle.db, purgeTargets: activeCachePurgeTargets(none) })).status).toBe(200)
    expect(await rows()).toEqual([])
  })
})
