/**
 * Why the cluster drill's SMTP server took one row's e-mail more than once
 * (scripts/bench/lib/cluster-drill.ts, ADR 053): copy by copy, from the
 * copies' connection times, the row's recorded attempts, what its instances
 * logged and when the drill SIGKILLed one.
 */
import type { ReceivedMail } from '../../../tests/support/smtp-stand-in'

/** What happened around the e-mails: when each SIGKILL was sent (epoch ms). */
export type DrillEvents = { kills: number[] }

/** A row's recorded attempt (delivery_attempts). */
export type RecordedAttempt = { attempt: number; outcome: string; error: string | null; createdAt: Date }

export type ResendKind = 'while alive' | 'after a SIGKILL' | 'after a database error' | 'after a cut answer' | 'unexplained'

/** What the drill knows of one e-mail row besides its copies. */
export type EmailRowHistory = {
  /** Its recorded attempts (delivery_attempts). */
  recorded: RecordedAttempt[]
  /** How many attempts were claimed in all (outbox.attempts). */
  claimed: number
  /** How many of its attempts an instance said it could not record (the database refused). */
  unrecordedLogged: number
  /** Whether an instance said another attempt had taken the row from one of its own. */
  leaseTaken: boolean
}

/**
 * Why each copy of one row's e-mail after the first was sent (the drill's
 * header). An attempt claimed but never recorded (`claimed` minus the
 * recorded ones) sent a copy whose outcome was lost: the instance said the
 * database refused it, or it was SIGKILLed in between.
 */
export function classifyResends(copies: ReceivedMail[], row: EmailRowHistory, events: DrillEvents): ResendKind[] {
  const sorted = [...copies].sort((a, b) => a.takenAt - b.takenAt)
  let unrecorded = Math.max(0, row.claimed - row.recorded.length)
  let logged = row.unrecordedLogged
  const kinds: ResendKind[] = []
  for (let index = 1; index < sorted.length; index++) {
    const first = sorted[index - 1]!
    const again = sorted[index]!
    const between = (at: number) => at >= first.takenAt && at <= again.connection.openedAt
    // A sender killed while its message was in flight: the server may take the data it had already received after
    // the process is gone, so a kill counts from the first copy's connection, not from its taking.
    const killedSince = (at: number) => at >= first.connection.openedAt && at <= again.connection.openedAt
    if (row.leaseTaken || again.connection.openedAt < (first.connection.closedAt ?? Infinity)) kinds.push('while alive')
    else if (unrecorded > 0 && logged > 0) {
      unrecorded--
      logged--
      kinds.push('after a database error')
    } else if (unrecorded > 0 && events.kills.some(killedSince)) {
      unrecorded--
      kinds.push('after a SIGKILL')
    } else if (row.recorded.some((attempt) => between(attempt.createdAt.getTime()) && /^(timeout|interrupted)/.test(attempt.error ?? '')))
      kinds.push('after a cut answer')
    else kinds.push('unexplained')
  }
  return kinds
}
