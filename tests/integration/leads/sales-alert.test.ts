/**
 * The sales team's e-mail on every lead (issue 35, item 4; ADR 045): a row
 * of the outbox per lead, sent with Nodemailer to a real SMTP server started
 * here (tests/support/smtp-stand-in.ts), exactly once; a temporary refusal
 * (4xx) or a hung server is retried, a final one (5xx) fails with the
 * server's words and is not retried; without SMTP_URL nothing is queued.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contactPageSchema, newsletterSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { submitLead, type LeadPipeline } from '~/leads/lead-service.server'
import { captureOrigin } from '~/leads/origin-tracking.server'
import { deliverOutbox } from '~/leads/outbox.server'
import { SALES_ALERT_TARGET, salesAlertHandlers, type SalesAlertSettings } from '~/leads/sales-alert.server'
import { parseEnv } from '~/utils/env.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import { deliveryAttempts, outbox } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { CONTACT_FIELDS, cookieFrom, leadPost, pageView, TEST_SITE, VISITOR } from '../../support/lead-requests'
import { SMTP_USER, startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in'

const visitor = VISITOR
const contactFields = CONTACT_FIELDS
const SITE = 'https://www.alavanca.example.com.br'

describe.each(testDatabaseTargets())('the sales e-mail on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let smtp: SmtpStandIn

  const settings = (): SalesAlertSettings => ({
    smtpUrl: smtp.url,
    to: ['vendas@alavanca.example.com.br', 'comercial@alavanca.example.com.br'],
    from: 'Site Alavanca <site@alavanca.example.com.br>',
    siteUrl: SITE,
  })
  const pipeline = ({ now, alert = true }: { now?: () => Date; alert?: boolean } = {}): LeadPipeline => {
    const salesAlert = alert ? settings() : null
    return {
      db: handle.db,
      // No webhook here: the e-mail is the target under test.
      timing: { timeoutMs: 1_000, retryScheduleMs: [1_000, 2_000] },
      webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
      handlers: salesAlertHandlers(salesAlert),
      ...(now ? { now } : {}),
    }
  }
  const later = (ms: number) => () => new Date(Date.now() + ms)
  const alertRows = () => handle.db.select().from(outbox).where(eq(outbox.target, SALES_ALERT_TARGET))

  /** A visit from an Instagram campaign to /blog, then the contact form. */
  async function sendContact(alert = true) {
    const landing = await captureOrigin(
      pageView('/blog?utm_source=instagram&utm_medium=social&utm_campaign=black-friday', { Referer: 'https://l.instagram.com/' }),
    )
    return handleLeadAction({
      request: leadPost('/contato', contactFields, { cookie: cookieFrom(landing.headers) }),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline({ alert }),
    })
  }

  beforeAll(async () => {
    handle = await open()
    smtp = await startSmtpStandIn()
  })
  afterAll(async () => {
    await smtp?.close()
    await handle?.close()
  })
  beforeEach(async () => {
    await truncateLeadTables(handle.db)
    smtp.received.length = 0
    smtp.answer(() => ({ kind: 'accept' }))
    resetLeadRateLimiter()
  })

  it('sends one e-mail per lead to the sales team, with what the person sent, where they came from and the link to the lead', async () => {
    const outcome = await sendContact()
    expect(outcome.status).toBe('success')
    const [row] = await alertRows()
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })

    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 1, pending: 0, failed: 0 })
    // Once: a second pass finds nothing to send.
    expect(await deliverOutbox(pipeline({ now: later(60_000) }))).toMatchObject({ claimed: 0 })
    expect(smtp.received).toHaveLength(1)

    const [{ envelope, mail, user }] = smtp.received as [SmtpStandIn['received'][number]]
    expect(user).toBe(SMTP_USER)
    expect(envelope).toEqual({ from: 'site@alavanca.example.com.br', to: ['vendas@alavanca.example.com.br', 'comercial@alavanca.example.com.br'] })
    expect(mail.from?.value).toEqual([{ name: 'Site Alavanca', address: 'site@alavanca.example.com.br' }])
    expect(mail.subject).toBe('Novo lead: Página de contato · Rafael Lima')
    expect(mail.messageId).toBe(`<${row!.messageId}@www.alavanca.example.com.br>`)
    const text = mail.text ?? ''
    expect(text).toMatch(/^Novo lead pelo formulário "Página de contato", em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} \(horário de Brasília\)\./)
    for (const expected of [
      'Nome: Rafael Lima',
      'E-mail: rafael@clinicaboavista.com.br',
      'Telefone: (21) 99876-5432',
      'Empresa: Clínica Boa Vista',
      'Serviço de interesse: trafego',
      'Mensagem:\nPreciso de mais pacientes vindos do Google.',
      'Campanha: instagram / social / black-friday',
      'Referência: https://l.instagram.com/',
      `Primeira página da visita: ${TEST_SITE}/blog?utm_source=instagram&utm_medium=social&utm_campaign=black-friday`,
      `Página do formulário: ${TEST_SITE}/contato`,
      `Ver o lead no painel: ${SITE}/admin/leads/${row!.leadId}`,
    ]) {
      expect(text).toContain(expected)
    }

    const [delivered] = await alertRows()
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 250, lastError: null })
  })

  it('puts a name and a company sent over several lines on one line each: no one forges a line of the e-mail', async () => {
    const outcome = await handleLeadAction({
      request: leadPost('/contato', { ...contactFields, name: 'Rafael Lima\nAssunto: x', company: 'Clínica\r\nVer o lead no painel: https://golpe.example' }),
      context: visitor,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    expect(outcome.status).toBe('success')
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 1 })
    const [{ mail }] = smtp.received as [SmtpStandIn['received'][number]]
    expect(mail.subject).toBe('Novo lead: Página de contato · Rafael Lima Assunto: x')
    const lines = (mail.text ?? '').split('\n')
    expect(lines).toContain('Nome: Rafael Lima Assunto: x')
    expect(lines).toContain('Empresa: Clínica Ver o lead no painel: https://golpe.example')
    expect(lines.filter((line) => line.startsWith('Assunto:') || line.startsWith('Ver o lead no painel:'))).toEqual([
      expect.stringMatching(/^Ver o lead no painel: https:\/\/www\.alavanca\.example\.com\.br\/admin\/leads\//),
    ])
  })

  it('names a newsletter subscriber by the e-mail, and a tool lead carries its result', async () => {
    const newsletter = await handleLeadAction({
      request: leadPost('/blog', { email: 'leitora@exemplo.com.br', consent: 'on' }),
      context: visitor,
      form: 'newsletter',
      schema: newsletterSchema,
      pipeline: pipeline(),
    })
    expect(newsletter.status).toBe('success')
    await submitLead(
      {
        form: 'calculator',
        data: { name: 'Ana Paula', email: 'ana@lojadaana.com.br', phone: '(11) 98765-4321' },
        origin: (await captureOrigin(pageView('/ferramentas/calculadora'))).origin,
        results: {
          kind: 'calculator',
          metricType: 'roi',
          value: 250.5,
          inputs: { revenue: 35_050, investment: 10_000 },
          message: 'Seu ROI está acima da média.',
        },
        consentVersion: 'teste',
      },
      pipeline(),
    )
    expect(await deliverOutbox(pipeline())).toMatchObject({ delivered: 2 })
    const bySubject = Object.fromEntries(smtp.received.map(({ mail }) => [mail.subject, mail.text ?? '']))
    expect(Object.keys(bySubject).sort()).toEqual(['Novo lead: Calculadora de métricas · Ana Paula', 'Novo lead: Newsletter do blog · leitora@exemplo.com.br'])
    const newsletterText = bySubject['Novo lead: Newsletter do blog · leitora@exemplo.com.br']!
    expect(newsletterText).toContain('E-mail: leitora@exemplo.com.br')
    expect(newsletterText).not.toContain('Nome:')
    expect(newsletterText).toContain('Campanha: sem UTM')
    expect(newsletterText).toContain('Referência: acesso direto')
    expect(bySubject['Novo lead: Calculadora de métricas · Ana Paula']).toContain('Calculadora de métricas:\nROI: 250,5\nAnálise: Seu ROI está acima da média.')
  })

  it('a temporary refusal (451) is retried on the schedule and the e-mail arrives once', async () => {
    const before = smtp.attempts()
    smtp.answer((attempt) => (attempt === before + 1 ? { kind: 'refuse', code: 451, message: 'Greylisted, try again later' } : { kind: 'accept' }))
    await sendContact()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 1, delivered: 0 })
    const [waiting] = await alertRows()
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 451 })
    expect(waiting!.lastError).toContain('Greylisted, try again later')
    expect(smtp.received).toHaveLength(0)

    expect(await deliverOutbox(pipeline({ now: later(1_500) }))).toMatchObject({ delivered: 1 })
    expect(smtp.attempts() - before).toBe(2)
    expect(smtp.received).toHaveLength(1)
  })

  it('a final refusal (550) fails with the server’s words and is not retried', async () => {
    smtp.answer(() => ({ kind: 'refuse', code: 550, message: 'Mailbox vendas@ does not exist' }))
    const before = smtp.attempts()
    await sendContact()
    expect(await deliverOutbox(pipeline())).toMatchObject({ failed: 1 })
    const [failed] = await alertRows()
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 550 })
    expect(failed!.lastError).toContain('Mailbox vendas@ does not exist')
    expect(await deliverOutbox(pipeline({ now: later(3_600_000) }))).toMatchObject({ claimed: 0 })
    expect(smtp.attempts() - before).toBe(1)
    const history = await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, failed!.id))
    expect(history).toMatchObject([{ attempt: 1, outcome: 'gone', httpStatus: 550 }])
  })

  it('a refused login fails at once, with the server’s words: it needs SMTP_URL fixed, not another try', async () => {
    await sendContact()
    const wrong = { ...settings(), smtpUrl: smtp.url.replace(':senha-do-smtp-de-teste@', ':senha-errada@') }
    expect(await deliverOutbox({ ...pipeline(), handlers: salesAlertHandlers(wrong) })).toMatchObject({ failed: 1 })
    const [failed] = await alertRows()
    expect(failed).toMatchObject({ status: 'failed', lastStatus: 535 })
    expect(failed!.lastError).toContain('Invalid username or password')
    expect(failed!.lastError).not.toContain('senha-errada')
    expect(smtp.received).toHaveLength(0)
  })

  it('a server that never answers the message is given up on at the timeout and retried', async () => {
    const first = smtp.attempts() + 1
    smtp.answer((attempt) => (attempt === first ? { kind: 'hang' } : { kind: 'accept' }))
    await sendContact()
    const started = Date.now()
    expect(await deliverOutbox(pipeline())).toMatchObject({ pending: 1 })
    expect(Date.now() - started).toBeLessThan(10_000)
    const [waiting] = await alertRows()
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null })
    expect(waiting!.lastError).toMatch(/ETIMEDOUT|timeout/i)
    expect(await deliverOutbox(pipeline({ now: later(1_500) }))).toMatchObject({ delivered: 1 })
    expect(smtp.received).toHaveLength(1)
  })

  it('without SMTP_URL no e-mail is queued and the lead is stored as always', async () => {
    expect((await sendContact(false)).status).toBe('success')
    expect(await alertRows()).toHaveLength(0)
    expect(await deliverOutbox(pipeline({ alert: false }))).toMatchObject({ claimed: 0 })
  })
})

describe('the sales e-mail’s variables', () => {
  const base = { NODE_ENV: 'test' }
  it('are all three or none, each named when missing or wrong', () => {
    expect(parseEnv(base).SMTP_URL).toBeUndefined()
    const set = parseEnv({
      ...base,
      SMTP_URL: 'smtp://u:p@smtp.example.com:587',
      SALES_ALERT_TO: 'a@x.com.br, b@x.com.br',
      SALES_ALERT_FROM: 'Site <site@x.com.br>',
    })
    expect(set.SALES_ALERT_TO).toEqual(['a@x.com.br', 'b@x.com.br'])
    expect(() => parseEnv({ ...base, SMTP_URL: 'smtp://u:p@smtp.example.com:587' })).toThrow(
      /SALES_ALERT_TO: required when SMTP_URL is set[\s\S]*SALES_ALERT_FROM: required when SMTP_URL is set/,
    )
    expect(() => parseEnv({ ...base, SMTP_URL: 'https://smtp.example.com', SALES_ALERT_TO: 'a@x.com.br', SALES_ALERT_FROM: 'site@x.com.br' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    )
    expect(() => parseEnv({ ...base, SMTP_URL: 'smtp://h', SALES_ALERT_TO: 'vendas, b@x.com.br', SALES_ALERT_FROM: 'site@x.com.br' })).toThrow(/SALES_ALERT_TO/)
  })
})
