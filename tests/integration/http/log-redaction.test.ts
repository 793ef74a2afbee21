/**
 * The whole log, read for what people and secrets sent (issue 41, item 4):
 * ordinary and hostile requests through the real app (tests/support/test-site.ts,
 * on PGlite and on PostgreSQL), every form posted with an e-mail, the admin's
 * filters, the first admin's setup link, the preview link, a 404 with
 * `?email=` and a Referer carrying a token, a database error whose
 * parameters hold a person's e-mail, name and a message of several lines;
 * and failed start-ups of the real server (a child process) with passwords
 * in DATABASE_URL and SMTP_URL and a bad *_TOKEN. Every line written to
 * stdout, stderr or the console is read; none may hold an e-mail, a token
 * or a password the test sent, and the lines that should be there are.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_SETUP_PATH, issueAdminSetupToken } from '~/admin/setup.server'
import { leads } from '../../../db/schema'
import { createScratchDatabase, testDatabaseTargets } from '../../support/databases'
import { leadPost } from '../../support/lead-requests'
import { startTestSite, type TestSite } from '../../support/test-site'

/** A value nobody else sends, so finding it in the log can only mean it leaked. */
const unique = () => randomBytes(6).toString('hex')
const tokenLike = () => randomBytes(32).toString('base64url')

/** Every e-mail, token and password this file sends; none may be in any log. */
class Sent {
  readonly values: string[] = []
  email(who: string) {
    return this.keep(`${who}.${unique()}@empresa-${unique()}.com.br`)
  }
  token() {
    return this.keep(tokenLike())
  }
  password() {
    return this.keep(`Senha-${unique()}-Forte`)
  }
  keep(value: string) {
    this.values.push(value)
    return value
  }
  /** The ones found in `log`, as sent, percent-encoded or form-encoded. */
  foundIn(log: string): string[] {
    return this.values.filter((value) =>
      [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2), value.toLowerCase()].some((form) => log.includes(form)),
    )
  }
}

describe.each(testDatabaseTargets())('the log of the site on $kind', ({ kind }) => {
  let site: TestSite
  let dropDatabase = async () => {}
  const sent = new Sent()

  beforeAll(async () => {
    let databaseUrl = ''
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!.trim(), 'site_log_test')
      databaseUrl = scratch.url
      dropDatabase = scratch.drop
    }
    site = await startTestSite({
      env: {
        DATABASE_URL: databaseUrl,
        LOG_REQUESTS: 'true',
        LEAD_MIN_FILL_MS: '0',
        LEAD_RATE_LIMIT_PER_MINUTE: '1000',
        POST_RATE_LIMIT_PER_MINUTE: '1000',
        TRUST_PROXY: 'loopback',
      },
    })
  }, 120_000)

  afterAll(async () => {
    await site?.close()
    await dropDatabase()
  })

  /** `leadPost`'s request (a signed timer, the hidden fields), sent to the site. */
  async function postForm(path: string, fields: Record<string, string>, options: Parameters<typeof leadPost>[2] = {}) {
    const request = leadPost(path, fields, options)
    const response = await fetch(`${site.url}${path}`, { method: 'POST', headers: request.headers, body: await request.text(), redirect: 'manual' })
    await response.arrayBuffer()
    return response
  }

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${site.url}${path}`, { headers, redirect: 'manual' })
    await response.arrayBuffer()
    return response
  }

  it('keeps no e-mail, token or password of ordinary and hostile requests, and still logs each of them', async () => {
    const person = { name: 'Joana Prado', phone: '(21) 99876-5432' }
    const message = 'Quero mais clientes pelo Google.'

    // Every public form, with an e-mail; the action's query and the Referer carry one too.
    const contactEmail = sent.email('contato')
    expect((await postForm('/contato', { ...person, email: contactEmail, message, service: 'trafego' })).status).toBe(302)
    expect(await site.db.select({ id: leads.id }).from(leads).where(eq(leads.email, contactEmail))).toHaveLength(1)
    expect((await postForm('/?index', { ...person, email: sent.email('home'), message }, { form: 'home' })).status).toBeLessThan(500)
    expect((await postForm('/blog?index', { email: sent.email('newsletter'), consent: 'on' }, { form: 'newsletter' })).status).toBeLessThan(500)
    const calculator = '/ferramentas/calculadora?metrica=cac&totalCosts=100&newCustomers=2&etapa=contato'
    expect((await postForm(calculator, { ...person, email: sent.email('calculadora') }, { form: 'calculator' })).status).toBeLessThan(500)
    const results = `/ferramentas/resultados-teste?r=00000000-0000-4000-8000-000000000000`
    expect((await postForm(results, { ...person, email: sent.email('teste'), respostas: '0' }, { form: 'presenceTest' })).status).toBeLessThan(500)
    const briefing = { ...person, email: sent.email('briefing'), businessName: 'Forno Bravo', intent: 'send', etapa: '5', country: 'BR' }
    expect((await postForm('/criar-agente', briefing, { form: 'briefing' })).status).toBeLessThan(500)
    // Hostile: an e-mail in the action's query, in a field that is not one, a token in the Referer, a bad e-mail.
    const hostileEmail = sent.email('hostil')
    const hostile = await postForm(`/contato?email=${encodeURIComponent(hostileEmail)}&token=${sent.token()}`, {
      ...person,
      name: sent.email('no-nome'),
      email: hostileEmail,
      message: `Escreva para ${sent.email('na-mensagem')} ou use ${sent.token()}`,
      [sent.email('campo')]: sent.token(),
    })
    expect(hostile.status).toBeLessThan(500)
    expect(
      (
        await postForm(
          '/contato',
          { ...person, email: `${sent.keep(`quase.${unique()}`)}@`, message },
          { headers: { Referer: `${site.url}/contato?token=${sent.token()}` } },
        )
      ).status,
    ).toBe(400)

    // The first admin's setup link, opened and used.
    const setupToken = sent.keep((await issueAdminSetupToken(site.db))!)
    const adminEmail = sent.email('gestora')
    const adminPassword = sent.password()
    expect((await get(`${ADMIN_SETUP_PATH}?token=${setupToken}`)).status).toBe(200)
    const setup = await fetch(`${site.url}${ADMIN_SETUP_PATH}?token=${setupToken}`, {
      method: 'POST',
      body: new URLSearchParams({ email: adminEmail, password: adminPassword, confirmacao: adminPassword }),
      redirect: 'manual',
    })
    expect(setup.status).toBe(302)
    const cookie = setup.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    // A wrong password for that e-mail, and a sign-in whose way back names a person.
    const signIn = await fetch(`${site.url}/admin/entrar?voltar=${encodeURIComponent(`/admin/lgpd?email=${sent.email('voltar')}`)}`, {
      method: 'POST',
      body: new URLSearchParams({ email: adminEmail, password: sent.password() }),
      redirect: 'manual',
    })
    expect(signIn.status).toBeGreaterThanOrEqual(400)
    expect(signIn.status).toBeLessThan(500)

    // The admin's filters and searches, signed in.
    const searched = sent.email('buscada')
    for (const path of [
      `/admin/leads?busca=${encodeURIComponent(searched)}&fonte=contato`,
      `/admin/leads?busca=${searched}`,
      `/admin/leads.csv?busca=${encodeURIComponent(searched)}`,
      `/admin/lgpd?email=${encodeURIComponent(searched)}`,
      `/admin/lgpd.json?email=${encodeURIComponent(contactEmail)}`,
      `/admin/leads/${encodeURIComponent(searched)}`,
    ]) {
      expect((await get(path, { Cookie: cookie })).status, path).toBeLessThan(500)
    }

    // The preview link, a 404 with ?email= and a Referer with a token, a post refused on a path holding an e-mail.
    expect((await get(`/api/preview-mode/enable?sanity-preview-secret=${sent.token()}&sanity-preview-pathname=%2F`)).status).toBeLessThan(500)
    const referer = `https://busca.exemplo.com.br/resultado?q=${encodeURIComponent(sent.email('referer'))}&token=${sent.token()}`
    expect((await get(`/pagina-que-nao-existe?email=${encodeURIComponent(sent.email('404'))}&token=${sent.token()}`, { Referer: referer })).status).toBe(404)
    expect((await get(`/perfil/${sent.email('no-caminho')}`, { Referer: `https://x.exemplo/?senha=${sent.password()}` })).status).toBe(404)
    const refused = await fetch(`${site.url}/blog/${encodeURIComponent(sent.email('recusado'))}`, { method: 'POST', body: 'a=1', redirect: 'manual' })
    expect(refused.status).toBe(405)

    // A database error whose parameters are a person's e-mail, name and a message of several lines.
    const refusedEmail = sent.email('banco')
    const name = sent.keep(`Beatriz ${unique()}`)
    const lines = sent.keep(`Primeira linha\nsegunda linha ${unique()}\nterceira linha ${unique()}`)
    await site.db.execute(sql.raw(`alter table leads add constraint log_test_refuses check (email <> '${refusedEmail}')`))
    try {
      const failed = await postForm('/contato', { ...person, name, email: refusedEmail, message: lines })
      expect(failed.status).toBe(503)
    } finally {
      await site.db.execute(sql.raw('alter table leads drop constraint log_test_refuses'))
    }

    const log = site.logs.join('')
    expect(sent.foundIn(log)).toEqual([])
    for (const line of lines.split('\n')) expect(log).not.toContain(line)
    // The lines are there, with what they may keep.
    expect(log).toContain('"msg":"not found","path":"/pagina-que-nao-existe?email=***&token=***"')
    expect(log).toContain('"referer":"https://busca.exemplo.com.br/resultado?q=***&token=***"')
    expect(log).toMatch(/"msg":"request refused","method":"POST","path":"\/blog\/\*\*\*"/)
    expect(log).toContain(`"path":"${ADMIN_SETUP_PATH}?token=***"`)
    expect(log).toContain('"path":"/admin/leads?busca=***&fonte=***"')
    expect(log).toContain('"path":"/api/preview-mode/enable?sanity-preview-secret=***&sanity-preview-pathname=***"')
    const storeFailure = log.split('\n').find((line) => line.includes('"msg":"lead not stored"'))
    expect(storeFailure).toBeDefined()
    expect(JSON.parse(storeFailure!)).toMatchObject({
      code: '23514',
      error: { message: expect.stringMatching(/^Failed query: /), cause: { code: '23514', table: 'leads', constraint: 'log_test_refuses' } },
    })
  }, 120_000)
})

/** Starts the real server (`npm run dev`'s entry) with `env` and resolves with its exit code and everything it wrote. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', DATA_DIR: 'memory://', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    server.on('error', reject)
    server.on('close', (code) => resolve({ code, output }))
  })
}

describe('a failed start-up', () => {
  it('names each bad variable and its problem, never its value, and keeps no password of the database or the SMTP server', async () => {
    const sent = new Sent()
    const [badValues, noDatabase, webhookWithoutSecret] = await Promise.all([
      startServer({
        DATABASE_URL: `mysql://site:${sent.password()}@db.exemplo.com.br:3306/site`,
        SMTP_URL: `https://vendas:${sent.password()}@smtp.exemplo.com.br:587`,
        SALES_ALERT_TO: sent.email('vendas'),
        SALES_ALERT_FROM: sent.email('site'),
        PIPEDRIVE_API_TOKEN: sent.keep(`Pd${unique()}`),
        META_ACCESS_TOKEN: sent.keep(`curto${unique()}`),
        // The calendar's URL refused, its password never printed.
        CALDAV_URL: 'ftp://caldav.exemplo.com.br/',
        CALDAV_USERNAME: 'agenda',
        CALDAV_PASSWORD: sent.password(),
        SESSION_SECRET: sent.keep(`segredo-${unique()}-de-sessao`),
      }),
      startServer({
        DATABASE_URL: `postgres://site:${sent.password()}@127.0.0.1:9/site`,
        // A second to wait for a database that never answers: its retries are logged too, and checked below.
        DATABASE_START_WAIT_SECONDS: '1',
        SMTP_URL: `smtp://vendas:${sent.password()}@127.0.0.1:9`,
        CALDAV_URL: 'https://caldav.exemplo.com.br/',
        CALDAV_USERNAME: 'agenda',
        CALDAV_PASSWORD: sent.password(),
        SALES_ALERT_TO: sent.email('vendas'),
        SALES_ALERT_FROM: sent.email('site'),
        SANITY_READ_TOKEN: sent.token(),
        PIPEDRIVE_API_TOKEN: sent.token(),
        SESSION_SECRET: sent.keep(`segredo-${unique()}-de-sessao`),
      }),
      // A delivery target's own check, run from the one list (ADR 054): the webhook's URL without its secret.
      startServer({ WEBHOOK_URL: `https://hooks.exemplo.com.br/${sent.token()}` }),
    ])
    expect(sent.foundIn(badValues.output + noDatabase.output + webhookWithoutSecret.output)).toEqual([])
    expect(badValues.code, badValues.output).toBe(1)
    for (const variable of ['DATABASE_URL', 'SMTP_URL', 'PIPEDRIVE_API_TOKEN', 'META_ACCESS_TOKEN', 'CALDAV_URL'])
      expect(badValues.output).toContain(`"variable":"${variable}"`)
    expect(noDatabase.code, noDatabase.output).toBe(1)
    expect(noDatabase.output).toContain('"msg":"database not answering yet"')
    expect(noDatabase.output).toContain('"msg":"database unavailable or migration failed"')
    expect(noDatabase.output).toContain('"database":"postgres://site:***@127.0.0.1:9/site"')
    // Once, before the database: which targets are configured and which are not, by name alone.
    const targetLines = noDatabase.output.split('\n').filter((line) => line.includes('"msg":"delivery targets"'))
    expect(targetLines).toHaveLength(1)
    const { configured, notConfigured } = JSON.parse(targetLines[0]!) as { configured: string[]; notConfigured: string[] }
    expect(configured.sort()).toEqual(['booking_calendar', 'booking_email', 'pipedrive', 'sales_email'])
    expect(notConfigured).toEqual(expect.arrayContaining(['lead_webhook', 'ga4', 'meta', 'rdstation', 'hubspot', 'cache_purge', 'fastly', 'cloudflare']))
    expect(webhookWithoutSecret.code, webhookWithoutSecret.output).toBe(1)
    expect(webhookWithoutSecret.output).toContain('"variable":"WEBHOOK_SECRET"')
    expect(webhookWithoutSecret.output).not.toContain('"msg":"delivery targets"')
  }, 120_000)
})
