/**
 * One JSON line per event on stdout: easy to read in a terminal and to ship to
 * a log store. The ground floor: every layer (routes, domains, the server) may
 * log through it.
 */
export type LogLine = Record<string, string | number | boolean | null | undefined>

export function logJson(line: LogLine, write: (text: string) => void = (text) => process.stdout.write(text)) {
  write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`)
}

/**
 * Redaction, the one helper for what the log must not keep (a person's
 * e-mail, a one-time link's token, an admin's search): every line that
 * writes a URL or an error goes through it.
 */

/** Query parameters whose values never reach the log: one-time links (the first admin's setup token, the Studio's preview secret) and what an admin searched for, which may be a person's name or e-mail. */
const REDACTED_PARAMETER = /token|secret|busca|e-?mail/i
/** An e-mail address, typed or percent-encoded (`%40`), wherever it sits. */
const EMAIL_LIKE = /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi
export const REDACTED = '***'

const maskEmails = (text: string): string => text.replace(EMAIL_LIKE, REDACTED)

/** A query string (no `?`) with secrets, searches and e-mails masked, also inside a value that is itself a URL or a query (`voltar=/admin/lgpd?email=…`). */
function redactQuery(query: string): string {
  const parameters = new URLSearchParams(query)
  const redacted = new URLSearchParams()
  for (const [name, value] of parameters) {
    if (REDACTED_PARAMETER.test(name)) redacted.append(name, REDACTED)
    else if (value.includes('?')) redacted.append(name, redactUrl(value))
    else if (value.includes('=')) redacted.append(name, redactQuery(value))
    else redacted.append(name, maskEmails(value))
  }
  return redacted.toString()
}

/** A path and query as the log keeps it: secrets, searches and e-mail addresses replaced by '***'. */
export function redactUrl(pathAndQuery: string): string {
  const query = pathAndQuery.indexOf('?')
  if (query === -1) return maskEmails(pathAndQuery)
  return `${maskEmails(pathAndQuery.slice(0, query))}?${redactQuery(pathAndQuery.slice(query + 1))}`
}

/**
 * An error's text as the log keeps it: a failed query's SQL stays, its
 * parameters (Drizzle's `params: …` line: what was searched or stored) become
 * '***', and any e-mail address left in the message or a cause is masked.
 */
export function redactErrorText(text: string): string {
  return maskEmails(text.replace(/^(\s*params:).*$/gm, `$1 ${REDACTED}`))
}

/** An error, its stack and its causes, redacted (redactErrorText). */
export function redactedError(error: unknown): string {
  if (!(error instanceof Error)) return redactErrorText(String(error))
  let text = error.stack ?? `${error.name}: ${error.message}`
  // The stack line holds the message; a driver's error may hold the values elsewhere.
  if (!text.includes(error.message)) text = `${error.name}: ${error.message}\n${text}`
  if (error.cause !== undefined) text += `\nCaused by: ${redactedError(error.cause)}`
  return redactErrorText(text)
}

/** Logs an unexpected error through console.error (which the tests watch), redacted: the stack stays, personal data does not. */
export function logError(error: unknown, write: (text: string) => void = (text) => console.error(text)) {
  write(redactedError(error))
}
