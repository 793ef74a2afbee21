/**
 * The one way an outbox target sends e-mail (ADR 045): one SMTP dialogue per
 * attempt through Nodemailer, bounded by the attempt's signal, its answer
 * classified as the outbox schedules it. Used by the sales e-mail
 * (app/leads/sales-alert.server.ts) and the booking's invitation and
 * reminders (app/booking/invitation.server.ts).
 */
import { createTransport } from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'
import type { AttemptOutcome } from './http.server'

/**
 * SMTP's answer as an attempt's outcome: 4xx replies (mailbox busy, greylisting, rate limits), time-outs and
 * connection errors are retried; a 5xx reply (no such mailbox, refused sender, message refused) is final and
 * shown with the server's words. A refused login is final too: it will not pass until someone fixes SMTP_URL.
 */
export function smtpOutcome(error: unknown): AttemptOutcome {
  const { responseCode, response, code, message } = (error ?? {}) as { responseCode?: number; response?: string; code?: string; message?: string }
  const said = (response ?? message ?? String(error)).slice(0, 500)
  if (typeof responseCode === 'number' && responseCode >= 500) return { kind: 'gone', status: responseCode, error: said }
  if (code === 'EAUTH' || code === 'ENOAUTH') return { kind: 'gone', status: responseCode ?? 535, error: said }
  return { kind: 'retry', status: typeof responseCode === 'number' ? responseCode : null, error: code ? `${code}: ${said}` : said }
}

/** The Message-ID of an outbox row's e-mail: the row's own id at the site's host, the same on every attempt. */
export const rowMessageId = (row: { messageId: string }, siteUrl: string) => `<${row.messageId}@${new URL(siteUrl).hostname}>`

/**
 * One attempt to send `mail` through `smtpUrl`: never throws for SMTP reasons.
 * Nodemailer's timeouts are per phase (connecting, the greeting) or idle
 * (`socketTimeout`: reset by every line the server sends), so a server that
 * answers a line every few seconds, or never finishes, would hold the attempt
 * for ever: `signal` (the attempt's deadline, set by the outbox) ends the
 * whole dialogue, the socket destroyed at once.
 */
export async function sendSmtp(
  smtpUrl: string,
  mail: Mail.Options,
  timeoutMs: number,
  signal: AbortSignal = AbortSignal.timeout(timeoutMs),
): Promise<AttemptOutcome> {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Aborted: no QUIT, no waiting for the server to close its side.
    socketCloseTimeout: 0,
  })
  try {
    const info = await transport.sendMail({ ...mail, signal })
    const code = Number(/^(\d{3})/.exec(info.response ?? '')?.[1] ?? 250)
    return { kind: 'delivered', status: code }
  } catch (error) {
    if (signal.aborted) return { kind: 'retry', status: null, error: signal.reason instanceof Error ? signal.reason.message : 'timeout: aborted' }
    return smtpOutcome(error)
  } finally {
    transport.close()
  }
}
