/**
 * Pipedrive (issue 35, item 3; ADR 047): each lead becomes a Pipedrive lead
 * on the person with its e-mail, found or created. Pipedrive has no
 * idempotency key, so one attempt is a short saga that can be repeated:
 * 1. the person: the id kept from an earlier attempt, or a search by e-mail
 *    (`GET /api/v2/persons/search?fields=email&exact_match=true`), or a new
 *    one (`POST /api/v2/persons`); its id is written to the row at once;
 * 2. the lead: one of that person's leads (`GET /v1/leads?person_id=`) whose
 *    title carries this lead's reference (`#` and the first eight characters
 *    of its id), or a new one (`POST /v1/leads`); its id is written too.
 *    A booked session's row (issue 44; app/booking/booking-crm.server.ts)
 *    makes an activity instead, found the same way among the person's
 *    (`GET /v1/persons/{id}/activities`) or made (`POST /v1/activities`, a
 *    meeting, its time in UTC as Pipedrive reads it).
 * A crash or a lost answer at any point leaves at most what Pipedrive made,
 * and the next attempt finds it instead of making a second. Two rows for
 * one e-mail at once would both search before either creates: a lock per
 * e-mail for the whole fleet (a row of `pipedrive_person_locks`, keyed by the
 * e-mail's SHA-256) defers the second until the first has kept the person's
 * id, or for 30 s if the first ended without it.
 */
import { and, eq, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import { finalWhenWrong, requestJson, type AttemptOutcome } from '~/delivery/http.server'
import { DEADLINE_GRACE_MS } from '~/delivery/outbox.server'
import type { Env } from '~/utils/env.server'
import { logJson } from '~/utils/log.server'
import type { Database } from '../../db/client'
import { pipedrivePersonLocks, outbox, type OutboxRow } from '../../db/schema'
import { crmRowForm, type SESSION_ROW_FORM } from './crm.server'
import { emailKey } from './email-key.server'
import { leadForms, NEWSLETTER_LEAD_NAME, type LeadFormKey } from './lead-forms'
import type { LeadPayload } from './lead-service.server'
import type { LeadTarget } from './stored-lead'

export const PIPEDRIVE_TARGET = 'pipedrive'

export type PipedriveSettings = { url: string; apiToken: string }

export function pipedriveSettingsFromEnv(env: Pick<Env, 'PIPEDRIVE_API_TOKEN' | 'PIPEDRIVE_API_URL'>): PipedriveSettings | null {
  return env.PIPEDRIVE_API_TOKEN ? { url: env.PIPEDRIVE_API_URL, apiToken: env.PIPEDRIVE_API_TOKEN } : null
}

/** A `pipedrive` row's payload: what to create, and the ids got so far; parsed when the row is read (ADR 054). */
export const pipedriveRowPayloadSchema = z.object({
  form: crmRowForm,
  /** The lead's title, or the session's activity's subject; either carries the reference. */
  title: z.string(),
  /** `#` and the first eight characters of our lead's id, in the title: how a repeated attempt finds the lead it made. */
  reference: z.string(),
  person: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  personId: z.number().int().optional(),
  pipedriveLeadId: z.string().optional(),
  /** A booked session (issue 44): the row makes this activity on the person, instead of a lead; its subject is the title. */
  activity: z
    .object({
      /** YYYY-MM-DD and HH:MM, in UTC, as Pipedrive reads them; the length as HH:MM. */
      dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      dueTime: z.string().regex(/^\d{2}:\d{2}$/),
      duration: z.string().regex(/^\d{2}:\d{2}$/),
      note: z.string(),
    })
    .optional(),
  activityId: z.number().int().optional(),
})
export type PipedriveRowPayload = Omit<z.infer<typeof pipedriveRowPayloadSchema>, 'form'> & { form: LeadFormKey | typeof SESSION_ROW_FORM }

/** The row payload for a stored lead: the lead titled with the form and the company (or the person). */
export function pipedriveRowPayload(form: LeadFormKey, payload: LeadPayload, phoneE164: string): PipedriveRowPayload {
  const name = payload.name === NEWSLETTER_LEAD_NAME ? payload.email : payload.name
  const reference = `#${payload.leadId.slice(0, 8)}`
  return {
    form,
    title: `${leadForms[form].label} · ${payload.company || name} (${reference})`,
    reference,
    person: { name, email: payload.email, phone: phoneE164 },
  }
}

/**
 * How long a person's lock holds another row with the same e-mail back, unless its row keeps the person's id sooner:
 * 30 s, or the attempt's deadline if later (an attempt never outlives its lock).
 */
const PERSON_LOCK_MS = 30_000

type PersonLock = { held: true; release: () => Promise<void> } | { held: false; retryAfterMs: number }

/**
 * Takes the lock on the person with `email` for `row` for `holdMs` from
 * `now`, unless another row holds it: a lock past its time is
 * deleted first (any e-mail's), then one insert that a held lock's primary
 * key refuses, so two instances racing on an e-mail get one lock. No
 * transaction or connection is held while Pipedrive is called.
 */
async function lockPerson(db: Database, email: string, row: OutboxRow, now: Date, holdMs: number): Promise<PersonLock> {
  const key = emailKey(email)
  await db.delete(pipedrivePersonLocks).where(lte(pipedrivePersonLocks.expiresAt, now))
  const taken = await db
    .insert(pipedrivePersonLocks)
    .values({ emailSha256: key, deliveryId: row.id, expiresAt: new Date(now.getTime() + holdMs) })
    .onConflictDoNothing()
    .returning({ key: pipedrivePersonLocks.emailSha256 })
  if (taken.length === 1) {
    const release = async () => {
      await db
        .delete(pipedrivePersonLocks)
        .where(and(eq(pipedrivePersonLocks.emailSha256, key), eq(pipedrivePersonLocks.deliveryId, row.id)))
        // Not released: it ends by itself, and the person's id is kept already.
        .catch((error: unknown) => logJson({ level: 'warn', msg: 'pipedrive person lock not released', error }))
    }
    return { held: true, release }
  }
  const [holder] = await db.select({ expiresAt: pipedrivePersonLocks.expiresAt }).from(pipedrivePersonLocks).where(eq(pipedrivePersonLocks.emailSha256, key))
  return { held: false, retryAfterMs: Math.max(1_000, (holder?.expiresAt.getTime() ?? now.getTime()) - now.getTime()) }
}

class PipedriveAnswer extends Error {
  constructor(readonly outcome: AttemptOutcome) {
    super(outcome.kind === 'delivered' ? 'delivered' : outcome.error)
  }
}

/** Pipedrive's `{success: false, error, error_info}` in one line ('' when the answer is not that). */
function pipedriveMessage(text: string): string {
  try {
    const answer = JSON.parse(text) as { error?: unknown; error_info?: unknown }
    return [answer.error, answer.error_info].filter((part) => typeof part === 'string' && part).join(' · ')
  } catch {
    return ''
  }
}

/** Each call's own timeout, and the attempt's deadline: the saga's calls together end by it. */
type CallLimits = { timeoutMs: number; signal: AbortSignal }

/** One call through the outbox's requestJson; its JSON `data`, or a PipedriveAnswer carrying the classified failure. */
async function call(settings: PipedriveSettings, method: 'GET' | 'POST', path: string, { timeoutMs, signal }: CallLimits, body?: unknown): Promise<unknown> {
  let text = ''
  const outcome = await requestJson({
    url: `${settings.url}${path}`,
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    timeoutMs,
    signal,
    headers: { 'x-api-token': settings.apiToken, Accept: 'application/json' },
    onBody: (answer) => (text = answer),
  })
  if (outcome.kind === 'delivered') {
    try {
      return (JSON.parse(text) as { data?: unknown }).data
    } catch {
      throw new PipedriveAnswer({ kind: 'retry', status: outcome.status, error: 'Pipedrive: answer is not JSON' })
    }
  }
  if (outcome.kind === 'deferred') throw new PipedriveAnswer(outcome)
  const said = pipedriveMessage(text)
  const error = said && outcome.status !== null ? `HTTP ${outcome.status}: Pipedrive: ${said}` : `Pipedrive: ${outcome.error}`
  throw new PipedriveAnswer(finalWhenWrong({ ...outcome, error: error.slice(0, 300) }))
}

/** Writes an id got from Pipedrive into the row at once, so no later attempt makes the record again. */
async function keep(db: Database, row: OutboxRow, ids: Pick<PipedriveRowPayload, 'personId' | 'pipedriveLeadId' | 'activityId'>) {
  await db
    .update(outbox)
    .set({ payload: sql`${outbox.payload} || ${JSON.stringify(ids)}::jsonb` })
    .where(eq(outbox.id, row.id))
}

async function findOrCreatePerson(settings: PipedriveSettings, payload: PipedriveRowPayload, limits: CallLimits): Promise<number> {
  const query = new URLSearchParams({ term: payload.person.email, fields: 'email', exact_match: 'true' })
  const found = (await call(settings, 'GET', `/api/v2/persons/search?${query}`, limits)) as { items?: Array<{ item?: { id?: number } }> } | undefined
  const existing = found?.items?.find((entry) => typeof entry.item?.id === 'number')?.item?.id
  if (existing !== undefined) return existing
  const created = (await call(settings, 'POST', '/api/v2/persons', limits, {
    name: payload.person.name,
    emails: [{ value: payload.person.email, primary: true, label: 'work' }],
    ...(payload.person.phone ? { phones: [{ value: payload.person.phone, primary: true, label: 'mobile' }] } : {}),
  })) as { id?: number } | undefined
  if (typeof created?.id !== 'number') throw new PipedriveAnswer({ kind: 'retry', status: 200, error: 'Pipedrive: the new person has no id' })
  return created.id
}

async function findOrCreateLead(settings: PipedriveSettings, payload: PipedriveRowPayload, personId: number, limits: CallLimits): Promise<string> {
  const leads = (await call(settings, 'GET', `/v1/leads?person_id=${personId}&limit=500`, limits)) as Array<{ id?: string; title?: string }> | null
  const existing = (leads ?? []).find((lead) => typeof lead.id === 'string' && lead.title?.includes(payload.reference))?.id
  if (existing) return existing
  const created = (await call(settings, 'POST', '/v1/leads', limits, { title: payload.title, person_id: personId })) as { id?: string } | undefined
  if (typeof created?.id !== 'string') throw new PipedriveAnswer({ kind: 'retry', status: 200, error: 'Pipedrive: the new lead has no id' })
  return created.id
}

/** The session's activity: one of the person's activities whose subject carries the reference, or a new meeting. */
async function findOrCreateActivity(
  settings: PipedriveSettings,
  payload: PipedriveRowPayload,
  activity: NonNullable<PipedriveRowPayload['activity']>,
  personId: number,
  limits: CallLimits,
): Promise<number> {
  const activities = (await call(settings, 'GET', `/v1/persons/${personId}/activities?limit=500`, limits)) as Array<{ id?: number; subject?: string }> | null
  const existing = (activities ?? []).find((item) => typeof item.id === 'number' && item.subject?.includes(payload.reference))?.id
  if (existing !== undefined) return existing
  const created = (await call(settings, 'POST', '/v1/activities', limits, {
    subject: payload.title,
    type: 'meeting',
    due_date: activity.dueDate,
    due_time: activity.dueTime,
    duration: activity.duration,
    person_id: personId,
    note: activity.note,
  })) as { id?: number } | undefined
  if (typeof created?.id !== 'number') throw new PipedriveAnswer({ kind: 'retry', status: 200, error: 'Pipedrive: the new activity has no id' })
  return created.id
}

/** One attempt of a `pipedrive` row: never throws for Pipedrive's reasons. */
export async function sendToPipedrive(
  settings: PipedriveSettings,
  db: Database,
  payload: PipedriveRowPayload,
  row: OutboxRow,
  limits: CallLimits,
  now?: Date,
): Promise<AttemptOutcome> {
  try {
    let personId = payload.personId
    if (personId === undefined) {
      const lock = await lockPerson(db, payload.person.email, row, now ?? new Date(), Math.max(PERSON_LOCK_MS, limits.timeoutMs + DEADLINE_GRACE_MS))
      if (!lock.held) return { kind: 'deferred', status: null, error: 'Pipedrive: outro envio da mesma pessoa em andamento', retryAfterMs: lock.retryAfterMs }
      // A failure from here on leaves the lock to its time: Pipedrive may have made the person without our hearing.
      personId = await findOrCreatePerson(settings, payload, limits)
      await keep(db, row, { personId })
      await lock.release()
    }
    if (payload.activity) {
      const activityId = payload.activityId ?? (await findOrCreateActivity(settings, payload, payload.activity, personId, limits))
      await keep(db, row, { activityId })
    } else {
      const pipedriveLeadId = await findOrCreateLead(settings, payload, personId, limits)
      await keep(db, row, { pipedriveLeadId })
    }
    return { kind: 'delivered', status: 201 }
  } catch (error) {
    if (error instanceof PipedriveAnswer) return error.outcome
    throw error
  }
}

/** The delivery target of Pipedrive: not configured (its rows kept pending, a lead gets none) without PIPEDRIVE_API_TOKEN. */
export function pipedriveHandlers(settings: PipedriveSettings | null, db: () => Database): Record<string, LeadTarget<PipedriveRowPayload>> {
  return {
    [PIPEDRIVE_TARGET]: {
      name: PIPEDRIVE_TARGET,
      label: 'Pipedrive',
      payload: pipedriveRowPayloadSchema as z.ZodType<PipedriveRowPayload>,
      configured: settings !== null,
      variables: ['PIPEDRIVE_API_TOKEN', 'PIPEDRIVE_API_URL'],
      rowFor: (lead) => pipedriveRowPayload(lead.form, lead.payload, lead.phoneE164),
      send: (payload, row, { timeoutMs, now, signal }) =>
        settings
          ? sendToPipedrive(settings, db(), payload, row, { timeoutMs, signal }, now)
          : Promise.resolve({ kind: 'retry', status: null, error: 'PIPEDRIVE_API_TOKEN is not set' }),
    },
  }
}
