/**
 * The leads' side of the outbox: the lead webhook and the conversion APIs as
 * delivery targets, and the worker (app/delivery/outbox.server.ts) run with
 * the lead settings. `OutboxDeps` is how the lead service, the server's
 * start-up and the tests describe what this process sends to; `toDeliveryDeps`
 * turns it into the worker's one list of targets (ADR 054).
 */
import { z } from 'zod'
import { postJson, postSignedWebhook, type AttemptOutcome } from '~/delivery/http.server'
import {
  activeTargets as activeDeliveryTargets,
  attemptDelivery as attemptWith,
  claimDueDeliveries as claimWith,
  deliverPending,
  startOutboxWorker as startWorker,
  type DeliveryDeps,
  type DeliveryTiming,
  type WorkerChore,
} from '~/delivery/outbox.server'
import type { AnyDeliveryTarget, DeliveryTarget } from '~/delivery/target'
import type { Database } from '../../db/client'
import type { DeliveryStatus, OutboxRow } from '../../db/schema'
import { activeConversionTargets, conversionBuilders, conversionEndpoint, conversionTargets, type ConversionSettings } from './conversions.server'
import type { LeadTarget } from './stored-lead'
import { webhookConfigurationProblem, type WebhookSettings } from './webhook.server'

export {
  ABANDON_BEFORE_LEASE_MS,
  AttemptAborted,
  DEADLINE_GRACE_MS,
  DEFAULT_PER_TARGET,
  deliveryBody,
  INTERRUPTED_RETRY_MS,
  interruptedByStop,
  LEASE_MARGIN_MS,
  MAX_RETRY_AFTER_MS,
  nextDeliveryState,
  oncePerFleet,
  RecordingAbandoned,
  RECORDING_ROOM_MS,
  STOP_RECORDING_MS,
  type DeliveryRun,
  type NextState,
  type OutboxStopReport,
  type OutboxWorker,
  type WorkerChore,
} from '~/delivery/outbox.server'

/** The outbox row of the lead webhook; the other targets are the conversion APIs (conversions.server.ts). */
export const LEAD_WEBHOOK_TARGET = 'lead_webhook'

/** A target given as its attempt alone (its payload any JSON object). */
export type TargetHandler = (row: OutboxRow, timeoutMs: number, now: Date | undefined, signal: AbortSignal) => Promise<AttemptOutcome>

export type OutboxDeps = {
  db: Database
  /** Every target's deadline and schedule (DELIVERY_TIMEOUT_MS, DELIVERY_RETRY_SCHEDULE). */
  timing: DeliveryTiming
  webhook: WebhookSettings
  conversions?: ConversionSettings
  /** The other configured targets, by name. */
  handlers?: Record<string, TargetHandler | AnyDeliveryTarget>
  now?: () => Date
}

/** Any JSON object: what the lead webhook and the conversion APIs send, byte for byte as stored. */
const jsonObject = z.record(z.string(), z.unknown())

/** The lead webhook: the stored payload, signed (Standard Webhooks). Configured by WEBHOOK_URL. */
export function leadWebhookTarget(settings: Pick<WebhookSettings, 'url' | 'secret'>): DeliveryTarget<Record<string, unknown>> {
  return {
    name: LEAD_WEBHOOK_TARGET,
    label: 'Webhook de leads',
    payload: jsonObject,
    configured: Boolean(settings.url),
    variables: ['WEBHOOK_URL', 'WEBHOOK_SECRET', 'WEBHOOK_INLINE_TIMEOUT_MS'],
    // A URL without its secret stops the start: unsigned, the receiver could not tell the site from anyone.
    check: () => webhookConfigurationProblem({ WEBHOOK_URL: settings.url ?? undefined, WEBHOOK_SECRET: settings.secret ?? undefined }),
    send: (_payload, row, { timeoutMs, now, signal }) => {
      const { url, secret } = settings
      return url && secret
        ? postSignedWebhook({ url, secret, messageId: row.messageId, body: JSON.stringify(row.payload), timeoutMs, now, signal })
        : Promise.resolve({ kind: 'retry', status: null, error: url ? 'WEBHOOK_SECRET is not set' : 'WEBHOOK_URL is not set' })
    },
  }
}

const CONVERSION_LABELS = { ga4: 'GA4', meta: 'Meta' } as const
const CONVERSION_VARIABLES = {
  ga4: ['GA4_MEASUREMENT_ID', 'GA4_API_SECRET', 'GA4_MP_URL'],
  meta: ['META_PIXEL_ID', 'META_ACCESS_TOKEN', 'META_CAPI_URL'],
} as const

/** The conversion APIs (GA4, Meta): the stored event posted as it is. */
export function conversionDeliveryTargets(settings: ConversionSettings | undefined): LeadTarget<Record<string, unknown>>[] {
  const active = settings ? activeConversionTargets(settings) : []
  return conversionTargets.map((name) => ({
    name,
    label: CONVERSION_LABELS[name],
    payload: jsonObject,
    variables: CONVERSION_VARIABLES[name],
    configured: active.includes(name),
    // Only the leads of visitors who accepted marketing cookies (ADR 031).
    rowFor: (lead) => (lead.marketingConsent ? conversionBuilders[name](lead.conversion) : null),
    send: (_payload, row, { timeoutMs, now, signal }) => {
      const url = settings ? conversionEndpoint(name, settings) : null
      return url
        ? postJson({ url, body: JSON.stringify(row.payload), timeoutMs, now, signal })
        : Promise.resolve({ kind: 'retry', status: null, error: `${name} is not configured` })
    },
  }))
}

/** A bare attempt as a target: its payload any JSON object. */
const handlerTarget = (name: string, handler: TargetHandler): DeliveryTarget<Record<string, unknown>> => ({
  name,
  label: name,
  payload: jsonObject,
  variables: [],
  send: (_payload, row, { timeoutMs, now, signal }) => handler(row, timeoutMs, now, signal),
})

/** Every target these settings describe, in one list: the lead webhook, the conversion APIs, then the others. */
export function outboxTargets(deps: Pick<OutboxDeps, 'webhook' | 'conversions' | 'handlers'>): AnyDeliveryTarget[] {
  const others = Object.entries(deps.handlers ?? {}).map(([name, handler]) => (typeof handler === 'function' ? handlerTarget(name, handler) : handler))
  return [leadWebhookTarget(deps.webhook), ...conversionDeliveryTargets(deps.conversions), ...others]
}

/** The worker's view of these settings. */
export function toDeliveryDeps(deps: OutboxDeps): DeliveryDeps {
  return {
    db: deps.db,
    timing: deps.timing,
    targets: outboxTargets(deps),
    now: deps.now,
  }
}

export const attemptDelivery = (deps: OutboxDeps, row: OutboxRow, timeoutMs: number, stop?: AbortSignal, abandonAt?: number): Promise<DeliveryStatus> =>
  attemptWith(toDeliveryDeps(deps), row, timeoutMs, stop, abandonAt)

export const claimDueDeliveries = (deps: OutboxDeps, limit: number, targets?: string[], dueBy?: Date): Promise<OutboxRow[]> => {
  const delivery = toDeliveryDeps(deps)
  return claimWith(delivery, limit, targets ?? activeDeliveryTargets(delivery), dueBy)
}

/** One pass of the worker (the tests' and the bench's). */
export const deliverOutbox = (deps: OutboxDeps, options?: Parameters<typeof deliverPending>[1]) => deliverPending(toDeliveryDeps(deps), options)

export function startOutboxWorker(
  options: Omit<Parameters<typeof startWorker>[0], 'deps'> & { deps: () => OutboxDeps | Promise<OutboxDeps>; chores?: WorkerChore[] },
) {
  return startWorker({ ...options, deps: async () => toDeliveryDeps(await options.deps()) })
}
