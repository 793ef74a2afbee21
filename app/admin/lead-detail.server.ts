/**
 * One lead as the admin sees it (ADR 032): everything stored for it (the
 * contact, its origin, the tool's result, the consent) and each outbox row
 * with every attempt; and 'Reenviar', which queues a new attempt of a row
 * that is not already waiting, recorded in the audit log.
 */
import { eq } from 'drizzle-orm'
import type { AnyDeliveryTarget } from '~/delivery/target'
import { closedLoopEventName } from '~/leads/conversions.server'
import { brasiliaDay, brasiliaTime } from '~/utils/dates'
import { isUuid } from '~/utils/uuid'
import type { Database } from '../../db/client'
import { outbox } from '../../db/schema'
import { unsendableDeliveryMessage } from './admin-copy'
import { recordAudit } from './audit.server'
import type { SignedInAdmin } from './auth.server'
import { canSend, targetOf } from './deliveries.server'
import { leadRecords } from './lead-records.server'

const iso = (date: Date | null) => date?.toISOString() ?? null

/** `targets`: the one list of targets (app/server/delivery-targets.server.ts), whose labels name each delivery. */
export async function leadDetail(db: Database, id: string, targets: readonly AnyDeliveryTarget[]) {
  if (!isUuid(id)) return null
  const [record] = await leadRecords(db, [id])
  if (!record) return null
  const {
    tracking: [tracking],
    testResults: [test],
    presenceTestRuns: [run],
    calculatorResults: [calculator],
    agentBriefings: [briefing],
    bookings,
    deliveries,
    ...lead
  } = record
  return {
    lead: {
      ...lead,
      createdAt: iso(lead.createdAt)!,
      consentAt: iso(lead.consentAt)!,
      statusChangedAt: iso(lead.statusChangedAt),
      contactedAt: iso(lead.contactedAt),
      qualifiedAt: iso(lead.qualifiedAt),
      wonAt: iso(lead.wonAt),
    },
    tracking: tracking ? { ...tracking, createdAt: iso(tracking.createdAt) } : null,
    // The test's answers, when the lead came from a stored run.
    test: test ? { ...test, answers: run?.answers ?? null, createdAt: iso(test.createdAt) } : null,
    calculator: calculator ? { ...calculator, createdAt: iso(calculator.createdAt) } : null,
    briefing: briefing ? { ...briefing, createdAt: iso(briefing.createdAt) } : null,
    // Its strategy sessions (issue 44), in Brasília's day and time; the specialist by key (the page names them).
    bookings: bookings.map((booking) => ({
      id: booking.id,
      specialist: booking.specialist,
      status: booking.status,
      day: brasiliaDay(booking.startsAt),
      time: brasiliaTime(booking.startsAt),
      endTime: brasiliaTime(booking.endsAt),
    })),
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      target: delivery.target,
      label: targetOf(targets, delivery.target)?.label ?? delivery.target,
      // Its attempts' codes: SMTP's for an e-mail server, HTTP's for the others.
      answerCode: targetOf(targets, delivery.target)?.answerCode ?? 'http',
      // A closed-loop stage's event ('qualify_lead'), so its row is not taken for the lead's first conversion; null for the others.
      event: closedLoopEventName(delivery),
      status: delivery.status,
      attempts: delivery.attempts,
      lastStatus: delivery.lastStatus,
      lastError: delivery.lastError,
      nextAttemptAt: iso(delivery.nextAttemptAt),
      deliveredAt: iso(delivery.deliveredAt),
      createdAt: iso(delivery.createdAt),
      history: delivery.history.map(({ attempt, outcome, httpStatus, error, createdAt }) => ({
        attempt,
        outcome,
        httpStatus,
        error,
        createdAt: iso(createdAt),
      })),
    })),
  }
}

export type LeadDetail = NonNullable<Awaited<ReturnType<typeof leadDetail>>>

export type ResendResult = { ok: true } | { ok: false; message: string }

export const resendMessages = {
  unknown: 'Entrega não encontrada para este lead.',
  waiting: 'Esta entrega já está na fila: o próximo envio acontece sozinho.',
} as const

/**
 * Queues a new attempt of a lead's outbox row (failed, delivered again on
 * request, or skipped before the webhook was configured): pending, due now,
 * its count of attempts started again so the retry schedule runs in full.
 * The worker picks it up on its next pass. A row whose target, in the one
 * list (`targets`), is not configured on this server (a webhook skipped for
 * want of WEBHOOK_URL, still without one) or is unknown here is left as it
 * is, and the admin is told why: queued, it would wait forever.
 */
export async function resendDelivery(
  db: Database,
  admin: SignedInAdmin,
  leadId: string,
  deliveryId: string,
  { now = new Date(), targets }: { now?: Date; targets: readonly AnyDeliveryTarget[] },
): Promise<ResendResult> {
  if (!isUuid(deliveryId) || !isUuid(leadId)) return { ok: false, message: resendMessages.unknown }
  return db.transaction(async (tx) => {
    const [delivery] = await tx.select().from(outbox).where(eq(outbox.id, deliveryId)).for('update')
    if (!delivery || delivery.leadId !== leadId) return { ok: false as const, message: resendMessages.unknown }
    if (delivery.status === 'pending') return { ok: false as const, message: resendMessages.waiting }
    const target = targetOf(targets, delivery.target)
    if (!canSend(target)) return { ok: false as const, message: unsendableDeliveryMessage(delivery.target, target) }
    await tx.update(outbox).set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null, updatedAt: now }).where(eq(outbox.id, deliveryId))
    await recordAudit(tx, admin.email, 'delivery_resend', { leadId, deliveryId, target: delivery.target, previousStatus: delivery.status }, now)
    return { ok: true as const }
  })
}
