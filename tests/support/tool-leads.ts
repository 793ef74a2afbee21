import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { LeadPipeline } from '~/leads/lead-service.server'
import { resetLeadRateLimiter } from '~/leads/rate-limit.server'
import type { DatabaseHandle } from '../../db/client'
import { truncateLeadTables, type TestDatabaseTarget } from './databases'
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from './webhook-receiver'

/**
 * For a describe block that sends tool leads through the real pipeline: a
 * database (the target's), a webhook receiver, empty lead tables and a fresh
 * rate limit before each test. `pipeline()` is what handleLeadAction takes;
 * `deliveredBody(i)` the i-th webhook body, its signature verified.
 */
export function toolLeadPipeline(open: TestDatabaseTarget['open']) {
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  let handle: DatabaseHandle
  let receiver: WebhookReceiver
  beforeAll(async () => {
    handle = await open()
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
    await handle?.close()
  })
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    receiver.received.length = 0
    receiver.answer(() => ({ status: 204 }))
    resetLeadRateLimiter()
  })
  return {
    db: () => handle.db,
    received: () => receiver.received,
    pipeline: (): LeadPipeline => ({
      db: handle.db,
      webhook: { url: receiver.url, secret, timeoutMs: 2_000, inlineTimeoutMs: 1_500, retryScheduleMs: [1_000] },
    }),
    deliveredBody: (index = 0) => verifyWebhook(secret, receiver.received[index]!),
  }
}
