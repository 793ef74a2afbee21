/**
 * A delivery target (ADR 054): where outbox rows go (the lead webhook, a
 * conversion API, a CRM, the sales e-mail, a CDN purge). The worker
 * (outbox.server.ts) knows targets only through this interface: it claims a
 * target's due rows, parses each row's payload with the target's schema (a
 * row of the wrong shape is failed with the schema's words, never cast),
 * and hands the parsed payload to `send`, whose outcome it classifies and
 * records on the common schedule. A target that reports something (a lead)
 * says what row it wants for it with `rowFor`: the domain that stores the
 * source asks every configured target in the source's transaction, and
 * knows none of them by name.
 */
import type { z } from 'zod'
import type { EnvProblem } from '~/utils/env.server'
import type { OutboxRow } from '../../db/schema'
import type { AttemptOutcome } from './http.server'

/** An outbox row as stored. */
export type DeliveryRow = OutboxRow

/** One attempt's bounds: its timeout, the clock, and the signal that aborts at its deadline (or when the instance stops). */
export type AttemptContext = { timeoutMs: number; now: Date | undefined; signal: AbortSignal }

export type DeliveryTarget<Payload = unknown, Source = unknown> = {
  /** The `target` of its rows. */
  name: string
  /** What the admin calls it (pt-BR). */
  label: string
  /** The shape of its rows' payload, parsed when a row is read for an attempt. */
  payload: z.ZodType<Payload>
  /** False: its rows wait, pending, until it is configured (and a lead gets none). Default true. */
  configured?: boolean
  /** The environment variables (names from the env schema) that configure it: the README's table of targets. */
  variables: readonly string[]
  /** A setting that stops the start (a URL without its secret), by variable and problem, never its value; null when none. */
  check?: () => EnvProblem | null
  /** What a row that belongs to no lead is about, for the admin (pt-BR), from its parsed payload. */
  describe?: (payload: Payload) => string
  /** The kind of code its answers carry, for the admin: 'smtp' for an e-mail server; HTTP's by default. */
  answerCode?: 'http' | 'smtp'
  /** The payload of its row for a stored source (a lead), or null for none: asked in the source's transaction. */
  rowFor?: (source: Source) => Payload | null | Promise<Payload | null>
  /** Makes one attempt. Never throws for HTTP reasons; stops talking to the vendor when `attempt.signal` aborts. */
  send(payload: Payload, row: DeliveryRow, attempt: AttemptContext): Promise<AttemptOutcome>
}

/** A target with its payload's type forgotten, as lists hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDeliveryTarget = DeliveryTarget<any, any>

export const isConfigured = (target: AnyDeliveryTarget) => target.configured !== false

/** Every target's start-up check that failed, in the list's order: each a variable and its problem, never a value. */
export const configurationProblems = (targets: readonly AnyDeliveryTarget[]): EnvProblem[] => targets.flatMap((target) => target.check?.() ?? [])

/** Which targets are configured and which are not, by name (what start-up logs once; never a setting's value). */
export function configurationSummary(targets: readonly AnyDeliveryTarget[]): { configured: string[]; notConfigured: string[] } {
  return {
    configured: targets.filter(isConfigured).map((target) => target.name),
    notConfigured: targets.filter((target) => !isConfigured(target)).map((target) => target.name),
  }
}

/** What the admin says a row that belongs to no lead is about: its target's description of its parsed payload, or null. */
export function describeRow(target: AnyDeliveryTarget | undefined, row: Pick<DeliveryRow, 'payload'>): string | null {
  if (!target?.describe) return null
  const parsed = target.payload.safeParse(row.payload)
  return parsed.success ? target.describe(parsed.data) : null
}

/** Why a row's payload cannot be sent: its target's schema refused it (a deploy changed the shape while it waited). */
export function payloadProblem(target: AnyDeliveryTarget, row: Pick<DeliveryRow, 'payload'>): { ok: true; payload: unknown } | { ok: false; error: string } {
  const parsed = target.payload.safeParse(row.payload)
  if (parsed.success) return { ok: true, payload: parsed.data }
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ')
  return { ok: false, error: `payload does not match ${target.name}'s shape: ${issues}`.slice(0, 500) }
}
