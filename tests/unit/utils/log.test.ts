/**
 * What a log line may keep (issue 41, item 4): the logger is the one place
 * that redacts, so every case here goes through `logJson` or `logError` and
 * reads the line they write.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { logError, logJson, type LogLine } from '~/utils/log.server'

const EMAIL = 'maria.silva+site@clinica-exemplo.com.br'
const SETUP_TOKEN = 'VYKkz7DnXvD2F2PrwWpEL8TlPPSJjHXdaeD-vtbvxlc'
const PREVIEW_SECRET = 'MDRiYzI4YTdiN2Y5MDUxNjQxMjA2NDVmMmZmNTVhMDY'
const PASSWORD = 'Senha-Do-Banco-2026'

/** The one line `logJson` writes for `line`, as text and parsed. */
function written(line: LogLine): { text: string; json: Record<string, unknown> } {
  let text = ''
  logJson(line, (chunk) => (text += chunk))
  expect(text.endsWith('\n')).toBe(true)
  expect(text.trim().split('\n')).toHaveLength(1)
  return { text, json: JSON.parse(text) as Record<string, unknown> }
}

afterEach(() => vi.unstubAllEnvs())

describe('query strings and Referer', () => {
  it('keep the path and the parameter names, never the values', () => {
    const { json, text } = written({
      level: 'warn',
      msg: 'not found',
      path: `/admin/configurar?token=${SETUP_TOKEN}&utm_source=news`,
      referer: `https://exemplo.com.br/pagina?email=${encodeURIComponent(EMAIL)}&sanity-preview-secret=${PREVIEW_SECRET}`,
    })
    expect(json).toMatchObject({
      path: '/admin/configurar?token=***&utm_source=***',
      referer: 'https://exemplo.com.br/pagina?email=***&sanity-preview-secret=***',
    })
    expect(text).not.toContain('news')
  })

  it('also inside a message or a nested value, and for a bare query', () => {
    const { text } = written({
      level: 'info',
      msg: `fetch http://127.0.0.1:9/x?busca=${EMAIL} failed`,
      nested: { urls: [`/api/preview-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}`], search: '?q=Maria+Silva' },
    })
    expect(text).toContain('http://127.0.0.1:9/x?busca=***')
    expect(text).toContain('/api/preview-mode/enable?sanity-preview-secret=***')
    expect(text).toContain('"search":"?q=***"')
    expect(text).not.toMatch(/Maria|maria|clinica/)
    expect(text).not.toContain(PREVIEW_SECRET)
  })
})

describe('e-mails and tokens', () => {
  it('are masked anywhere: message, path, nested fields, typed or percent-encoded', () => {
    const { text, json } = written({
      level: 'warn',
      msg: `request refused for ${EMAIL}`,
      path: `/admin/lgpd/${encodeURIComponent(EMAIL)}`,
      deep: { list: [{ who: EMAIL.toUpperCase() }], token: 'x', note: `link ${SETUP_TOKEN} sent` },
    })
    expect(json).toMatchObject({ msg: 'request refused for ***', path: '/admin/lgpd/***' })
    for (const secret of [EMAIL, EMAIL.toUpperCase(), encodeURIComponent(EMAIL), SETUP_TOKEN]) expect(text).not.toContain(secret)
  })

  it('masks webhook secrets, bearer tokens and long hex keys, and keeps ids, dates and ordinary words', () => {
    const whsec = `whsec_${randomBytes(32).toString('base64')}`
    const hexKey = randomBytes(20).toString('hex')
    const { text, json } = written({
      level: 'info',
      msg: `Authorization: Bearer ${PREVIEW_SECRET}; signed with ${whsec}; key ${hexKey}`,
      leadId: '3f0b8c1e-2d4a-4b6c-9e8f-0a1b2c3d4e5f',
      messageId: 'msg_3f0b8c1e2d4a4b6c9e8f0a1b2c3d4e5f',
      migration: '0007_lead_status_and_closed_loop',
      at: '2026-11-28T17:48:08.000Z',
    })
    for (const secret of [PREVIEW_SECRET, whsec, whsec.slice(6, 30), hexKey]) expect(text).not.toContain(secret)
    expect(json).toMatchObject({
      leadId: '3f0b8c1e-2d4a-4b6c-9e8f-0a1b2c3d4e5f',
      messageId: 'msg_3f0b8c1e2d4a4b6c9e8f0a1b2c3d4e5f',
      migration: '0007_lead_status_and_closed_loop',
      at: '2026-11-28T17:48:08.000Z',
    })
  })
})

describe('passwords and secret variables', () => {
  it('never writes a URL’s password, a *_TOKEN/*_SECRET/*_KEY/*_PASSWORD value, or a field named for a secret', () => {
    const { text } = written({
      level: 'error',
      msg: `cannot reach postgres://site:${PASSWORD}@db.exemplo.com.br:5432/site nor smtps://vendas:${PASSWORD}x@smtp.exemplo.com.br`,
      env: `PIPEDRIVE_API_TOKEN=abc123 RDSTATION_API_KEY="chave rd" ADMIN_PASSWORD=${PASSWORD}y`,
      apiToken: 'short',
      sessionSecret: 'segredo',
      headers: { Authorization: 'Basic dXNlcjpwYXNz', cookie: '__session=abc' },
    })
    expect(text).toContain('postgres://site:***@db.exemplo.com.br:5432/site')
    expect(text).toContain('PIPEDRIVE_API_TOKEN=***')
    for (const secret of [PASSWORD, 'abc123', 'chave rd', 'short', 'segredo', 'dXNlcjpwYXNz', '__session=abc']) expect(text).not.toContain(secret)
  })

  it('masks the values of this process’s secret variables wherever they appear', () => {
    const token = 'pd-token-sem-formato-de-token'
    vi.stubEnv('PIPEDRIVE_API_TOKEN', token)
    vi.stubEnv('SESSION_SECRET', 'um-segredo-de-sessao,outro-segredo-antigo')
    const { text } = written({ level: 'warn', msg: `vendor said: bad token ${token}`, note: 'signed with outro-segredo-antigo' })
    expect(text).not.toContain(token)
    expect(text).not.toContain('outro-segredo-antigo')
  })
})

describe('errors', () => {
  /** What drizzle throws for a failed query, around a driver error as PGlite and postgres.js shape it. */
  function failedQuery(driverError: Error & { code: string }) {
    const query = 'insert into "leads" ("email", "name", "message") values ($1, $2, $3)'
    const params = [EMAIL, 'Maria Silva', 'primeira linha\nsegunda linha com maria@outra.com.br\nterceira Souza']
    const error = new Error(`Failed query: ${query}\nparams: ${params.join(',')}`) as Error & Record<string, unknown>
    Object.assign(error, { query, params, cause: driverError })
    return error
  }

  const pgliteError = () =>
    Object.assign(new Error('duplicate key value violates unique constraint "leads_email_key"'), {
      name: 'error',
      severity: 'ERROR',
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      table: 'leads',
      constraint: 'leads_email_key',
      where: `unnamed portal parameter $2 = 'Maria Silva'`,
      query: 'insert into "leads" ("email", "name", "message") values ($1, $2, $3)',
      params: [EMAIL, 'Maria Silva', 'x'],
    })

  const postgresJsError = () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "Maria Silva"'), {
      name: 'PostgresError',
      severity: 'ERROR',
      code: '22P02',
      table_name: 'leads',
      constraint_name: undefined,
      where: `unnamed portal parameter $1 = 'Maria Silva'`,
    })
    // postgres.js keeps these out of the enumerable properties; the logger must not read them.
    Object.defineProperties(error, { query: { value: 'select $1::uuid' }, parameters: { value: ['Maria Silva'] }, args: { value: ['Maria Silva'] } })
    return error
  }

  it('keep a failed query’s SQL, code, table and constraint, never its parameters or detail values, in every line of it', () => {
    for (const driverError of [pgliteError(), postgresJsError()]) {
      const { text, json } = written({ level: 'warn', msg: 'lead not stored', error: failedQuery(driverError) })
      expect(json.error).toMatchObject({
        message: 'Failed query: insert into "leads" ("email", "name", "message") values ($1, $2, $3)',
        cause: { code: driverError.code, table: 'leads' },
      })
      expect(text).not.toMatch(/maria|Silva|Souza|segunda|terceira|clinica/i)
    }
    const { json } = written({ level: 'warn', msg: 'x', error: failedQuery(pgliteError()) })
    expect(json.error).toMatchObject({ cause: { constraint: 'leads_email_key', detail: 'Key (email)=(***) already exists.' } })
  })

  it('mask a value a driver quotes in its message, and keep the message otherwise', () => {
    const { json } = written({ level: 'warn', msg: 'x', error: postgresJsError() })
    expect(json.error).toMatchObject({ name: 'PostgresError', message: 'invalid input syntax for type uuid: "***"', code: '22P02', query: 'select $1::uuid' })
  })

  it('an unexpected error goes to console.error with its stack frames, its causes, and nothing personal', () => {
    const lines: string[] = []
    const error = new Error(`lookup of ${EMAIL} failed`, { cause: failedQuery(postgresJsError()) })
    logError(error, { write: (text) => lines.push(text) })
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0]!) as { level: string; error: { message: string; stack: string; cause: { message: string } } }
    expect(line.level).toBe('error')
    expect(line.error.message).toBe('lookup of *** failed')
    expect(line.error.stack).toMatch(/^\s+at /)
    expect(line.error.cause.message).toMatch(/^Failed query: insert into "leads"/)
    expect(lines[0]).not.toMatch(/maria|Silva|Souza|segunda|clinica/i)
  })

  it('a thrown string or object is redacted like any other value', () => {
    const { text } = written({ level: 'warn', msg: 'x', error: `failed for ${EMAIL}`, other: { reason: `postgres://u:${PASSWORD}@h/d` } })
    expect(text).not.toContain(EMAIL)
    expect(text).not.toContain(PASSWORD)
  })
})
