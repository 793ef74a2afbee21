/**
 * Everything stored for a set of leads, read the same way for the lead's
 * page in the admin area and for the LGPD export: each lead (oldest first)
 * with its tracking, tool results, briefing, stored test run, bookings of
 * the strategy session and outbox rows (oldest first), each row with its count of attempts and their history
 * (newest first). The submission
 * key, an internal idempotency value, is left out.
 */
import { asc, desc, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { agentBriefings, bookings, calculatorResults, deliveryAttempts, leads, leadTracking, presenceTestRuns, testResults, outbox } from '../../db/schema'

export async function leadRecords(db: Database, ids: string[]) {
  if (ids.length === 0) return []
  const [leadRows, tracking, tests, calculators, briefings, deliveries, runs, bookingRows] = await Promise.all([
    db.select().from(leads).where(inArray(leads.id, ids)).orderBy(asc(leads.createdAt)),
    db.select().from(leadTracking).where(inArray(leadTracking.leadId, ids)),
    db.select().from(testResults).where(inArray(testResults.leadId, ids)),
    db.select().from(calculatorResults).where(inArray(calculatorResults.leadId, ids)),
    db.select().from(agentBriefings).where(inArray(agentBriefings.leadId, ids)),
    db.select().from(outbox).where(inArray(outbox.leadId, ids)).orderBy(asc(outbox.createdAt), asc(outbox.target)),
    db.select().from(presenceTestRuns).where(inArray(presenceTestRuns.leadId, ids)),
    db.select().from(bookings).where(inArray(bookings.leadId, ids)).orderBy(asc(bookings.startsAt)),
  ])
  const deliveryIds = deliveries.map((delivery) => delivery.id)
  const attempts = deliveryIds.length
    ? await db.select().from(deliveryAttempts).where(inArray(deliveryAttempts.deliveryId, deliveryIds)).orderBy(desc(deliveryAttempts.id))
    : []
  const of = <Row extends { leadId: string | null }>(rows: Row[], id: string) => rows.filter((row) => row.leadId === id)
  return leadRows.map(({ submissionKey: _key, ...lead }) => ({
    ...lead,
    tracking: of(tracking, lead.id),
    testResults: of(tests, lead.id),
    presenceTestRuns: of(runs, lead.id),
    calculatorResults: of(calculators, lead.id),
    agentBriefings: of(briefings, lead.id),
    bookings: of(bookingRows, lead.id),
    deliveries: of(deliveries, lead.id).map((delivery) => ({ ...delivery, history: attempts.filter((attempt) => attempt.deliveryId === delivery.id) })),
  }))
}

export type LeadRecord = Awaited<ReturnType<typeof leadRecords>>[number]
