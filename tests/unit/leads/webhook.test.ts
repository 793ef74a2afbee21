import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeliveryId, parseRetryAfter, postSignedWebhook } from '~/delivery/http.server'
import { nextDeliveryState } from '~/leads/outbox.server'
import { webhookConfigurationProblem } from '~/leads/webhook.server'
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../support/webhook-receiver'

const secret = `whsec_${randomBytes(32).toString('base64')}`
const schedule = [30_000, 120_000, 600_000]
const now = new Date('2026-11-20T12:00:00.000Z')

describe('nextDeliveryState', () => {
  it('delivers on 2xx', () => {
    expect(nextDeliveryState({ kind: 'delivered', status: 200 }, 1, schedule, now)).toEqual({ status: 'delivered', nextAttemptAt: now, deliveredAt: now })
  })

  it('follows the schedule, then fails', () => {
    const retry = { kind: 'retry', status: 500, error: 'HTTP 500' } as const
    expect(nextDeliveryState(retry, 1, schedule, now).nextAttemptAt.getTime() - now.getTime()).toBe(30_000)
    expect(nextDeliveryState(retry, 3, schedule, now)).toMatchObject({ status: 'pending' })
    expect(nextDeliveryState(retry, 3, schedule, now).nextAttemptAt.getTime() - now.getTime()).toBe(600_000)
    expect(nextDeliveryState(retry, 4, schedule, now)).toMatchObject({ status: 'failed' })
  })

  it('an attempt a stop interrupted never fails the row, even its last one: tried again in a second', () => {
    const interrupted = { kind: 'retry', status: null, error: 'interrupted: the instance was stopping', interrupted: true } as const
    for (const attempt of [1, 4, 7]) {
      const next = nextDeliveryState(interrupted, attempt, schedule, now)
      expect(next).toMatchObject({ status: 'pending', deliveredAt: null })
      expect(next.nextAttemptAt.getTime() - now.getTime()).toBe(1_000)
    }
    // The same attempt cut by its deadline is a try like any other.
    expect(nextDeliveryState({ kind: 'retry', status: null, error: 'timeout' }, 4, schedule, now)).toMatchObject({ status: 'failed' })
  })

  it('stops at 410 and waits for Retry-After on 429', () => {
    expect(nextDeliveryState({ kind: 'gone', status: 410, error: 'HTTP 410' }, 1, schedule, now)).toMatchObject({ status: 'failed' })
    const limited = nextDeliveryState({ kind: 'retry', status: 429, error: 'HTTP 429', retryAfterMs: 300_000 }, 1, schedule, now)
    expect(limited.nextAttemptAt.getTime() - now.getTime()).toBe(300_000)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter('Fri, 20 Nov 2026 12:01:00 GMT', now.getTime())).toBe(60_000)
    expect(parseRetryAfter('logo')).toBeUndefined()
    expect(parseRetryAfter(null)).toBeUndefined()
  })
})

describe('webhook configuration', () => {
  it('needs a secret whenever a URL is set', () => {
    expect(webhookConfigurationProblem({ WEBHOOK_URL: 'https://hooks.exemplo.com', WEBHOOK_SECRET: undefined })).toMatchObject({ variable: 'WEBHOOK_SECRET' })
    expect(webhookConfigurationProblem({ WEBHOOK_URL: undefined, WEBHOOK_SECRET: undefined })).toBeNull()
  })

  it('makes Standard Webhooks message ids', () => {
    expect(createDeliveryId()).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(createDeliveryId()).not.toBe(createDeliveryId())
  })
})

describe('postSignedWebhook', () => {
  let receiver: WebhookReceiver
  beforeAll(async () => {
    receiver = await startWebhookReceiver()
  })
  afterAll(() => receiver.close())

  it('posts the body signed for the given id and time', async () => {
    receiver.answer(() => ({ status: 202 }))
    const body = JSON.stringify({ leadId: 'abc', name: 'João' })
    const outcome = await postSignedWebhook({ url: receiver.url, secret, messageId: 'msg_1', body, timeoutMs: 2_000 })
    expect(outcome).toEqual({ kind: 'delivered', status: 202 })
    const request = receiver.received.at(-1)!
    expect(request.body).toBe(body)
    expect(request.headers['webhook-id']).toBe('msg_1')
    expect(verifyWebhook(secret, request)).toEqual({ leadId: 'abc', name: 'João' })
    expect(() => verifyWebhook(`whsec_${randomBytes(32).toString('base64')}`, request)).toThrow()
  })

  it('reports a timeout as a retry', async () => {
    receiver.answer(() => ({ status: 200, delayMs: 500 }))
    const outcome = await postSignedWebhook({ url: receiver.url, secret, messageId: 'msg_2', body: '{}', timeoutMs: 100 })
    expect(outcome).toEqual({ kind: 'retry', status: null, error: 'timeout after 100 ms' })
  })

  it('reports 410 as gone and 429 with its Retry-After', async () => {
    receiver.answer(() => ({ status: 410 }))
    expect(await postSignedWebhook({ url: receiver.url, secret, messageId: 'msg_3', body: '{}', timeoutMs: 2_000 })).toMatchObject({
      kind: 'gone',
      status: 410,
    })
    receiver.answer(() => ({ status: 429, headers: { 'Retry-After': '7' }, body: 'devagar' }))
    expect(await postSignedWebhook({ url: receiver.url, secret, messageId: 'msg_4', body: '{}', timeoutMs: 2_000 })).toEqual({
      kind: 'retry',
      status: 429,
      error: 'HTTP 429: devagar',
      retryAfterMs: 7_000,
    })
  })
})
