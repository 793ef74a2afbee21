/**
 * The delivery layer through its one interface (ADR 054): an eleventh
 * target, defined in one file (tests/support/eleventh-target.ts) and added
 * to the one list, is stored, claimed, sent to its stand-in, retried on the
 * common schedule and shown in /admin/entregas with its label; a row whose
 * payload has the wrong shape is failed with the schema's words, never cast
 * and never sent.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deliveryHealth } from '~/admin/deliveries.server'
import { createDeliveryId } from '~/delivery/http.server'
import { deliverPending, type DeliveryDeps } from '~/delivery/outbox.server'
import { submitLead, type LeadPipeline } from '~/leads/lead-service.server'
import { captureOrigin } from '~/leads/origin-tracking.server'
import { deliveryTargetsFromEnv } from '~/server/delivery-targets.server'
import { getEnv } from '~/utils/env.server'
import type { DatabaseHandle } from '../../../db/client'
import { deliveryAttempts, outbox } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { eleventhTarget } from '../../support/eleventh-target'
import { CONTACT_FIELDS, pageView } from '../../support/lead-requests'
import { startVendorStandIn, type VendorStandIn } from '../../support/vendor-stand-in'

describe.each(testDatabaseTargets())('the one list of delivery targets on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let vendor: VendorStandIn<{ aviso: string }>
  beforeAll(async () => {
    handle = await open()
    vendor = await startVendorStandIn<{ aviso: string }>(
      (_request, body) =>
        typeof body === 'object' && body !== null && typeof (body as { aviso?: unknown }).aviso === 'string'
          ? { accepted: body as { aviso: string } }
          : { error: 'no aviso', status: 400, body: { erro: 'sem aviso' } },
      () => ({ ok: true }),
    )
  })
  afterAll(async () => {
    await vendor?.close()
    await handle?.close()
  })
  beforeEach(async () => {
    vendor.reset()
    await handle.db.delete(outbox)
  })

  // The one list, and the eleventh target's one line.
  const deps = (): DeliveryDeps => ({
    db: handle.db,
    timing: { timeoutMs: 2_000, retryScheduleMs: [10, 10] },
    targets: [...deliveryTargetsFromEnv(getEnv()), eleventhTarget(vendor.url)],
  })
  const store = async (payload: Record<string, unknown>) => {
    const [row] = await handle.db
      .insert(outbox)
      .values({ leadId: null, messageId: createDeliveryId(), target: 'decimo_primeiro', payload })
      .returning({ id: outbox.id })
    return row!.id
  }
  const rowOf = async (id: string) => (await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0]!

  it('stores, claims and sends a row of an eleventh target, retried like any other, and lists it with its label', async () => {
    const id = await store({ aviso: 'olá' })
    vendor.queue({ status: 503, body: { erro: 'fora do ar' } })
    expect(await deliverPending(deps())).toMatchObject({ claimed: 1, pending: 1 })
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 503 })
    expect((await deliveryHealth(handle.db, deps().targets)).rows).toEqual([
      expect.objectContaining({ id, target: 'decimo_primeiro', label: 'Décimo primeiro destino', unsendable: false }),
    ])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await deliverPending(deps())).toMatchObject({ claimed: 1, delivered: 1 })
    expect(vendor.accepted).toEqual([{ aviso: 'olá' }])
    expect(vendor.refused).toEqual([])
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  it('gets a row of each stored lead it asks for, in the lead’s transaction, and sends it like the others', async () => {
    const pipeline: LeadPipeline = {
      db: handle.db,
      timing: { timeoutMs: 2_000, retryScheduleMs: [10, 10] },
      webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
      handlers: { decimo_primeiro: eleventhTarget(vendor.url) },
    }
    const origin = (await captureOrigin(pageView('/contato'))).origin
    const contact = await submitLead({ form: 'contact', data: { ...CONTACT_FIELDS, email: 'onze@exemplo.com.br' }, origin, consentVersion: 'teste' }, pipeline)
    await submitLead({ form: 'newsletter', data: { email: 'sem-linha@exemplo.com.br' }, origin, consentVersion: 'teste' }, pipeline)

    const rows = await handle.db.select().from(outbox).where(eq(outbox.target, 'decimo_primeiro'))
    expect(rows).toEqual([expect.objectContaining({ leadId: contact.leadId, status: 'pending', event: null })])
    expect(await deliverPending(deps())).toMatchObject({ claimed: 1, delivered: 1 })
    expect(vendor.accepted).toEqual([{ aviso: `Novo lead de ${CONTACT_FIELDS.name}: onze@exemplo.com.br` }])
    // Not configured: no row for the lead, and the lead is stored as always.
    const unconfigured = await submitLead(
      { form: 'contact', data: { ...CONTACT_FIELDS, email: 'onze-2@exemplo.com.br' }, origin, consentVersion: 'teste' },
      { ...pipeline, handlers: { decimo_primeiro: eleventhTarget(null) } },
    )
    expect(await handle.db.select().from(outbox).where(eq(outbox.leadId, unconfigured.leadId))).toEqual([
      expect.objectContaining({ target: 'lead_webhook', status: 'skipped' }),
    ])
  })

  it('takes a row due within the clock’s millisecond: the database keeps microseconds, JavaScript milliseconds', async () => {
    const [row] = await handle.db
      .insert(outbox)
      .values({
        leadId: null,
        messageId: createDeliveryId(),
        target: 'decimo_primeiro',
        payload: { aviso: 'no mesmo milissegundo' },
        nextAttemptAt: sql`'2026-11-29T10:00:00.123456Z'::timestamptz`,
      })
      .returning({ id: outbox.id })
    const at = (iso: string) => ({ ...deps(), now: () => new Date(iso) })
    expect(await deliverPending(at('2026-11-29T10:00:00.122Z'))).toMatchObject({ claimed: 0 })
    expect(await deliverPending(at('2026-11-29T10:00:00.123Z'))).toMatchObject({ claimed: 1, delivered: 1 })
    expect(await rowOf(row!.id)).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('fails a row whose payload has the wrong shape, with the schema’s words, and sends nothing', async () => {
    const id = await store({ aviso: 42 })
    expect(await deliverPending(deps())).toMatchObject({ claimed: 1, failed: 1 })
    const row = await rowOf(id)
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatus: null })
    expect(row.lastError).toMatch(/^payload does not match decimo_primeiro's shape: aviso: /)
    expect(vendor.seen()).toBe(0)
    const attempts = await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, id))
    expect(attempts).toEqual([expect.objectContaining({ outcome: 'gone', error: row.lastError })])
    // The admin lists it like any other failed row, by its target's label.
    expect((await deliveryHealth(handle.db, deps().targets)).rows).toEqual([
      expect.objectContaining({ id, status: 'failed', label: 'Décimo primeiro destino' }),
    ])
  })

  it('fails a CDN purge row of the wrong shape instead of casting it', async () => {
    const [row] = await handle.db
      .insert(outbox)
      .values({ leadId: null, messageId: createDeliveryId(), target: 'cache_purge', payload: { tags: 'home' } })
      .returning()
    const purge = {
      name: 'cache_purge',
      label: 'Limpeza de cache (CDN)',
      payload: (await import('~/content/cache-purge-queue.server')).cachePurgePayload,
      variables: [],
      send: async () => ({ kind: 'delivered' as const, status: 200 }),
    }
    expect(await deliverPending({ ...deps(), targets: [purge] })).toMatchObject({ claimed: 1, failed: 1 })
    expect((await rowOf(row!.id)).lastError).toMatch(/^payload does not match cache_purge's shape: tags: /)
  })
})
