/**
 * What every lead route needs, so each loader and action stays a few lines:
 *
 *   export async function loader({ request }: LoaderFunctionArgs) {
 *     const { leadForm, headers } = await prepareLeadForm(request)
 *     return data({ leadForm }, { headers })
 *   }
 *
 *   export async function action({ request, context }: ActionFunctionArgs) {
 *     const outcome = await handleLeadAction({ request, context, form: 'contato', schema: contactPageSchema })
 *     if (outcome.status !== 'success') return outcome.response
 *     return redirect('/contato?enviado=1')
 *   }
 *
 * handleLeadAction: rate limit (429), honeypot and time trap (quiet success,
 * no row), zod validation (400 with Conform's reply), the lead service, and
 * the database failing (503 with the catalogue's message; the input is kept).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { logJson } from '~/server/request-log'
import { cacheControl } from '~/utils/http.server'
import { createFormTimer, detectBot, leadRateLimiter, rateLimitKey } from './abuse.server'
import { CONSENT_VERSION } from './consent'
import { leadErrorMessages, LeadStoreError } from './errors'
import { LEAD_HIDDEN_FIELDS, leadForms, type LeadFormKey } from './lead-forms'
import type { LeadFormFields } from './lead-hidden-fields'
import { pageUrlOf, readOrigin } from './origin-tracking.server'
import { submitLead, type LeadContactData, type LeadPipeline, type LeadResults } from './lead-service.server'

/** What the action answers when the lead was not accepted (useActionData). */
export type LeadActionData = {
  /** Conform's reply: field errors, and `formErrors` holding `message` when there is one. */
  result: SubmissionResult<string[]>
  /** A message for the whole form (toast): rate limit, database, configuration. */
  message: string | null
}

export type LeadActionOutcome<Value> =
  | {
      status: 'success'
      /** Null for a bot's quiet success (nothing was stored). */
      leadId: string | null
      value: Value | null
    }
  | { status: 'error'; response: ReturnType<typeof data<LeadActionData>> }

/**
 * For the loader of a page with a lead form: the hidden fields' values and
 * the private, no-store cache preset (ADR 008). The visit's first touch is
 * captured once per request by the root loader (root.tsx), on every page.
 */
export async function prepareLeadForm(request: Request, options: { now?: number } = {}): Promise<{ leadForm: LeadFormFields; headers: Headers }> {
  const now = options.now ?? Date.now()
  // The page carries a signed timer: never in a shared cache.
  const headers = new Headers({ 'Cache-Control': cacheControl.privateNoStore })
  return { leadForm: { timer: createFormTimer(now), pageUrl: pageUrlOf(request) }, headers }
}

export type HandleLeadActionOptions<Schema extends z.ZodType<LeadContactData>> = {
  request: Request
  /** Remix's load context: `clientIp` as Express resolved it under TRUST_PROXY. */
  context: { clientIp: string }
  form: LeadFormKey
  schema: Schema
  /** Results to store with the lead (tools). */
  results?: (value: z.output<Schema>) => LeadResults | undefined
  /** The notice version shown with the form (defaults to the current one). */
  consentVersion?: string
  /** Tests and the bench: their own database and webhook settings. */
  pipeline?: LeadPipeline
  /** Tests: the clock. */
  now?: number
}

function failure(status: number, result: SubmissionResult<string[]>, message: string | null): { status: 'error'; response: ReturnType<typeof data<LeadActionData>> } {
  return { status: 'error', response: data<LeadActionData>({ result, message }, { status, headers: { 'Cache-Control': 'private, no-store' } }) }
}

export async function handleLeadAction<Schema extends z.ZodType<LeadContactData>>(
  options: HandleLeadActionOptions<Schema>,
): Promise<LeadActionOutcome<z.output<Schema>>> {
  const { request, context, form, schema } = options
  const now = options.now ?? Date.now()
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema })

  const limit = leadRateLimiter().hit(rateLimitKey(form, context.clientIp), now)
  if (!limit.allowed) {
    return failure(429, submission.reply({ formErrors: [leadErrorMessages.rateLimit] }), leadErrorMessages.rateLimit)
  }

  const bot = detectBot(formData, { now })
  if (bot) {
    logJson({ level: 'warn', msg: 'lead dropped as automated', form, reason: bot })
    return { status: 'success', leadId: null, value: null }
  }
  if (!formData.has(LEAD_HIDDEN_FIELDS.timer)) {
    logJson({ level: 'warn', msg: 'lead form posted without its timer field (render <LeadHiddenFields>)', form })
  }

  if (submission.status !== 'success') {
    return failure(400, submission.reply(), null)
  }

  const origin = await readOrigin(request, formData, { formId: leadForms[form].formId, now })
  try {
    const stored = await submitLead(
      {
        form,
        data: submission.value,
        origin,
        results: options.results?.(submission.value),
        consentVersion: options.consentVersion ?? CONSENT_VERSION,
        clientIp: context.clientIp,
      },
      options.pipeline,
    )
    return { status: 'success', leadId: stored.leadId, value: submission.value }
  } catch (error) {
    const message = error instanceof LeadStoreError ? error.message : leadErrorMessages.database
    const status = error instanceof LeadStoreError && error.kind === 'configuration' ? 500 : 503
    return failure(status, submission.reply({ formErrors: [message] }), message)
  }
}
