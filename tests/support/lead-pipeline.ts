import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { LeadPipeline } from '~/leads/lead-service.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../db/client'
import { truncateLeadTables, type TestDatabaseTarget } from './databases'
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from './webhook-receiver'

/**
 * For a describe block that sends leads through the real pipeline (the
 * tools, the admin area): a database (the target's), a webhook receiver,
 * empty lead tables, a receiver answering 204 and a fresh rate limit before
 * each test. `pipeline()` is what handleLeadAction and the outbox worker
 * take (`{ now }` moves the worker's clock, `{ inlineTimeoutMs: 0 }` leaves
 * every delivery to the worker); `answer()` changes the receiver's answer;
 * `deliveredBody(i)` is the i-th webhook body, its signature verified.
 */
export function leadPipelineFixture(open: TestDatabaseTarget['open']) {
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
    answer: (...args: Parameters<WebhookReceiver['answer']>) => receiver.answer(...args),
    pipeline: ({ now, inlineTimeoutMs = 1_500 }: { now?: () => Date; inlineTimeoutMs?: number } = {}): LeadPipeline => ({
      db: handle.db,
      timing: { timeoutMs: 2_000, retryScheduleMs: [1_000] },
      webhook: { url: receiver.url, secret, inlineTimeoutMs },
      ...(now ? { now } : {}),
    }),
    deliveredBody: (index = 0) => verifyWebhook(secret, receiver.received[index]!),
  }
}
