/**
 * The lead service: one validated submission in, one transaction out (lead,
 * tracking, optional results, outbox row), then one short inline webhook
 * attempt. A stored lead is acknowledged whatever the webhook does; only a
 * failure to store throws (LeadStoreError, with the catalogue's message).
 */
import { and, eq } from 'drizzle-orm'
import { createDeliveryId } from '~/delivery/http.server'
import { deliveryTimingFromEnv, isPaused } from '~/delivery/outbox.server'
import { isConfigured } from '~/delivery/target'
import { CURRENCY } from '~/utils/currency'
import { getEnv, oncePerEnv } from '~/utils/env.server'
import { logJson } from '~/utils/log.server'
import { storableValue } from '~/utils/storable-text'
import { migratedDatabase, postgresErrorCode, type Transaction } from '../../db/client'
import { agentBriefings, calculatorResults, leads, leadTracking, testResults, outbox } from '../../db/schema'
import type { presenceTestRuns, OutboxRow } from '../../db/schema'
import { conversionSettingsFromEnv, type ConversionLead } from './conversions.server'
import { LeadStoreError } from './errors'
import { leadForms, NEWSLETTER_LEAD_NAME, type LeadFormKey } from './lead-forms'
import { leadTargetsFromEnv } from './lead-targets.server'
import type { OriginData } from './origin-tracking.server'
import { attemptDelivery, LEAD_WEBHOOK_TARGET, LEASE_MARGIN_MS, outboxTargets, type OutboxDeps } from './outbox.server'
import { storedPhoneE164 } from './phone-e164'
import type { StoredLead } from './stored-lead'
import { webhookSettingsFromEnv } from './webhook.server'

/** The contact fields of a lead. The newsletter sends only `email` (its payload's name is fixed, its phone empty). */
export type LeadContactData = {
  email: string
  name?: string
  phone?: string
  message?: string | null
  company?: string | null
  service?: string | null
}

type TestRow = typeof testResults.$inferSelect
type CalculatorRow = typeof calculatorResults.$inferSelect
type BriefingRow = typeof agentBriefings.$inferSelect
type BriefingAnswers =
  | 'businessName'
  | 'businessType'
  | 'agentPurpose'
  | 'tone'
  | 'mainGoals'
  | 'targetAudience'
  | 'operatingHours'
  | 'specificFeatures'
  | 'integration'
  | 'additionalInfo'

/** A tool's result stored with its lead: the columns of its table (db/schema.ts), as the tool names them. */
export type LeadResults =
  | {
      kind: 'test'
      overallScore: TestRow['overallScore']
      categoryScores: TestRow['categoryScores']
      recommendations: TestRow['recommendations']
      answers?: (typeof presenceTestRuns.$inferSelect)['answers']
      /** The persona the overall score gives (kept: it is the test's result, ADR 024). */
      persona?: { title: string; subtitle: string }
    }
  | {
      kind: 'calculator'
      metricType: CalculatorRow['metricType']
      value: CalculatorRow['calculatedValue']
      inputs: CalculatorRow['inputValues']
      status?: CalculatorRow['status']
      message?: CalculatorRow['interpretationMessage']
      tips?: CalculatorRow['tips']
    }
  | ({ kind: 'briefing' } & Partial<Pick<BriefingRow, BriefingAnswers>> & Pick<BriefingRow, 'platforms' | 'countryCode'>)

export type SubmitLeadInput = {
  form: LeadFormKey
  data: LeadContactData
  origin: OriginData
  results?: LeadResults
  /** CONSENT_VERSION of the notice shown with the form. */
  consentVersion: string
  /** Kept with the consent as its proof (LGPD); from Express's trust-proxy resolution. */
  clientIp?: string | null
  /** What was sent, hashed (abuse.server.ts): one lead per submission (the same post sent again is answered, not stored twice). */
  submissionKey?: string | null
  /** When the person agreed by sending the form, if that was before now: a post released from the spam folder (ADR 039). */
  consentAt?: Date
}

export type SubmitLeadResult = {
  leadId: string
  messageId: string
  /** The delivery's state when the visitor is answered: delivered, pending (the worker retries), skipped or failed. */
  delivery: OutboxRow['status']
  /** True when this post repeated one already stored (same form render, same fields): nothing new was written. */
  repeated?: boolean
}

/**
 * The database and the delivery targets the service works with (tests and the bench pass their own): the
 * lead webhook, the conversion APIs and `handlers` (the sales e-mail, the CRMs, Pipedrive). Each configured
 * target with a `rowFor` gets a row per lead (ADR 054).
 */
export type LeadPipeline = OutboxDeps

/** The pipeline's settings and targets, made once per parsed environment, not on every post. */
const pipelineSettings = oncePerEnv((env): Omit<LeadPipeline, 'db'> => ({
  timing: deliveryTimingFromEnv(env),
  webhook: webhookSettingsFromEnv(env),
  conversions: conversionSettingsFromEnv(env),
  handlers: leadTargetsFromEnv(env),
}))

/** The process's pipeline: the shared database (migrated once) and the webhook settings from the environment. */
export async function getLeadPipeline(): Promise<LeadPipeline> {
  const env = getEnv()
  return { db: await migratedDatabase(env), ...pipelineSettings(env) }
}

/**
 * The JSON the webhook receives (the spec's lead submission payload, with each
 * form's source and results), plus the lead id and the event id the browser's
 * data-layer events carry (empty without JavaScript), so a receiver can join
 * the two.
 */
export type LeadPayload = {
  leadId: string
  eventId: string
  name: string
  email: string
  phone: string
  message: string
  timestamp: string
  source: string
  pageUrl: string
  referrer: string
  userAgent: string
  sessionId: string
  utmSource: string
  utmMedium: string
  utmCampaign: string
  utmContent: string
  utmTerm: string
  formId: string
  company?: string
  service?: string
  results?: Record<string, unknown>
}

function resultsPayload(results: LeadResults): Record<string, unknown> {
  switch (results.kind) {
    case 'test':
      return {
        overallScore: results.overallScore,
        categoryScores: results.categoryScores,
        recommendations: results.recommendations,
        ...(results.persona ? { persona: results.persona } : {}),
        ...(results.answers ? { answers: results.answers } : {}),
      }
    case 'calculator':
      return {
        metricType: results.metricType,
        value: results.value,
        inputs: results.inputs,
        status: results.status ?? null,
        message: results.message ?? null,
        tips: results.tips ?? [],
      }
    case 'briefing': {
      const { kind: _kind, countryCode: _countryCode, ...fields } = results
      return fields
    }
  }
}

/** The lead as the webhook sees it: newsletter name and phone fixed, contact extras only for /contato and the briefing. */
export function buildLeadPayload(input: SubmitLeadInput & { leadId: string; contact: ResolvedContact }): LeadPayload {
  const form = leadForms[input.form]
  const { origin, contact } = input
  const payload: LeadPayload = {
    leadId: input.leadId,
    eventId: origin.eventId ?? '',
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    message: contact.message ?? '',
    timestamp: origin.timestamp,
    source: form.source,
    pageUrl: origin.pageUrl,
    referrer: origin.referrer,
    userAgent: origin.userAgent ?? '',
    sessionId: origin.sessionId,
    utmSource: origin.utmSource ?? '',
    utmMedium: origin.utmMedium ?? '',
    utmCampaign: origin.utmCampaign ?? '',
    utmContent: origin.utmContent ?? '',
    utmTerm: origin.utmTerm ?? '',
    formId: form.formId,
  }
  if (input.form === 'contact') {
    payload.company = contact.company ?? ''
    payload.service = contact.service ?? ''
  }
  if (input.form === 'briefing') payload.company = contact.company ?? ''
  if (input.results) payload.results = resultsPayload(input.results)
  return payload
}

type ResolvedContact = { name: string; email: string; phone: string; message: string | null; company: string | null; service: string | null }

function resolveContact(form: LeadFormKey, data: LeadContactData, results: LeadResults | undefined): ResolvedContact {
  const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim())
  if (form === 'newsletter') {
    return { name: NEWSLETTER_LEAD_NAME, email: data.email, phone: '', message: null, company: null, service: null }
  }
  if (!data.name) throw new TypeError(`submitLead: form "${form}" needs a name`)
  return {
    name: data.name,
    email: data.email,
    phone: data.phone ?? '',
    message: blankToNull(data.message),
    company: blankToNull(data.company) ?? (results?.kind === 'briefing' ? blankToNull(results.businessName) : null),
    service: blankToNull(data.service),
  }
}

/** The origin data no database can refuse: the session and the form, nothing taken from the visit's URL or headers. */
function bareOrigin(origin: OriginData): OriginData {
  return {
    ...origin,
    pageUrl: '',
    pageTitle: null,
    referrer: 'Direct Access',
    userAgent: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmContent: null,
    utmTerm: null,
    gclid: null,
    fbclid: null,
    fbc: null,
    fbp: null,
    engagementTimeMsec: null,
    eventId: null,
    landingPage: '',
    gaClientId: null,
  }
}

/**
 * Stores a lead and hands it to the webhook. Every text is made storable
 * first (storable-text.ts). Tracking data never costs a lead: when the
 * database refuses a value (a data exception, class 22), the lead is stored
 * again without the visit's tracking data, and the reason is logged. Throws
 * LeadStoreError only when the lead itself could not be stored (the visitor
 * sees the database message and keeps the input); the webhook never makes it
 * throw.
 */
export async function submitLead(rawInput: SubmitLeadInput, pipeline?: LeadPipeline): Promise<SubmitLeadResult> {
  const deps =
    pipeline ??
    (await getLeadPipeline().catch((error: unknown) => {
      throw new LeadStoreError(postgresErrorCode(error) === '42P01' ? 'configuration' : 'database', error)
    }))
  const input = storableValue(rawInput)
  let delivery: LeadDelivery
  try {
    delivery = await storeLead(deps, input)
  } catch (error) {
    const code = postgresErrorCode(error)
    if (code === '23505' && input.submissionKey) return repeatedSubmission(deps, input, error)
    if (!code?.startsWith('22')) throw storeFailure(input.form, error)
    logJson({ level: 'warn', msg: 'lead stored without its tracking data', form: input.form, code, error })
    try {
      delivery = await storeLead(deps, { ...input, origin: bareOrigin(input.origin) })
    } catch (retryError) {
      throw storeFailure(input.form, retryError)
    }
  }
  return deliverInline(deps, delivery)
}

/**
 * This submission is already a lead (the submission key is what was sent,
 * with the form and the timer's nonce: abuse.server.ts): a double click, a
 * browser re-posting the same body, or a retry after an answer lost to a
 * crash. The visitor gets that lead back, as if stored now.
 */
async function repeatedSubmission(deps: LeadPipeline, input: SubmitLeadInput, error: unknown): Promise<SubmitLeadResult> {
  const key = input.submissionKey ?? ''
  const [existing] = await deps.db
    .select({ leadId: leads.id, messageId: outbox.messageId, status: outbox.status })
    .from(leads)
    .innerJoin(outbox, and(eq(outbox.leadId, leads.id), eq(outbox.target, LEAD_WEBHOOK_TARGET)))
    .where(eq(leads.submissionKey, key))
    .catch((lookupError: unknown) => {
      throw storeFailure(input.form, lookupError)
    })
  if (!existing) throw storeFailure(input.form, error)
  logJson({ level: 'info', msg: 'lead sent again, answered with the stored one', form: input.form, leadId: existing.leadId })
  return { leadId: existing.leadId, messageId: existing.messageId, delivery: existing.status, repeated: true }
}

function storeFailure(form: LeadFormKey, error: unknown): LeadStoreError {
  const code = postgresErrorCode(error)
  logJson({ level: 'error', msg: 'lead not stored', form, code: code ?? null, error })
  return new LeadStoreError(code === '42P01' ? 'configuration' : 'database', error)
}

function inlineDelivery(deps: LeadPipeline): boolean {
  const { webhook } = deps
  return Boolean(webhook.url && webhook.secret && webhook.inlineTimeoutMs > 0)
}

/** A lead's own webhook row (outbox rows of CDN purges have no lead), and whether its first attempt is made inline. */
type LeadDelivery = OutboxRow & { leadId: string; inline: boolean }

/** One transaction: the lead, its tracking, its results and its outbox row. */
async function storeLead(deps: LeadPipeline, input: SubmitLeadInput): Promise<LeadDelivery> {
  const now = deps.now?.() ?? new Date()
  const form = leadForms[input.form]
  const contact = resolveContact(input.form, input.data, input.results)
  const { webhook } = deps
  return deps.db.transaction(async (tx) => {
    // Not while the receiver's 429 pauses it for the fleet: the row waits for the worker, like the others.
    const inline = inlineDelivery(deps) && !(await isPaused(tx, LEAD_WEBHOOK_TARGET, now))
    const [lead] = await tx
      .insert(leads)
      .values({
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        company: contact.company,
        source: form.source,
        formId: form.formId,
        service: contact.service,
        message: contact.message,
        sessionId: input.origin.sessionId,
        userAgent: input.origin.userAgent,
        consentVersion: input.consentVersion,
        consentAt: input.consentAt ?? now,
        consentIp: input.clientIp ?? null,
        marketingConsent: input.origin.marketingConsent,
        submissionKey: input.submissionKey ?? null,
      })
      .returning({ id: leads.id })
    if (!lead) throw new Error('insert into leads returned no row')

    const { origin } = input
    await tx.insert(leadTracking).values({
      leadId: lead.id,
      pageUrl: origin.pageUrl,
      pageTitle: origin.pageTitle,
      pageLocation: origin.landingPage,
      referrer: origin.referrer,
      utmSource: origin.utmSource,
      utmMedium: origin.utmMedium,
      utmCampaign: origin.utmCampaign,
      utmContent: origin.utmContent,
      utmTerm: origin.utmTerm,
      gclid: origin.gclid,
      fbclid: origin.fbclid,
      fbc: origin.fbc,
      fbp: origin.fbp,
      eventId: origin.eventId,
      engagementTimeMsec: origin.engagementTimeMsec,
      conversionValue: form.conversionValue,
      conversionCurrency: CURRENCY,
    })

    await insertResults(tx, lead.id, input.results, contact)

    const payload = buildLeadPayload({ ...input, leadId: lead.id, contact })
    const [row] = await tx
      .insert(outbox)
      .values({
        leadId: lead.id,
        messageId: createDeliveryId(),
        payload,
        status: webhook.url ? 'pending' : 'skipped',
        // The inline attempt below is attempt 1; its lease keeps the worker off the row meanwhile.
        attempts: inline ? 1 : 0,
        nextAttemptAt: inline ? new Date(now.getTime() + webhook.inlineTimeoutMs + LEASE_MARGIN_MS) : now,
        lastError: webhook.url ? null : 'WEBHOOK_URL is not set',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!row) throw new Error('insert into outbox returned no row')
    const leadDelivery = { ...row, leadId: lead.id, inline }

    // Every other configured target's row, as the target builds it (its `rowFor`; none for a null), one insert:
    // each starts pending, due now, for the worker.
    const stored = storedLead(input, contact, lead.id, payload, now)
    const others: Array<{ target: string; payload: Record<string, unknown> }> = []
    for (const target of outboxTargets(deps)) {
      if (!isConfigured(target) || !target.rowFor) continue
      const targetPayload = (await target.rowFor(stored)) as Record<string, unknown> | null
      if (targetPayload) others.push({ target: target.name, payload: targetPayload })
    }
    if (others.length > 0) {
      await tx.insert(outbox).values(
        others.map(({ target, payload }) => ({
          leadId: lead.id,
          messageId: createDeliveryId(),
          target,
          payload,
          createdAt: now,
          updatedAt: now,
          nextAttemptAt: now,
        })),
      )
    }
    return leadDelivery
  })
}

/** A tool's result, in its own table beside the lead (none for a plain form). */
async function insertResults(tx: Transaction, leadId: string, results: LeadResults | undefined, contact: ResolvedContact) {
  if (results?.kind === 'test') {
    await tx.insert(testResults).values({
      leadId,
      overallScore: Math.round(results.overallScore),
      categoryScores: results.categoryScores,
      recommendations: results.recommendations,
      personaTitle: results.persona?.title ?? null,
      personaSubtitle: results.persona?.subtitle ?? null,
    })
  } else if (results?.kind === 'calculator') {
    await tx.insert(calculatorResults).values({
      leadId,
      metricType: results.metricType,
      calculatedValue: results.value,
      inputValues: results.inputs,
      status: results.status ?? null,
      interpretationMessage: results.message ?? null,
      tips: results.tips ?? [],
    })
  } else if (results?.kind === 'briefing') {
    await tx.insert(agentBriefings).values({
      leadId,
      businessName: results.businessName ?? null,
      businessType: results.businessType ?? null,
      agentPurpose: results.agentPurpose ?? null,
      platforms: results.platforms,
      tone: results.tone ?? null,
      mainGoals: results.mainGoals ?? null,
      targetAudience: results.targetAudience ?? null,
      operatingHours: results.operatingHours ?? null,
      specificFeatures: results.specificFeatures ?? null,
      integration: results.integration ?? null,
      additionalInfo: results.additionalInfo ?? null,
      contactName: contact.name,
      email: contact.email,
      countryCode: results.countryCode,
      phone: contact.phone,
    })
  }
}

const leadPhoneE164 = (input: SubmitLeadInput, phone: string) => storedPhoneE164(phone, input.results?.kind === 'briefing')

/** The lead as its targets see it: what each one's `rowFor` builds its row from. */
function storedLead(input: SubmitLeadInput, contact: ResolvedContact, leadId: string, payload: LeadPayload, at: Date): StoredLead {
  const { origin } = input
  return {
    leadId,
    form: input.form,
    payload,
    results: input.results,
    phoneE164: leadPhoneE164(input, contact.phone),
    pageTitle: origin.pageTitle,
    hubspotutk: origin.hubspotutk ?? null,
    landingPage: origin.landingPage,
    marketingConsent: origin.marketingConsent,
    conversion: conversionLead(input, contact, leadId, at),
    at,
  }
}

/** The lead as the conversion APIs see it. */
function conversionLead(input: SubmitLeadInput, contact: ResolvedContact, leadId: string, at: Date): ConversionLead {
  const form = leadForms[input.form]
  const { origin } = input
  return {
    eventId: origin.eventId ?? leadId,
    sessionId: origin.sessionId,
    formName: form.analyticsName,
    value: form.conversionValue,
    currency: CURRENCY,
    pageUrl: origin.pageUrl,
    name: input.form === 'newsletter' ? '' : contact.name,
    email: contact.email,
    phone: leadPhoneE164(input, contact.phone),
    userAgent: origin.userAgent,
    clientIp: input.clientIp ?? null,
    fbc: origin.fbc,
    fbp: origin.fbp,
    gaClientId: origin.gaClientId,
    engagementTimeMsec: origin.engagementTimeMsec,
    at,
  }
}

/** The attempt made right after storing; the lead is acknowledged whatever it gives. */
async function deliverInline(deps: LeadPipeline, delivery: LeadDelivery): Promise<SubmitLeadResult> {
  let status = delivery.status
  if (delivery.inline) {
    try {
      status = await attemptDelivery(deps, delivery, deps.webhook.inlineTimeoutMs)
    } catch (error) {
      // The lead is stored; the lease runs out and the worker retries.
      logJson({ level: 'warn', msg: 'inline webhook attempt not recorded', messageId: delivery.messageId, error })
    }
  }
  return { leadId: delivery.leadId, messageId: delivery.messageId, delivery: status }
}
