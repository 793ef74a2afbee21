/**
 * The log: one JSON line per event, and the one place that decides what a
 * line may keep (ADR 050). The ground floor: every layer (routes, domains,
 * the server) logs through it and passes what it has as it has it (a path
 * with its query, a Referer, the error object itself); nothing is redacted
 * before it gets here.
 *
 * Whatever the field, a line keeps:
 * - a query string's parameter names, never their values (`?token=***`);
 * - no e-mail address (typed or percent-encoded), and nothing token-shaped
 *   (long mixed-case or hex runs, `whsec_` secrets, Bearer/Basic credentials);
 * - no URL password (`postgres://user:***@host`), no value of a `*_TOKEN`,
 *   `*_SECRET`, `*_KEY` or `*_PASSWORD` variable (written `NAME=value`, or
 *   set in this process's environment), no field named for a secret;
 * - of an error: its name, message, code and causes (and, on an error line,
 *   its stack frames, never the stack's message lines); of a database error
 *   (postgres.js, PGlite, drizzle's "Failed query" wrapper) its code, table,
 *   column, constraint and SQL text, never its parameters, `where` or
 *   detail values.
 */

export type LogLevel = 'info' | 'warn' | 'error'
/** A line: its level, a short fixed message, and any fields (strings, numbers, objects, errors). */
export type LogLine = { level: LogLevel; msg: string; [field: string]: unknown }

export const REDACTED = '***'

/** Writes one line to stdout. */
export function logJson(line: LogLine, write: (text: string) => void = (text) => process.stdout.write(text)) {
  write(`${formatLogLine(line)}\n`)
}

export type LogErrorOptions = {
  msg?: string
  /** More fields for the line. */
  fields?: Record<string, unknown>
  write?: (text: string) => void
}

/** Logs an unexpected error (with its stack frames) through console.error, which the tests watch. */
export function logError(error: unknown, { msg = 'unexpected error', fields = {}, write = (text) => console.error(text) }: LogErrorOptions = {}) {
  write(formatLogLine({ ...fields, level: 'error', msg, error }))
}

/** The line as the log keeps it: a time first, then every field redacted. Error lines carry stack frames. */
function formatLogLine(line: LogLine): string {
  const context: RedactContext = { stacks: line.level === 'error', secrets: secretValuesOfEnvironment() }
  return JSON.stringify(redactValue({ time: new Date().toISOString(), ...line }, context, 0))
}

type RedactContext = { stacks: boolean; secrets: string[] }

/** Fields whose value is a secret whatever it looks like. */
const SECRET_FIELD = /token|secret|passw(?:or)?d|api[_-]?key|authorization|cookie/i
/** Environment variables whose values are secrets. */
const SECRET_VARIABLE = /(?:_TOKEN|_SECRET|_KEY|_PASSWORD)$|^SESSION_SECRET$/
/** Shorter values would mask ordinary words. */
const MIN_SECRET_LENGTH = 8
const MAX_DEPTH = 6

function redactValue(value: unknown, context: RedactContext, depth: number): unknown {
  if (typeof value === 'string') return redactText(value, context.secrets)
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value
  if (depth >= MAX_DEPTH) return REDACTED
  if (value instanceof Error) return redactValue(describeError(value, context.stacks), context, depth + 1)
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map((item) => redactValue(item, context, depth + 1))
  if (typeof value === 'object' && (value.constructor === Object || value.constructor === undefined)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        SECRET_FIELD.test(key) && field !== undefined && field !== null && field !== '' ? REDACTED : redactValue(field, context, depth + 1),
      ]),
    )
  }
  return redactText(String(value), context.secrets)
}

/** The values of this process's secret variables (SESSION_SECRET may list several, comma-separated). */
function secretValuesOfEnvironment(): string[] {
  const values: string[] = []
  for (const [name, value] of Object.entries(process.env)) {
    if (!value || !SECRET_VARIABLE.test(name)) continue
    for (const part of [value, ...value.split(',')]) if (part.trim().length >= MIN_SECRET_LENGTH) values.push(part.trim())
  }
  // The longest first, so a value that contains another is masked whole.
  return values.sort((a, b) => b.length - a.length)
}

/** `scheme://user:password@` */
const URL_PASSWORD = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s:@/?#]*):[^\s/#]*@/gi
/** `NAME_TOKEN=value` (an environment or a command line in a message). */
const SECRET_ASSIGNMENT = /\b([A-Z][A-Z0-9_]*(?:_TOKEN|_SECRET|_KEY|_PASSWORD))=(?:"[^"]*"|'[^']*'|[^\s,;&]+)/g
const CREDENTIALS = /\b(Bearer|Basic|Token)\s+[\w.~+/=-]+/gi
const WEBHOOK_SECRET = /\bwhsec_[A-Za-z0-9+/=]+/g
/** What a URL or path before a `?` starts with (an opening bracket allowed): a scheme and `//`, or `/`. */
const URL_START = /^[([]?(?:[a-z][a-z0-9+.-]*:\/\/|\/)/i
const isUrlBoundary = (character: string) => /[\s"'<>]/.test(character)
/** An e-mail address, typed or percent-encoded (once or twice); the domain ends in a name (not `pkg@1.2.3`). */
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+(?:@|%40|%2540)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}[\p{L}\p{N}-]*/giu
/** A run of token characters; `isTokenShaped` decides. */
const TOKEN_RUN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g
const HEX_RUN = /(?<![A-Za-z0-9])[0-9a-fA-F]{40,}(?![A-Za-z0-9])/g

/** Random-looking: digits, capitals and small letters together (base64, base64url, most API keys). */
const isTokenShaped = (run: string) => /\d/.test(run) && /[A-Z]/.test(run) && /[a-z]/.test(run)

/**
 * Every query string (after an absolute URL, a path, or alone) with its
 * values masked and its names kept. A scan, not one regular expression: a
 * hostile Referer must not cost more than its length.
 */
function maskQueries(text: string): string {
  let masked = ''
  let index = 0
  for (let mark = text.indexOf('?'); mark !== -1; mark = text.indexOf('?', index)) {
    let start = mark
    while (start > index && !isUrlBoundary(text[start - 1]!)) start--
    let end = mark + 1
    while (end < text.length && !isUrlBoundary(text[end]!) && text[end] !== '#') end++
    const before = text.slice(start, mark)
    const query = text.slice(mark + 1, end)
    masked += text.slice(index, mark + 1) + (before === '' || URL_START.test(before) ? maskQueryValues(query) : query)
    index = end
  }
  return masked + text.slice(index)
}

function maskQueryValues(query: string): string {
  return query
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=')
      if (equals === -1) return parameter
      return `${parameter.slice(0, equals)}=${equals < parameter.length - 1 ? REDACTED : ''}`
    })
    .join('&')
}

/** A text as the log keeps it (the rules at the top of this file). */
export function redactText(text: string, secrets: string[] = secretValuesOfEnvironment()): string {
  let redacted = text
  for (const secret of secrets) redacted = redacted.split(secret).join(REDACTED)
  return maskQueries(redacted.replace(URL_PASSWORD, `$1:${REDACTED}@`))
    .replace(SECRET_ASSIGNMENT, `$1=${REDACTED}`)
    .replace(CREDENTIALS, `$1 ${REDACTED}`)
    .replace(WEBHOOK_SECRET, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(HEX_RUN, REDACTED)
    .replace(TOKEN_RUN, (run) => (isTokenShaped(run) ? REDACTED : run))
}

type ErrorFields = Error & Record<string, unknown>

/** A PostgreSQL error as postgres.js (PostgresError) and PGlite raise it: a five-character SQLSTATE and a severity. */
const isDatabaseError = (error: ErrorFields) => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string'
/** Drizzle's wrapper ("Failed query: <sql>\nparams: <values>"): the SQL is in `query`, the values in `params`. */
const isFailedQuery = (error: ErrorFields) => typeof error.query === 'string' && 'params' in error && error.message.startsWith('Failed query:')

const MAX_MESSAGE_LENGTH = 1_000

/**
 * The fields of an error a line keeps, read from its properties (never from
 * its stack's first lines, which repeat the message, parameters included).
 */
function describeError(error: Error, stacks: boolean): Record<string, unknown> {
  const fields = error as ErrorFields
  const described: Record<string, unknown> = { name: error.name }
  if (isFailedQuery(fields)) {
    described.name = 'DrizzleQueryError'
    described.message = `Failed query: ${String(fields.query)}`
  } else if (isDatabaseError(fields)) {
    // A value the server quotes at the end of its message (`invalid input syntax for type uuid: "…"`) goes.
    described.message = error.message.replace(/(:\s*)(["']).*\2\s*$/s, `$1$2${REDACTED}$2`)
    described.code = fields.code
    described.table = fields.table ?? fields.table_name
    described.column = fields.column ?? fields.column_name
    described.constraint = fields.constraint ?? fields.constraint_name
    // `Key (email)=(…) already exists.` keeps its columns; any other detail may hold values and goes.
    const detail = typeof fields.detail === 'string' ? /^(Key \([^()]*\)=)\(.*\)([^()]*)$/s.exec(fields.detail) : null
    if (detail) described.detail = `${detail[1]}(${REDACTED})${detail[2]}`
    if (typeof fields.query === 'string') described.query = fields.query
  } else {
    described.message = error.message
    if (typeof fields.code === 'string' || typeof fields.code === 'number') described.code = fields.code
  }
  if (typeof described.message === 'string' && described.message.length > MAX_MESSAGE_LENGTH) {
    described.message = `${described.message.slice(0, MAX_MESSAGE_LENGTH)}…`
  }
  if (stacks && error.stack) {
    described.stack = error.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n')
  }
  if (error.cause !== undefined) described.cause = error.cause
  if (error instanceof AggregateError) described.errors = error.errors.slice(0, 5)
  return described
}
