/**
 * One lead in the admin area (ADR 032): everything stored for it, each
 * delivery's attempts, and 'Reenviar' queuing a new attempt that the worker
 * then makes, written to the audit log. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { unsendableDeliveryMessage } from '~/admin/admin-copy'
import { deliveryHealth, resendFailedDeliveries } from '~/admin/deliveries.server'
import { leadDetail, resendDelivery, resendMessages } from '~/admin/lead-detail.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { deliverOutbox, outboxTargets } from '~/leads/outbox.server'
import { adminAuditLog, leads, outbox } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { leadPost, TEST_SITE } from '../../support/lead-requests'

const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'gestora@agencia.com.br' }
/** A server with no destination configured: the lead webhook is in the list, not configured. */
const unconfigured = outboxTargets({ webhook: { url: null, secret: null, inlineTimeoutMs: 0 } })

describe.each(testDatabaseTargets())('a lead in the admin area on $kind', ({ open }) => {
  const { db, answer, pipeline: realPipeline } = leadPipelineFixture(open)
  // Every delivery is the worker's: the tests step its clock past the retry delay.
  const pipeline = (now?: () => Date) => realPipeline({ inlineTimeoutMs: 0, ...(now ? { now } : {}) })
  /** The one list as the fixture's pipeline makes it: it has a webhook, so the lead webhook is configured. */
  const targets = () => outboxTargets(pipeline())
  const configured = () => ({ targets: targets() })
  beforeEach(async () => {
    await db().delete(adminAuditLog)
  })

  it('shows the contact, the origin and each attempt; Reenviar queues a new one, which the worker makes, and the audit log says who', async () => {
    answer(() => ({ status: 500, body: 'fora do ar' }))
    await handleLeadAction({
      request: leadPost(
        '/contato',
        {
          name: 'Rafael Lima',
          email: 'rafael@clinica.com.br',
          phone: '(21) 99876-5432',
          message: '<script>alert(1)</script> Quero mais pacientes.',
        },
        // The visit landed from a campaign (the page posts its address).
        { pageUrl: `${TEST_SITE}/contato?utm_source=google&utm_campaign=natal` },
      ),
      context: { clientIp: '203.0.113.7' },
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    await deliverOutbox(pipeline())
    await deliverOutbox(pipeline(() => new Date(Date.now() + 1_500)))
    const [{ id }] = (await db().select({ id: leads.id }).from(leads)) as [{ id: string }]

    const detail = (await leadDetail(db(), id, targets()))!
    expect(detail.lead).toMatchObject({ name: 'Rafael Lima', message: '<script>alert(1)</script> Quero mais pacientes.', consentIp: '203.0.113.7' })
    expect(detail.lead).not.toHaveProperty('submissionKey')
    expect(detail.tracking).toMatchObject({ utmSource: 'google', utmCampaign: 'natal', pageUrl: expect.stringContaining('/contato') })
    const [delivery] = detail.deliveries
    expect(delivery).toMatchObject({ target: 'lead_webhook', status: 'failed', attempts: 2 })
    expect(delivery!.history.map((attempt) => [attempt.attempt, attempt.outcome, attempt.httpStatus, attempt.error])).toEqual([
      [2, 'retry', 500, 'HTTP 500: fora do ar'],
      [1, 'retry', 500, 'HTTP 500: fora do ar'],
    ])

    answer(() => ({ status: 204 }))
    expect(await resendDelivery(db(), admin, id, delivery!.id, configured())).toEqual({ ok: true })
    // Already queued: a second click changes nothing.
    expect(await resendDelivery(db(), admin, id, delivery!.id, configured())).toEqual({ ok: false, message: resendMessages.waiting })
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 1 })
    const after = (await leadDetail(db(), id, targets()))!.deliveries[0]!
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(after.history[0]).toMatchObject({ attempt: 1, outcome: 'delivered', httpStatus: 204, error: null })
    expect(
      await db().select({ adminEmail: adminAuditLog.adminEmail, action: adminAuditLog.action, details: adminAuditLog.details }).from(adminAuditLog),
    ).toEqual([
      {
        adminEmail: admin.email,
        action: 'delivery_resend',
        details: { leadId: id, deliveryId: delivery!.id, target: 'lead_webhook', previousStatus: 'failed' },
      },
    ])
  })

  it('delivery health lists what failed or waits, and sends every failed one again with one audit entry', async () => {
    answer(() => ({ status: 500 }))
    for (const email of ['um@exemplo.com.br', 'dois@exemplo.com.br']) {
      await handleLeadAction({
        request: leadPost('/contato', { name: 'Pessoa Teste', email, phone: '(21) 99876-5432', message: 'Mensagem longa o bastante.' }),
        context: { clientIp: '203.0.113.8' },
        form: 'contact',
        schema: contactPageSchema,
        pipeline: pipeline(),
      })
    }
    await deliverOutbox(pipeline())
    expect(await deliveryHealth(db(), targets())).toMatchObject({ failed: 0, pending: 2 })
    await deliverOutbox(pipeline(() => new Date(Date.now() + 1_500)))
    const health = await deliveryHealth(db(), targets())
    expect(health).toMatchObject({ failed: 2, pending: 0 })
    expect(health.rows.map((row) => row.email).sort()).toEqual(['dois@exemplo.com.br', 'um@exemplo.com.br'])
    expect(health.rows[0]).toMatchObject({ status: 'failed', lastError: 'HTTP 500', target: 'lead_webhook', unsendable: false })

    expect(await resendFailedDeliveries(db(), admin, targets())).toBe(2)
    expect(await deliveryHealth(db(), targets())).toMatchObject({ failed: 0, pending: 2 })
    answer(() => ({ status: 204 }))
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2 })
    expect(await deliveryHealth(db(), targets())).toMatchObject({ failed: 0, pending: 0, rows: [] })
    expect(await resendFailedDeliveries(db(), admin, targets())).toBe(0)
    expect(await db().select({ action: adminAuditLog.action, details: adminAuditLog.details }).from(adminAuditLog)).toEqual([
      { action: 'delivery_resend_failed', details: { deliveries: 2 } },
    ])

    // A failed row of a target this server cannot send (no WEBHOOK_URL here) stays failed: queued, it would only wait.
    await db().update(outbox).set({ status: 'failed' })
    expect(await resendFailedDeliveries(db(), admin, unconfigured)).toBe(0)
    expect(await deliveryHealth(db(), targets())).toMatchObject({ failed: 2, pending: 0 })
  })

  it('says why a delivery skipped for want of WEBHOOK_URL cannot be sent, and leaves it as it was instead of queueing it forever', async () => {
    const withoutWebhook = { ...pipeline(), webhook: { ...pipeline().webhook, url: null } }
    await handleLeadAction({
      request: leadPost('/contato', {
        name: 'Pessoa Teste',
        email: 'sem-webhook@exemplo.com.br',
        phone: '(21) 99876-5432',
        message: 'Mensagem longa o bastante.',
      }),
      context: { clientIp: '203.0.113.9' },
      form: 'contact',
      schema: contactPageSchema,
      pipeline: withoutWebhook,
    })
    const [{ id }] = (await db().select({ id: leads.id }).from(leads)) as [{ id: string }]
    const [delivery] = (await leadDetail(db(), id, targets()))!.deliveries
    expect(delivery).toMatchObject({ target: 'lead_webhook', status: 'skipped' })
    // This server has no WEBHOOK_URL either: no destination is configured.
    const outcome = await resendDelivery(db(), admin, id, delivery!.id, { targets: unconfigured })
    expect(outcome).toEqual({ ok: false, message: unsendableDeliveryMessage('lead_webhook', unconfigured[0]) })
    expect(outcome).toMatchObject({ message: expect.stringContaining('Webhook de leads') })
    expect(outcome).toMatchObject({ message: expect.stringContaining('WEBHOOK_URL') })
    // Unknown to this server (no target of that name in its list): refused too, and said so.
    expect(await resendDelivery(db(), admin, id, delivery!.id, { targets: [] })).toEqual({
      ok: false,
      message: unsendableDeliveryMessage('lead_webhook', undefined),
    })
    expect((await leadDetail(db(), id, targets()))!.deliveries[0]).toMatchObject({ status: 'skipped' })
    expect(await deliveryHealth(db(), unconfigured)).toMatchObject({ failed: 0, pending: 0, rows: [] })
    expect(await db().select().from(adminAuditLog)).toEqual([])

    // A row queued before this change (or by an older instance) says it cannot leave, not that it waits.
    await db().update(outbox).set({ status: 'pending' })
    const health = await deliveryHealth(db(), unconfigured)
    expect(health.rows).toEqual([expect.objectContaining({ target: 'lead_webhook', label: 'Webhook de leads', status: 'pending', unsendable: true })])
    expect((await deliveryHealth(db(), targets())).rows).toEqual([expect.objectContaining({ unsendable: false })])
    // A target this server does not know at all: unsendable, named by its name.
    expect((await deliveryHealth(db(), [])).rows).toEqual([expect.objectContaining({ label: 'lead_webhook', unsendable: true, description: null })])
  })

  it('knows no lead for an id that is not one, and resends no delivery of another lead', async () => {
    expect(await leadDetail(db(), 'nao-e-um-id', targets())).toBeNull()
    expect(await leadDetail(db(), '00000000-0000-4000-8000-00000000abcd', targets())).toBeNull()
    expect(await resendDelivery(db(), admin, '00000000-0000-4000-8000-00000000abcd', '00000000-0000-4000-8000-00000000abce', configured())).toEqual({
      ok: false,
      message: resendMessages.unknown,
    })
  })
})
