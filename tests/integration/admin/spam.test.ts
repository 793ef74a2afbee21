/**
 * The spam folder in the admin area (ADR 039): the list, newest first, 50 a
 * page; 'Não é spam', which stores the held post as the lead it would have
 * been (lead, tracking, outbox row, delivered by the webhook), deletes it
 * from the folder and writes the audit log; two releases at once store one
 * lead; a failed release leaves the row to try again. PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { releaseMessages } from '~/admin/spam-copy'
import { listSuspectedSpam, releaseSpam, SPAM_PER_PAGE } from '~/admin/spam.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import type { LeadPayload } from '~/leads/lead-service.server'
import { adminAuditLog, leads, leadTracking, suspectedSpam, outbox } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { leadPost, type LeadPostOptions } from '../../support/lead-requests'

const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'gestora@agencia.com.br' }
const fields = {
  name: 'Rafael Lima',
  email: 'rafael@clinicaboavista.com.br',
  phone: '(21) 99876-5432',
  message: 'Preciso de mais pacientes vindos do Google.',
}

describe.each(testDatabaseTargets())('the spam folder in the admin area on $kind', ({ open }) => {
  const { db, pipeline, received, deliveredBody } = leadPipelineFixture(open)
  let address = 0
  /** A /contato post from its own address (the rate limit stays out of it). */
  const send = (options: LeadPostOptions, postFields: Record<string, string> = fields) =>
    handleLeadAction({
      request: leadPost('/contato', postFields, options),
      context: { clientIp: `198.51.100.${++address % 250}` },
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
  /** Holds a post in the folder (a filled honeypot); its row. */
  const hold = async (postFields: Record<string, string> = fields, options: LeadPostOptions = { honeypot: 'https://spam.example' }) => {
    await send(options, postFields)
    const [row] = await db().select().from(suspectedSpam).where(eq(suspectedSpam.email, postFields.email!))
    if (!row) throw new Error('the post was not held')
    return row
  }
  beforeEach(async () => {
    await db().delete(adminAuditLog)
  })

  it('lists the folder newest first, 50 a page, with the form, the reason, the name and the e-mail', async () => {
    const now = Date.now()
    for (let index = 0; index < SPAM_PER_PAGE + 1; index++) {
      const row = await hold({ ...fields, email: `pessoa${index}@exemplo.com.br` })
      await db()
        .update(suspectedSpam)
        .set({ receivedAt: new Date(now - index * 60_000) })
        .where(eq(suspectedSpam.id, row.id))
    }
    const first = await listSuspectedSpam(db(), { page: 1 })
    expect(first).toMatchObject({ page: 1, pages: 2, total: 51 })
    expect(first.rows).toHaveLength(SPAM_PER_PAGE)
    expect(first.rows[0]).toEqual({
      id: expect.any(String),
      form: 'contact',
      reason: 'honeypot',
      name: fields.name,
      email: 'pessoa0@exemplo.com.br',
      receivedAt: new Date(now).toISOString(),
    })
    expect(first.rows.map((row) => row.receivedAt)).toEqual([...first.rows.map((row) => row.receivedAt)].sort().reverse())
    const second = await listSuspectedSpam(db(), { page: 2 })
    expect(second.rows.map((row) => row.email)).toEqual(['pessoa50@exemplo.com.br'])
    // A page past the end shows the last one.
    expect(await listSuspectedSpam(db(), { page: 99 })).toMatchObject({ page: 2, rows: second.rows })
  })

  it('Não é spam: stores the lead the post would have been, delivers it, writes the audit log and empties the row', async () => {
    const row = await hold()
    const released = await releaseSpam(db(), pipeline(), row.id, admin)
    if (!released.ok) throw new Error(released.message)

    const [lead] = await db().select().from(leads)
    expect(lead).toMatchObject({ id: released.leadId, name: fields.name, email: fields.email, source: 'formulario_contato' })
    // The person agreed when they sent the form, not when the admin released it.
    expect(lead!.consentAt).toEqual(row.receivedAt)
    expect(lead!.consentIp).toBe((row.submission as { clientIp: string }).clientIp)
    expect(await db().select().from(leadTracking)).toHaveLength(1)
    const deliveries = await db().select().from(outbox)
    expect(deliveries.map((delivery) => [delivery.leadId, delivery.target, delivery.status])).toEqual([[released.leadId, 'lead_webhook', 'delivered']])
    expect(received()).toHaveLength(1)
    expect(deliveredBody()).toMatchObject({ leadId: released.leadId, name: fields.name, email: fields.email, source: 'formulario_contato' })
    expect(await db().select().from(suspectedSpam)).toEqual([])
    expect(
      await db().select({ adminEmail: adminAuditLog.adminEmail, action: adminAuditLog.action, details: adminAuditLog.details }).from(adminAuditLog),
    ).toEqual([{ adminEmail: admin.email, action: 'spam_release', details: { leadId: released.leadId, form: 'contact', reason: 'honeypot' } }])
  })

  it('delivers the same payload a lead sent without the trap gets (but its ids and times)', async () => {
    const other = { ...fields, email: 'sem.armadilha@exemplo.com.br' }
    expect((await send({}, other)).status).toBe('success')
    const row = await hold()
    expect((await releaseSpam(db(), pipeline(), row.id, admin)).ok).toBe(true)
    const comparable = ({ leadId: _leadId, timestamp: _timestamp, sessionId: _sessionId, email: _email, ...rest }: LeadPayload) => rest
    const [direct, released] = [deliveredBody(0) as LeadPayload, deliveredBody(1) as LeadPayload]
    expect(released.email).toBe(fields.email)
    expect(comparable(released)).toEqual(comparable(direct))
  })

  it('stores one lead when two releases of the same row run at once', async () => {
    const row = await hold()
    const outcomes = await Promise.all([releaseSpam(db(), pipeline(), row.id, admin), releaseSpam(db(), pipeline(), row.id, admin)])
    const [done, refused] = outcomes[0].ok ? outcomes : [outcomes[1], outcomes[0]]
    expect(done.ok).toBe(true)
    // The other finds the row claimed (409), or already gone (404).
    expect(refused).toMatchObject({ ok: false, status: expect.toBeOneOf([409, 404]) })
    expect(await db().select().from(leads)).toHaveLength(1)
    expect(await db().select().from(outbox)).toHaveLength(1)
    expect(await db().select().from(adminAuditLog)).toHaveLength(1)
    expect(received()).toHaveLength(1)
  })

  it('leaves a claim younger than five minutes alone and takes over an older one (a release that died with its process)', async () => {
    const row = await hold()
    await db()
      .update(suspectedSpam)
      .set({ releasingAt: new Date(Date.now() - 60_000) })
      .where(eq(suspectedSpam.id, row.id))
    expect(await releaseSpam(db(), pipeline(), row.id, admin)).toEqual({ ok: false, status: 409, message: releaseMessages.underway })
    await db()
      .update(suspectedSpam)
      .set({ releasingAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(suspectedSpam.id, row.id))
    expect(await releaseSpam(db(), pipeline(), row.id, admin)).toMatchObject({ ok: true })
    expect(await db().select().from(leads)).toHaveLength(1)
  })

  it('finds the lead it already stored when a release is repeated after its row was left behind', async () => {
    // A post without a timer has no submission key of its own: the release gives it one.
    const row = await hold(fields, { filledInMs: null })
    const first = await releaseSpam(db(), pipeline(), row.id, admin)
    // As if deleting the row had failed after the lead was stored: the row is back, its claim stale.
    await db()
      .insert(suspectedSpam)
      .values({ ...row, releasingAt: new Date(Date.now() - 6 * 60_000) })
    const again = await releaseSpam(db(), pipeline(), row.id, admin)
    expect(again).toEqual(first)
    expect(await db().select().from(leads)).toHaveLength(1)
  })

  it('keeps the row, unclaimed, and says so in Portuguese when the lead cannot be stored', async () => {
    const row = await hold()
    await db().execute(sql`create function refuse_lead() returns trigger language plpgsql as $$ begin raise exception 'lead refused by the test'; end $$`)
    await db().execute(sql`create trigger refuse_lead before insert on leads for each row execute function refuse_lead()`)
    try {
      expect(await releaseSpam(db(), pipeline(), row.id, admin)).toEqual({ ok: false, status: 503, message: releaseMessages.failed })
    } finally {
      await db().execute(sql`drop trigger refuse_lead on leads`)
      await db().execute(sql`drop function refuse_lead()`)
    }
    expect(await db().select({ id: suspectedSpam.id, releasingAt: suspectedSpam.releasingAt }).from(suspectedSpam)).toEqual([{ id: row.id, releasingAt: null }])
    expect(await db().select().from(adminAuditLog)).toEqual([])
    // Once the database takes leads again, the same button works.
    expect(await releaseSpam(db(), pipeline(), row.id, admin)).toMatchObject({ ok: true })
  })

  it('answers an id that is not one, or no longer in the folder, with a message and no lead', async () => {
    expect(await releaseSpam(db(), pipeline(), 'nao-e-um-id', admin)).toEqual({ ok: false, status: 404, message: releaseMessages.unknown })
    expect(await releaseSpam(db(), pipeline(), '00000000-0000-4000-8000-000000000000', admin)).toEqual({
      ok: false,
      status: 404,
      message: releaseMessages.unknown,
    })
    expect(await db().select().from(leads)).toEqual([])
  })
})
