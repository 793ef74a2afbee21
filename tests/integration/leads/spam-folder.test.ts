/**
 * The spam folder's side of the lead path (ADR 039): a post a bot trap
 * caught, or one with an expired or missing timer, whose fields are a valid
 * lead is kept in `suspected_spam` with the lead service's whole input, and
 * nothing else happens (no lead, no outbox row, no conversion); the answer
 * is the one the visitor (or bot) got before the folder existed; posts the
 * rate limit refused are counted, never kept. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createFormTimer, FORM_TIMER_MAX_AGE_MS } from '~/leads/abuse.server'
import { forgetAnswerTimes } from '~/leads/answer-pace.server'
import { CONSENT_VERSION } from '~/leads/consent'
import type { ConversionSettings } from '~/leads/conversions.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction, type LeadActionData } from '~/leads/lead-action.server'
import { leadForms } from '~/leads/lead-forms'
import type { LeadPipeline } from '~/leads/lead-service.server'
import { startOutboxWorker, type WorkerChore } from '~/leads/outbox.server'
import { purgeExpiredSpam, spamRetentionChore } from '~/leads/suspected-spam.server'
import { brasiliaDay } from '~/utils/dates'
import { dailyCounters, leads, suspectedSpam, outbox } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { eventually } from '../../support/eventually'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { CONTACT_FIELDS, leadPost, TEST_SITE, VISITOR, type LeadPostOptions } from '../../support/lead-requests'

const visitor = VISITOR
const fields = CONTACT_FIELDS
// The visitor accepted marketing cookies: a lead from this post would be sent to the conversion APIs.
const CONSENTED = 'consentimento=aceito; _ga=GA1.1.1234567890.1764000000; _fbp=fb.1.1764000000000.42'
const conversions: ConversionSettings = {
  ga4: { url: 'http://127.0.0.1:9/mp/collect', measurementId: 'G-TESTE12345', apiSecret: 'segredo-da-api-ga4' },
  meta: { url: 'http://127.0.0.1:9', pixelId: '1234567890', accessToken: 'token-de-acesso-da-meta-para-testes' },
}

/** The posts that land in the folder, by the reason it records. */
const suspicious: Array<[string, LeadPostOptions]> = [
  ['honeypot', { honeypot: 'https://spam.example' }],
  ['too_fast', { filledInMs: 200 }],
  ['timer_invalid', { timer: `${Date.now() - 60_000}.${'A'.repeat(12)}.${'A'.repeat(43)}` }],
  // One timer for every post, so that two answers echo the same value.
  ['expired', { timer: createFormTimer(leadForms.contact.timerScope, Date.now() - FORM_TIMER_MAX_AGE_MS - 60_000) }],
  ['missing', { filledInMs: null }],
]

describe.each(testDatabaseTargets())('the spam folder in the lead path on $kind', ({ open }) => {
  const fixture = leadPipelineFixture(open)
  const { db } = fixture
  const pipeline = (): LeadPipeline => ({ ...fixture.pipeline(), conversions })
  const send = (options: LeadPostOptions, postFields: Record<string, string> = fields, clientIp = visitor.clientIp) =>
    handleLeadAction({
      request: leadPost('/contato', postFields, { cookie: CONSENTED, ...options }),
      context: { clientIp },
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
  const spamRows = () => db().select().from(suspectedSpam).orderBy(suspectedSpam.receivedAt)
  /** What the answer is made of: the outcome, with its headers as a list (a Headers object compares as empty). */
  const answerOf = (outcome: Awaited<ReturnType<typeof send>>) =>
    outcome.status === 'success'
      ? { status: outcome.status, leadId: outcome.leadId, value: outcome.value, headers: [...outcome.headers] }
      : { status: outcome.response.init?.status, headers: [...new Headers(outcome.response.init?.headers)], data: outcome.response.data }
  /** An answer with each cookie's value reduced to its shape (the origin's signed value, the receipt's keys and delivery). */
  const shapeOf = (answer: ReturnType<typeof answerOf>) => ({
    ...answer,
    headers: answer.headers.map(([name, value]): [string, string] => {
      const receipt = /^lead_receipt=([^;]*)/.exec(value)?.[1]
      const shape = receipt ? JSON.stringify(Object.keys(JSON.parse(decodeURIComponent(receipt)) as object).sort()) : '…'
      return [name, value.replace(/=[^;]+/, `=${shape}`)]
    }),
  })
  /** A 400 reply's body without its fresh timer (random each time). */
  const withoutTimer = ({ timer, ...data }: LeadActionData) => ({ ...data, hasTimer: Boolean(timer) })
  /** Makes the database refuse every row of the folder until `allow` runs. */
  const refuseSpamRows = async () => {
    await db().execute(
      sql`create function refuse_spam_row() returns trigger language plpgsql as $$ begin raise exception 'spam row refused by the test'; end $$`,
    )
    await db().execute(sql`create trigger refuse_spam_row before insert on suspected_spam for each row execute function refuse_spam_row()`)
    return async () => {
      await db().execute(sql`drop trigger refuse_spam_row on suspected_spam`)
      await db().execute(sql`drop function refuse_spam_row()`)
    }
  }

  it.each(suspicious)(
    'keeps a %s post with valid fields as one row with its reason and lead input: no lead, no outbox row, no conversion',
    async (reason, options) => {
      await send(options)
      const rows = await spamRows()
      expect(rows).toEqual([
        {
          id: expect.any(String),
          form: 'contact',
          reason,
          name: fields.name,
          email: fields.email,
          submission: {
            form: 'contact',
            data: fields,
            origin: expect.objectContaining({
              pageUrl: `${TEST_SITE}/contato`,
              marketingConsent: true,
              formId: 'contact_page_form',
              sessionId: expect.any(String),
            }),
            consentVersion: CONSENT_VERSION,
            clientIp: visitor.clientIp,
            // What was sent, with the timer's nonce, as for a lead (none without a timer).
            submissionKey: reason === 'missing' ? null : expect.any(String),
          },
          releasingAt: null,
          receivedAt: expect.any(Date),
        },
      ])
      expect(await db().select().from(leads)).toEqual([])
      expect(await db().select().from(outbox)).toEqual([])
      expect(fixture.received()).toEqual([])
    },
  )

  it('queues the webhook and both conversions for the same post without a trap (the settings above are live)', async () => {
    expect((await send({})).status).toBe('success')
    expect((await db().select({ target: outbox.target }).from(outbox)).map((row) => row.target).sort()).toEqual(['ga4', 'lead_webhook', 'meta'])
    expect(await spamRows()).toEqual([])
  })

  it('answers a trapped post as a person: the same success and cookies whether it was kept, its fields were invalid, or keeping it failed', async () => {
    const person = answerOf(await send({}, fields, '203.0.113.250'))
    const personShape = shapeOf(person).headers
    expect(personShape.filter(([name]) => name === 'set-cookie').map(([, value]) => value.split('=')[0])).toEqual([
      'lead_origin',
      'lead_receipt',
      'lead_conversa',
      'lead_agenda',
    ])
    const invalid = { ...fields, email: 'rafael@' }
    // Each post from its own address: the rate limit stays out of it.
    let address = 0
    const from = () => `203.0.113.${++address}`
    for (const [reason, options] of suspicious.filter(([reason]) => reason !== 'expired' && reason !== 'missing')) {
      const kept = answerOf(await send(options, fields, from()))
      const notValid = answerOf(await send(options, invalid, from()))
      const allow = await refuseSpamRows()
      const failed = answerOf(await send(options, fields, from()))
      await allow()
      // A person's success: no lead and no value for the route, but the cookies a stored lead gets
      // (the origin's, the receipt, the WhatsApp handoff), so the answer does not tell a bot it was caught.
      expect(shapeOf(kept), reason).toEqual({ status: 'success', leadId: null, value: null, headers: personShape })
      expect(shapeOf(notValid), reason).toEqual(shapeOf(kept))
      expect(shapeOf(failed), reason).toEqual(shapeOf(kept))
    }
    expect((await spamRows()).map((row) => row.reason).sort()).toEqual(['honeypot', 'timer_invalid', 'too_fast'])
  })

  it('answers a trapped post no sooner than a person’s: a slow webhook slows the person’s answer, and the trapped one as much', async () => {
    forgetAnswerTimes()
    fixture.answer(() => ({ status: 204, delayMs: 400 }))
    const elapsed = async (post: () => Promise<unknown>) => {
      const started = performance.now()
      await post()
      return performance.now() - started
    }
    expect(await elapsed(() => send({}, fields, '203.0.113.240'))).toBeGreaterThanOrEqual(400)
    // The trap costs one row, not a transaction and a webhook: without pacing it answers in a tenth of the time.
    expect(await elapsed(() => send({ honeypot: 'https://spam.example' }, fields, '203.0.113.241'))).toBeGreaterThanOrEqual(300)
  })

  it('gives an expired or missing timer’s form back as before: 400, the message, what was typed and a fresh timer, kept or not', async () => {
    for (const [reason, options] of suspicious.filter(([reason]) => reason === 'expired' || reason === 'missing')) {
      const kept = answerOf(await send(options))
      const allow = await refuseSpamRows()
      const failed = answerOf(await send(options))
      await allow()
      if (!('data' in kept) || !('data' in failed) || !kept.data || !failed.data) throw new Error('expected the form back')
      expect(kept.status, reason).toBe(400)
      expect(kept.headers, reason).toEqual([['cache-control', 'private, no-store']])
      expect(kept.data.message).toBe(
        reason === 'expired'
          ? 'Este formulário ficou aberto por muito tempo. Confira os dados e envie novamente.'
          : 'Não foi possível confirmar o envio. Confira os dados e envie novamente.',
      )
      expect(kept.data.result.initialValue).toMatchObject({ name: fields.name, message: fields.message })
      expect({ ...failed, data: withoutTimer(failed.data) }, reason).toEqual({ ...kept, data: withoutTimer(kept.data) })
      expect(withoutTimer(kept.data).hasTimer).toBe(true)
    }
    expect((await spamRows()).map((row) => row.reason).sort()).toEqual(['expired', 'missing'])
  })

  it('keeps nothing of a trapped or expired post whose fields fail the schema', async () => {
    for (const [reason, options] of suspicious) {
      await send(options, { ...fields, email: 'rafael@', message: 'Oi' })
      expect(await spamRows(), reason).toEqual([])
    }
  })

  it('counts the posts the rate limit refused, per day, and keeps none of them', async () => {
    // Seven trapped posts from one address in a minute: five reach the traps, two are refused.
    const outcomes = []
    for (let index = 0; index < 7; index++) outcomes.push(await send({ honeypot: 'x' }, fields, '198.51.100.9'))
    expect(outcomes.map((outcome) => (outcome.status === 'success' ? 'success' : outcome.response.init?.status))).toEqual([
      'success',
      'success',
      'success',
      'success',
      'success',
      429,
      429,
    ])
    expect(await spamRows()).toHaveLength(5)
    expect(await db().select().from(dailyCounters)).toEqual([{ day: brasiliaDay(new Date()), name: 'rate_limited:contact', count: 2 }])
  })

  it('lets go of an expired or missing timer’s row when the same person sends the form again within the hour, and of nothing else', async () => {
    await send(suspicious.find(([reason]) => reason === 'expired')![1])
    await send(suspicious.find(([reason]) => reason === 'missing')![1])
    // Kept: a trap's row (that form was not given back), another sender's, and one from over an hour ago.
    await send({ honeypot: 'x' })
    await send({ filledInMs: null }, { ...fields, email: 'outra.pessoa@exemplo.com.br' })
    await send({ filledInMs: null }, fields, '198.51.100.20')
    const rows = await spamRows()
    const old = rows.find((row) => (row.submission as { clientIp?: string }).clientIp === '198.51.100.20')!
    await db()
      .update(suspectedSpam)
      .set({ receivedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(suspectedSpam.id, old.id))

    expect((await send({})).status).toBe('success')
    const left = await spamRows()
    expect(left.map((row) => [row.reason, row.email, (row.submission as { clientIp: string }).clientIp]).sort()).toEqual(
      [
        ['missing', fields.email, '198.51.100.20'],
        ['honeypot', fields.email, visitor.clientIp],
        ['missing', 'outra.pessoa@exemplo.com.br', visitor.clientIp],
      ].sort(),
    )
    expect(await db().select().from(leads)).toHaveLength(1)
  })

  describe('retention', () => {
    const DAY = 24 * 60 * 60_000
    /** A kept post received `ageMs` before `now`, straight into the folder. */
    const keptAgo = async (now: Date, ageMs: number, email: string) => {
      await send({ honeypot: 'x' }, { ...fields, email }, `192.0.2.${Math.floor(ageMs / DAY)}`)
      await db()
        .update(suspectedSpam)
        .set({ receivedAt: new Date(now.getTime() - ageMs) })
        .where(eq(suspectedSpam.email, email))
    }
    const emailsLeft = async () => (await spamRows()).map((row) => row.email).sort()

    it('deletes the rows past 30 days and keeps the newer ones', async () => {
      const now = new Date()
      await keptAgo(now, 31 * DAY, 'antiga@exemplo.com.br')
      await keptAgo(now, 30 * DAY + 60_000, 'passou@exemplo.com.br')
      await keptAgo(now, 30 * DAY - 60_000, 'quase@exemplo.com.br')
      await keptAgo(now, DAY, 'recente@exemplo.com.br')
      expect(await purgeExpiredSpam(db(), now)).toBe(2)
      expect(await emailsLeft()).toEqual(['quase@exemplo.com.br', 'recente@exemplo.com.br'])
    })

    it('is a chore of the background worker: on its first pass, then once an hour, whatever the delivery interval', async () => {
      const started = Date.now()
      let clock = started
      let runs = 0
      const chore: WorkerChore = { ...spamRetentionChore, run: (deps) => (runs++, spamRetentionChore.run(deps)) }
      let passes = 0
      const deps = () => (passes++, { ...fixture.pipeline(), now: () => new Date(clock) })
      await keptAgo(new Date(started), 31 * DAY, 'antiga@exemplo.com.br')
      await keptAgo(new Date(started), DAY, 'recente@exemplo.com.br')
      const worker = startOutboxWorker({ intervalMs: 10, deps, chores: [chore], clock: () => clock })
      try {
        await eventually(async () => expect(await emailsLeft()).toEqual(['recente@exemplo.com.br']))
        expect(runs).toBe(1)
        // Many passes within the hour: the chore waits.
        clock = started + 59 * 60_000
        const seen = passes
        await eventually(() => expect(passes).toBeGreaterThan(seen + 3))
        expect(runs).toBe(1)
        // Past the hour, with the clock now 30 days on, the next pass runs it again.
        clock = started + 30 * DAY
        await eventually(async () => expect(await emailsLeft()).toEqual([]))
        expect(runs).toBe(2)
      } finally {
        await worker.stop()
      }
    })
  })
})
