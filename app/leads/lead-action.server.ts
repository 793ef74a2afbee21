/**
 * What every lead route needs, so each loader and action stays a few lines:
 *
 *   export async function loader({ request }: LoaderFunctionArgs) {
 *     const { leadForm, headers } = await prepareLeadForm(request, 'contact')
 *     return data({ leadForm }, { headers })
 *   }
 *
 *   export async function action({ request, context }: ActionFunctionArgs) {
 *     const outcome = await handleLeadAction({ request, context, form: 'contact', schema: contactPageSchema, confirmation: () => '/contato?enviado=1' })
 *     return outcome.response
 *   }
 *
 * handleLeadAction: rate limit (429 with Retry-After, counted per day), a
 * bounded read of the declared fields (405, 415, 413, 400), honeypot and time
 * trap (quiet success: the answer a person's lead gets, answerAcceptedLead), an expired form (400, fresh timer), zod validation
 * (400 with Conform's reply), the lead service, and the database failing
 * (503 with the catalogue's message; the input is kept). Trapped and
 * expired posts with valid fields are kept in the spam folder (ADR 039),
 * never delivered.
 */
import { randomUUID } from 'node:crypto'
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type HeadersFunction } from '@remix-run/node'
import type { z } from 'zod'
import { serializeSiteCookie } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'
import { readFormBody } from '~/utils/form-body.server'
import { cacheControl, DATABASE_RETRY_AFTER_SECONDS, passOnHeaders } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'
import { leadRateLimiter, rateLimitKey, type RateLimitDecision } from '~/utils/rate-limit.server'
import type { Database } from '../../db/client'
import type { SpamReason } from '../../db/schema'
import { checkFormTimer, createFormTimer, detectBot, submissionKey } from './abuse.server'
import { paceLikeAcceptedPost, recordAnswerTime } from './answer-pace.server'
import { bookingVisitorCookie } from './booking-visitor.server'
import { CONSENT_VERSION } from './consent'
import { countDaily, rateLimitedCounter } from './daily-count.server'
import { leadErrorMessages, LeadStoreError } from './errors'
import { LEAD_HIDDEN_FIELDS, leadForms } from './lead-forms'
import type { LeadFormFields, LeadFormKey } from './lead-forms'
import { serializeLeadReceipt, type LeadReceipt } from './lead-receipt'
import { getLeadPipeline, submitLead, type LeadContactData, type LeadPipeline, type LeadResults, type SubmitLeadInput } from './lead-service.server'
import { pageUrlOf, readOrigin, type OriginData } from './origin-tracking.server'
import { forgetResentSpam, storeSuspectedSpam } from './suspected-spam.server'
import { webhookSettingsFromEnv } from './webhook.server'
import { handoffCookie, handoffOf, type WhatsAppHandoff } from './whatsapp-handoff.server'

/** What the action answers when the lead was not accepted (useActionData). */
export type LeadActionData = {
  /** Conform's reply: field errors, and `formErrors` holding `message` when there is one. */
  result: SubmissionResult<string[]>
  /** A message for the whole form (toast): rate limit, database, configuration. */
  message: string | null
  /** A fresh timer for the form, when the posted one cannot be used again (expired, missing, already used). */
  timer?: string
  /** Which form was refused, for the form_submission_error event (lead-events.client.ts). */
  form?: LeadFormKey
}

export type LeadActionOutcome<Value> =
  | {
      status: 'success'
      /** Null for a bot's quiet success (no lead; the post may be in the spam folder). */
      leadId: string | null
      value: Value | null
      /** The success response's headers (response.headers): the origin cookie when the visit had none, the receipt, the handoff. */
      headers: Headers
      /** The answer (answerAcceptedLead): a redirect to the confirmation, the same for a person and a trapped bot. */
      response: Response
    }
  | LeadActionFailure

/**
 * A post the action accepted, for the route's confirmation URL: a person's
 * stored lead, or a trapped post answered as one. A trapped post's `leadId`
 * is a new random UUID that names no lead (the same shape in the URL, nothing
 * to read behind it); its value is null when its fields were not valid.
 */
export type AcceptedLead<Value> = { stored: true; leadId: string; value: Value } | { stored: false; leadId: string; value: Value | null }

/**
 * For the loader of a page with a lead form: the hidden fields' values (a
 * timer signed for this form) and the CMS cache preset. The page stays
 * cacheable in a shared cache: the timer outlives any cached copy
 * (FORM_TIMER_MAX_AGE_MS), and nothing in it is the visitor's own (ADR 029).
 * A loader that shows a person's own data (a tool's stored result) overrides
 * the preset with `private, no-store`.
 */
export async function prepareLeadForm(
  request: Request,
  form: LeadFormKey,
  options: { now?: number } = {},
): Promise<{ leadForm: LeadFormFields; headers: Headers }> {
  const now = options.now ?? Date.now()
  const headers = new Headers({ 'Cache-Control': cacheControl.cmsPage })
  return { leadForm: { form, timer: createFormTimer(leadForms[form].timerScope, now), pageUrl: pageUrlOf(request) }, headers }
}

export type HandleLeadActionOptions<Schema extends LeadSchema> = {
  request: Request
  /** Remix's load context: `clientIp` as Express resolved it under TRUST_PROXY. */
  context: { clientIp: string }
  form: LeadFormKey
  schema: Schema
  /** Results to store with the lead (tools). */
  results?: (value: z.output<Schema>) => LeadResults | undefined
  /** The lead's contact when the form names it differently (the briefing's phone with its country's dial code). */
  contact?: (value: z.output<Schema>) => LeadContactData
  /**
   * Where the answer sends the visitor (the confirmation), for a stored lead and a trapped post alike: the
   * same shape for both, or a bot learns it was caught. Defaults to the path the form was posted to. It may
   * do the form's own work for a stored lead first (/agendar books the slot) and say what the WhatsApp
   * handoff names besides (the session booked).
   */
  confirmation?: (lead: AcceptedLead<z.output<Schema>>) => Confirmation | Promise<Confirmation>
  /** The notice version shown with the form (defaults to the current one). */
  consentVersion?: string
  /** Tests and the bench: their own database and webhook settings. */
  pipeline?: LeadPipeline
  /** Tests: the clock. */
  now?: number
}

/** A confirmation's address, or it and what the handoff names besides. */
export type Confirmation = string | { location: string; handoff?: Pick<WhatsAppHandoff, 'booked'> }

/** The `headers` export of every route with a lead form: a refusal's `Allow` (405) and `Retry-After` (429, 503) reach the visitor. */
export const leadRouteHeaders: HeadersFunction = passOnHeaders()

/** A lead form's schema: an object whose keys are the form's field names. */
export type LeadSchema = z.ZodObject & z.ZodType<LeadContactData>

type LeadActionFailure = { status: 'error'; response: ReturnType<typeof data<LeadActionData>> }

function failure(
  status: number,
  result: SubmissionResult<string[]>,
  message: string | null,
  options: { headers?: Record<string, string>; timer?: string; form?: LeadFormKey } = {},
): LeadActionFailure {
  const body: LeadActionData = { result, message, ...(options.timer ? { timer: options.timer } : {}), ...(options.form ? { form: options.form } : {}) }
  return { status: 'error', response: data<LeadActionData>(body, { status, headers: { 'Cache-Control': cacheControl.privateNoStore, ...options.headers } }) }
}

/**
 * A new timer for a form the visitor has already filled in, dated so that
 * sending it back at once is not "too fast". With JavaScript, Remix does not
 * reload the page's data after a 4xx, so the reply itself must carry it.
 */
function freshTimer(form: LeadFormKey, now: number): string {
  return createFormTimer(leadForms[form].timerScope, now - getEnv().LEAD_MIN_FILL_MS)
}

/** A refusal before the fields were read: the message only, nothing echoed (also for a tool's own pre-reading of the body). */
export function refusal(status: number, message: string, headers?: Record<string, string>, form?: LeadFormKey): LeadActionFailure {
  return failure(status, { status: 'error', error: { '': [message] } }, message, { headers, form })
}

/** The names a form may post: its schema's fields and the hidden fields every lead form carries. */
export function leadFormFieldNames(schema: z.ZodObject): ReadonlySet<string> {
  return new Set([...Object.keys(schema.shape), ...Object.values(LEAD_HIDDEN_FIELDS)])
}

/**
 * The lead path of every form, cheap checks first: the rate limit (every
 * post counts, refused ones too; a refusal is counted per day), the method,
 * type, size and field count of the body (readFormBody), the bot traps
 * (quiet success), the timer's age (the form back), then zod on the declared
 * fields only, and the lead service. A trapped post or one with an expired
 * or missing timer whose fields are a valid lead goes to the spam folder
 * (ADR 039); its answer is the same as if nothing were kept.
 */
export async function handleLeadAction<Schema extends LeadSchema>(options: HandleLeadActionOptions<Schema>): Promise<LeadActionOutcome<z.output<Schema>>> {
  const { request, context, form, schema } = options
  const now = options.now ?? Date.now()
  const arrivedAt = performance.now()

  const limit = await leadRateLimiter.hit(rateLimitKey(form, context.clientIp), now).catch((error: unknown): RateLimitDecision => {
    // The shared limit lives in PostgreSQL: with the database away, the post goes on and the store says so (503, form kept).
    logJson({ level: 'warn', msg: 'lead rate limit unavailable', form, error })
    return { allowed: true }
  })
  if (!limit.allowed) {
    await bestEffort(options, 'rate-limited post not counted', (db) => countDaily(db, rateLimitedCounter(form), new Date(now)))
    return refusal(429, leadErrorMessages.rateLimit, { 'Retry-After': String(limit.retryAfterSeconds) }, form)
  }

  const body = await readFormBody(request, { fields: leadFormFieldNames(schema) })
  if (!body.ok) {
    logJson({ level: 'warn', msg: 'lead post refused', form, status: body.refusal.status })
    return refusal(body.refusal.status, body.refusal.message, body.refusal.headers, form)
  }
  const { formData } = body

  const timer = checkFormTimer(formData.get(LEAD_HIDDEN_FIELDS.timer), leadForms[form].timerScope, { now })
  const bot = detectBot(formData, timer)
  const submission = parseWithZod(formData, { schema })
  const suspicion: SpamReason | null = bot ?? (timer === 'expired' || timer === 'missing' ? timer : null)
  if (suspicion) {
    // A trapped post's answer is a person's: the origin cookie when the visit had none, and a receipt of
    // the same shape (a bot learns nothing from the cookies), after as long as a person's answer takes.
    let trapped: { input: SubmitLeadInput; headers: Headers } | null = null
    if (submission.status === 'success') {
      const { value } = submission
      await bestEffort(options, 'suspected spam not stored', async (db) => {
        const { input, headers } = await leadInput(options, formData, value, now)
        trapped = { input, headers }
        return storeSuspectedSpam(db, input, suspicion, new Date(now))
      })
    }
    if (bot) {
      logJson({ level: 'warn', msg: 'lead dropped as automated', form, reason: bot, fieldsValid: submission.status === 'success' })
      // Assigned in a callback: TypeScript cannot see it may be set.
      const caught = trapped as { input: SubmitLeadInput; headers: Headers } | null
      const { origin, headers } = caught
        ? { origin: caught.input.origin, headers: caught.headers }
        : await readOrigin(request, formData, { formId: leadForms[form].formId, now })
      const leadId = randomUUID()
      return answerAcceptedLead(options, {
        lead: { stored: false, leadId, value: submission.status === 'success' ? submission.value : null },
        headers,
        receipt: decoyReceipt(options, origin, leadId),
        handoff: caught ? handoffFor(caught.input) : handoffOf(form, {}),
        arrivedAt,
      })
    }
    // The form comes back with what was typed and a fresh timer.
    const message = timer === 'expired' ? leadErrorMessages.formExpired : leadErrorMessages.formUnconfirmed
    logJson({ level: 'warn', msg: 'lead post without a valid timer', form, timer, fieldsValid: submission.status === 'success' })
    return failure(400, submission.reply({ formErrors: [message] }), message, { timer: freshTimer(form, now), form })
  }
  if (submission.status !== 'success') {
    return failure(400, submission.reply(), null, { form })
  }

  const { input, headers } = await leadInput(options, formData, submission.value, now)
  let stored: Awaited<ReturnType<typeof submitLead>>
  try {
    stored = await submitLead(input, options.pipeline)
  } catch (error) {
    const message = error instanceof LeadStoreError ? error.message : leadErrorMessages.database
    const status = error instanceof LeadStoreError && error.kind === 'configuration' ? 500 : 503
    // The form comes back filled, with the message; nothing was acknowledged, so nothing is lost.
    const headers = status === 503 ? { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } : undefined
    return failure(status, submission.reply({ formErrors: [message] }), message, { form, headers })
  }
  await bestEffort(options, 'resent form left its suspected spam row', (db) => forgetResentSpam(db, { form, email: input.data.email }, new Date(now)))
  return answerAcceptedLead(options, {
    lead: { stored: true, leadId: stored.leadId, value: submission.value },
    headers,
    receipt: { form, eventId: input.origin.eventId ?? stored.leadId, sessionId: input.origin.sessionId, delivery: stored.delivery },
    handoff: handoffFor(input),
    arrivedAt,
  })
}

/**
 * The one answer to an accepted post, a person's stored lead and a trapped
 * bot's alike, so a side effect added here reaches both: a redirect to the
 * route's confirmation, never stored by a cache, with the origin cookie
 * (in `headers` when the visit had none), the lead's receipt, its
 * WhatsApp handoff and who may book the strategy session, after the pace (a person's time is kept, a trapped post
 * waits as long as one of those; answer-pace.server.ts). A test compares
 * the two answers of every form header by header (tests/integration/leads/accepted-answer.test.ts).
 */
async function answerAcceptedLead<Schema extends LeadSchema>(
  options: HandleLeadActionOptions<Schema>,
  accepted: { lead: AcceptedLead<z.output<Schema>>; headers: Headers; receipt: LeadReceipt; handoff: WhatsAppHandoff; arrivedAt: number },
): Promise<LeadActionOutcome<z.output<Schema>>> {
  const { request } = options
  const { lead, headers } = accepted
  const confirmation = options.confirmation ? await options.confirmation(lead) : new URL(request.url).pathname
  const { location, handoff } = typeof confirmation === 'string' ? { location: confirmation, handoff: {} } : confirmation
  headers.set('Cache-Control', cacheControl.privateNoStore)
  headers.append('Set-Cookie', await serializeSiteCookie(request, 'leadReceipt', serializeLeadReceipt(accepted.receipt)))
  headers.append('Set-Cookie', await handoffCookie(request, { ...accepted.handoff, ...handoff }))
  headers.append('Set-Cookie', await bookingVisitorCookie(request, { leadId: lead.leadId, name: accepted.handoff.name }))
  if (lead.stored) recordAnswerTime(performance.now() - accepted.arrivedAt)
  else await paceLikeAcceptedPost(accepted.arrivedAt)
  const response = redirect(location, { headers })
  return lead.stored
    ? { status: 'success', leadId: lead.leadId, value: lead.value, headers: response.headers, response }
    : { status: 'success', leadId: null, value: null, headers: response.headers, response }
}

/** The WhatsApp handoff of a lead (ADR 049): its form, the person's name, the service or metric it was about. */
const handoffFor = (input: SubmitLeadInput) =>
  handoffOf(input.form, { ...input.data, metric: input.results?.kind === 'calculator' ? input.results.metricType : null })

/**
 * What the lead service takes for this post (contact, origin, results,
 * consent, address, submission key), and the origin cookie to set when the
 * visit had none: the same for a lead and for a suspected post, which an
 * admin may later release as it is.
 */
async function leadInput<Schema extends LeadSchema>(
  options: HandleLeadActionOptions<Schema>,
  formData: FormData,
  value: z.output<Schema>,
  now: number,
): Promise<{ input: SubmitLeadInput; headers: Headers }> {
  const { form } = options
  const { origin, headers } = await readOrigin(options.request, formData, { formId: leadForms[form].formId, now })
  const contact = options.contact ? options.contact(value) : value
  const input: SubmitLeadInput = {
    form,
    data: contact,
    origin,
    results: options.results?.(value),
    consentVersion: options.consentVersion ?? CONSENT_VERSION,
    clientIp: options.context.clientIp,
    submissionKey: submissionKey(form, formData.get(LEAD_HIDDEN_FIELDS.timer), value),
  }
  return { input, headers }
}

/**
 * The receipt a trapped post gets: a person's, for a lead whose webhook went
 * as it usually does (delivered, or skipped without WEBHOOK_URL). The page's
 * script then pushes the form's events as for a person (a real person caught
 * by autofill in the honeypot is one); nothing is stored as a lead.
 */
function decoyReceipt<Schema extends LeadSchema>(options: HandleLeadActionOptions<Schema>, origin: OriginData, leadId: string): LeadReceipt {
  const webhook = options.pipeline?.webhook ?? webhookSettingsFromEnv(getEnv())
  return { form: options.form, eventId: origin.eventId ?? leadId, sessionId: origin.sessionId, delivery: webhook.url ? 'delivered' : 'skipped' }
}

/**
 * A write beside the lead path (a count, a suspected post, a resent form's
 * row) on the pipeline's database: a failure, even to open the database, is
 * logged and never changes the visitor's answer.
 */
async function bestEffort<Schema extends LeadSchema>(
  options: HandleLeadActionOptions<Schema>,
  msg: string,
  write: (db: Database) => Promise<unknown>,
): Promise<void> {
  try {
    await write((options.pipeline ?? (await getLeadPipeline())).db)
  } catch (error) {
    logJson({ level: 'warn', msg, form: options.form, error })
  }
}
