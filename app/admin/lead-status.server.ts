/**
 * Sales marks a lead's progress (ADR 048): one lead from its page, or many
 * from the table, in one transaction of a few statements whatever the
 * number of leads (the rows locked, one UPDATE, one INSERT of the audit
 * entries, and for the closed loop one read and one INSERT). Each change is
 * written to the audit log (the lead's id, the status before and after, the
 * reason: never the person's data), and a stage reached for the first time
 * by a person who accepted marketing cookies queues its closed-loop
 * conversion to each conversion API that heard of the lead
 * (conversions.server.ts), through the outbox like the first one.
 */
import { and, asc, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { createDeliveryId } from '~/delivery/http.server'
import {
  activeConversionTargets,
  CLOSED_LOOP_STAGES,
  closedLoopConversion,
  closedLoopEventId,
  conversionSettingsFromEnv,
  type ClosedLoopStage,
  type ConversionSettings,
  type ConversionTarget,
} from '~/leads/conversions.server'
import { serializeSiteCookie, takeFlash } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'
import { isUuid } from '~/utils/uuid'
import type { Database } from '../../db/client'
import { leads, outbox } from '../../db/schema'
import { recordAudits } from './audit.server'
import type { SignedInAdmin } from './auth.server'
import {
  FUNNEL_STAGES,
  LEAD_STATUSES,
  leadStatusMessages,
  leadStatusOf,
  LOST_REASONS,
  lostReasonOf,
  STAGE_FIELDS,
  stagesReachedBy,
  type LeadStatus,
  type LostReason,
  type StageField,
  type StatusFormError,
} from './lead-status'
import { LEADS_PER_PAGE } from './leads.server'

/** The fields of the status forms: the lead page's and the table's (one `lead` per ticked row). */
export const STATUS_FIELDS = new Set(['status', 'motivo', 'lead'])

/** Most leads one bulk change takes: a page of the table. */
export const MAX_BULK_LEADS = LEADS_PER_PAGE

export type StatusChange = { status: LeadStatus; reason: LostReason | null; leadIds: string[] }

/** A form rendered before migration 0015 posts the pt-BR words: the same status and reason. */
const storedValue = (of: (value: string) => string | undefined) => (value: unknown) => (typeof value === 'string' ? (of(value) ?? value) : value)

const changeSchema = z
  .object({
    status: z.preprocess(storedValue(leadStatusOf), z.enum(LEAD_STATUSES, { message: leadStatusMessages.status })),
    motivo: z.preprocess(storedValue(lostReasonOf), z.enum(LOST_REASONS).optional()).catch(undefined),
    lead: z.array(z.string()).min(1, leadStatusMessages.noLeads).max(MAX_BULK_LEADS, leadStatusMessages.tooMany(MAX_BULK_LEADS)),
  })
  .refine((change) => change.status !== 'lost' || change.motivo !== undefined, { message: leadStatusMessages.reason, path: ['motivo'] })

export type ParsedStatusChange = { ok: true; change: StatusChange } | ({ ok: false } & StatusFormError)

/** What a status form posted, checked: a status of the list, its reason when lost, one to MAX_BULK_LEADS leads. */
export function parseStatusChange(formData: FormData): ParsedStatusChange {
  const parsed = changeSchema.safeParse({
    status: formData.get('status'),
    motivo: formData.get('motivo') || undefined,
    lead: formData.getAll('lead').filter((value): value is string => typeof value === 'string' && value !== ''),
  })
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const field = issue?.path[0] === 'motivo' || issue?.path[0] === 'lead' ? issue.path[0] : 'status'
    return { ok: false, message: issue?.message ?? leadStatusMessages.status, field }
  }
  const { status, motivo, lead } = parsed.data
  return { ok: true, change: { status, reason: status === 'lost' ? motivo! : null, leadIds: [...new Set(lead)] } }
}

export type StatusChangeResult = { ok: true; changed: number } | { ok: false; message: string }

/**
 * 'Status de N leads alterados.' comes from the server's own one-time
 * message, set with the bulk change's redirect, never from the URL: a link
 * cannot make the table claim a change that did not happen.
 */
export const statusChangedFlash = (request: Request, changed: number) => serializeSiteCookie(request, 'adminFlash', { statusChanged: changed })

const statusChangedValue = z.object({ statusChanged: z.number().int().min(0) })

/** How many leads the last bulk change changed, once (null when no change just happened), and the Set-Cookie that spends the message. */
export async function takeStatusChanged(request: Request): Promise<{ changed: number | null; setCookie: string | null }> {
  const flash = await takeFlash(request, statusChangedValue)
  return { changed: flash.value?.statusChanged ?? null, setCookie: flash.setCookie }
}

type StageTimes = Record<StageField, Date | null>

/**
 * When each stage was reached after the change: a stage the new status
 * stands for keeps its first time (or takes now); lost keeps what was
 * reached; a move back down the progression clears the stages above it.
 */
export function stageTimesAfter(status: LeadStatus, before: StageTimes, now: Date): StageTimes {
  const reached = stagesReachedBy(status)
  const after: StageTimes = { contactedAt: before.contactedAt, qualifiedAt: before.qualifiedAt, wonAt: before.wonAt }
  for (const stage of FUNNEL_STAGES) {
    const field = STAGE_FIELDS[stage]
    if (reached.includes(stage)) after[field] = before[field] ?? now
    else if (status !== 'lost') after[field] = null
  }
  return after
}

const at = (date: Date | null) => date?.toISOString() ?? null

/**
 * Changes the status of one lead or a page of them. The rows are locked
 * (`for update`, in id order) for the whole transaction, so two people
 * marking the same leads never interleave; a lead already at the status and
 * reason is skipped. Whatever the number of leads, five statements at most.
 */
export async function changeLeadStatus(
  db: Database,
  admin: SignedInAdmin,
  change: StatusChange,
  { now = new Date(), conversions = conversionSettingsFromEnv(getEnv()) }: { now?: Date; conversions?: ConversionSettings } = {},
): Promise<StatusChangeResult> {
  const ids = change.leadIds.filter(isUuid)
  if (ids.length === 0) return { ok: false, message: leadStatusMessages.unknown }
  const targets = activeConversionTargets(conversions)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: leads.id,
        status: leads.status,
        lostReason: leads.lostReason,
        marketingConsent: leads.marketingConsent,
        contactedAt: leads.contactedAt,
        qualifiedAt: leads.qualifiedAt,
        wonAt: leads.wonAt,
      })
      .from(leads)
      .where(inArray(leads.id, ids))
      .orderBy(asc(leads.id))
      .for('update')
    if (rows.length === 0) return { ok: false as const, message: leadStatusMessages.unknown }
    const changes = rows
      .filter((row) => row.status !== change.status || row.lostReason !== change.reason)
      .map((row) => ({ row, times: stageTimesAfter(change.status, row, now) }))
    if (changes.length === 0) return { ok: true as const, changed: 0 }

    // Each lead's own stage times, from a VALUES list: one statement for the page.
    const times = sql.join(
      changes.map(
        ({ row, times }) =>
          sql`(${row.id}::uuid, ${at(times.contactedAt)}::timestamptz, ${at(times.qualifiedAt)}::timestamptz, ${at(times.wonAt)}::timestamptz)`,
      ),
      sql`, `,
    )
    await tx
      .update(leads)
      .set({
        status: change.status,
        lostReason: change.reason,
        statusChangedAt: now,
        contactedAt: sql`changed.contacted_at`,
        qualifiedAt: sql`changed.qualified_at`,
        wonAt: sql`changed.won_at`,
      })
      .from(sql`(values ${times}) as changed (id, contacted_at, qualified_at, won_at)`)
      .where(sql`${leads.id} = changed.id`)
    await recordAudits(
      tx,
      admin.email,
      'lead_status',
      changes.map(({ row }) => ({ leadId: row.id, previousStatus: row.status, status: change.status, ...(change.reason ? { reason: change.reason } : {}) })),
      now,
    )
    const reached = changes.flatMap(({ row, times }) => {
      const stages = CLOSED_LOOP_STAGES.filter((stage) => row[STAGE_FIELDS[stage]] === null && times[STAGE_FIELDS[stage]] !== null)
      return row.marketingConsent && stages.length > 0 ? [{ leadId: row.id, stages }] : []
    })
    if (reached.length > 0 && targets.length > 0) await queueClosedLoop(tx, reached, targets, now)
    return { ok: true as const, changed: changes.length }
  })
}

/**
 * One outbox row per lead, stage and vendor that heard of the lead (its
 * first conversion row), built from that row's body: one read and one
 * insert for all the leads. The row's `event` is the stage, unique per lead
 * and vendor (migration 0022): a stage reached again after a correction
 * sends nothing twice.
 */
async function queueClosedLoop(
  tx: Pick<Database, 'select' | 'insert'>,
  reached: Array<{ leadId: string; stages: ClosedLoopStage[] }>,
  targets: ConversionTarget[],
  at: Date,
) {
  const firstRows = await tx
    .select({ leadId: outbox.leadId, target: outbox.target, payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        inArray(
          outbox.leadId,
          reached.map((lead) => lead.leadId),
        ),
        inArray(outbox.target, targets),
        isNull(outbox.event),
      ),
    )
    .orderBy(asc(outbox.createdAt))
  const values = reached.flatMap(({ leadId, stages }) =>
    targets.flatMap((target) => {
      const firstRow = firstRows.find((row) => row.leadId === leadId && row.target === target)
      if (!firstRow) return []
      return stages.map((stage) => ({
        leadId,
        target,
        messageId: createDeliveryId(),
        event: stage,
        payload: closedLoopConversion(target, firstRow.payload, { stage, eventId: closedLoopEventId(leadId, stage), at }),
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      }))
    }),
  )
  if (values.length > 0) {
    await tx
      .insert(outbox)
      .values(values)
      .onConflictDoNothing({ target: [outbox.leadId, outbox.target, outbox.event], where: sql.raw('event is not null') })
  }
}
