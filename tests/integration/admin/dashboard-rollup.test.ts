/**
 * The dashboard's roll-up (lead_daily_rollup, migration 0010) against a live
 * aggregation of leads ⋈ lead_tracking, folded with the leads table's own
 * expressions (lower case, landingPagePathOf): equal after leads stored
 * through the real lead service (several sources, UTM values in mixed case,
 * landing pages with queries and fragments, a lead moved across the
 * Brasília midnight), a spam release, an LGPD deletion, tracking rows
 * changed or deleted on their own, and a truncate; and, with the sales
 * counts (ADR 048), after statuses change once the lead's day was rolled up:
 * forward, a step back, lost, a bulk change, and an update of the stage
 * times by hand. The outbox rows carry their lead's created_at throughout. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeLeadStatus } from '~/admin/lead-status.server'
import { landingPagePathOf } from '~/admin/leads.server'
import { deletePersonData } from '~/admin/lgpd.server'
import { releaseSpam } from '~/admin/spam.server'
import { CONSENT_VERSION } from '~/leads/consent'
import { NO_CONVERSIONS } from '~/leads/conversions.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import type { LeadFormKey } from '~/leads/lead-forms'
import { submitLead, type LeadPipeline } from '~/leads/lead-service.server'
import { readOrigin, type OriginData } from '~/leads/origin-tracking.server'
import { resetLeadRateLimiter } from '~/utils/rate-limit.server'
import type { DatabaseHandle } from '../../../db/client'
import { leadDailyRollup, leads, leadTracking, suspectedSpam } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'
import { leadPost } from '../../support/lead-requests'

const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'dpo@agencia.com.br' }

describe.each(testDatabaseTargets())('the dashboard roll-up on $kind', ({ open }) => {
  let handle: DatabaseHandle
  const pipeline = (): LeadPipeline => ({
    db: handle.db,
    timing: { timeoutMs: 1_000, retryScheduleMs: [1_000] },
    webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
  })
  /** A lead stored by the lead service, its origin a real post's with the UTM values and landing page given. */
  const store = async (form: LeadFormKey, email: string, overrides: Partial<OriginData> = {}) =>
    submitLead(
      {
        form,
        data: { name: 'Pessoa Teste', email, phone: '(11) 98765-4321', message: 'Olá' },
        origin: { ...(await readOrigin(leadPost('/contato', {}), new FormData())).origin, ...overrides },
        consentVersion: CONSENT_VERSION,
      },
      pipeline(),
    )

  /**
   * What the roll-up must hold, computed from the tables as the dashboard used to (a left join, the leads filter's folds;
   * the sales counts as the dashboard's queries on leads counted them, ADR 048).
   */
  const live = async () => {
    const day = sql`(${leads.createdAt} at time zone 'America/Sao_Paulo')::date::text`
    const waited = sql`${leads.contactedAt} - ${leads.createdAt}`
    const progress = sql`${leads.contactedAt} as contacted_at, ${leads.qualifiedAt} as qualified_at, ${leads.wonAt} as won_at, ${waited} as waited`
    const result = (await handle.db.execute(sql`
      select day, dimension, value, count(*)::int as leads, count(contacted_at)::int as contacted, count(qualified_at)::int as qualified,
             count(won_at)::int as won, count(*) filter (where waited <= interval '5 minutes')::int as "contactedWithin5Minutes",
             count(*) filter (where waited <= interval '1 hour')::int as "contactedWithin1Hour"
      from (
        select ${day} as day, 'source' as dimension, ${leads.source} as value, ${progress} from ${leads}
        union all
        select ${day}, 'hour', extract(hour from ${leads.createdAt} at time zone 'America/Sao_Paulo')::int::text, ${progress} from ${leads}
        union all
        select ${day}, entry.dimension, entry.value, ${progress}
        from ${leads} left join ${leadTracking} on ${leadTracking.leadId} = ${leads.id}
        cross join lateral (values ('utm_source', coalesce(lower(${leadTracking.utmSource}), '')),
                                   ('utm_campaign', coalesce(lower(${leadTracking.utmCampaign}), '')),
                                   ('landing_page', coalesce(${landingPagePathOf(leadTracking.pageLocation)}, ''))) as entry(dimension, value)
      ) as entries
      group by 1, 2, 3 order by 1, 2, 3`)) as unknown as Array<Record<string, unknown>> | { rows: Array<Record<string, unknown>> }
    return Array.isArray(result) ? result : result.rows
  }
  const rollup = async () =>
    (await handle.db.select().from(leadDailyRollup).orderBy(leadDailyRollup.day, leadDailyRollup.dimension, leadDailyRollup.value)).map((row) => ({ ...row }))
  const deliveriesOutOfStep = async () => {
    const result = (await handle.db.execute(
      sql`select count(*)::int as count from outbox d join leads l on l.id = d.lead_id where d.lead_created_at is distinct from l.created_at`,
    )) as unknown as Array<{ count: number }> | { rows: Array<{ count: number }> }
    return (Array.isArray(result) ? result : result.rows)[0]?.count
  }
  const expectInStep = async () => {
    expect(await rollup()).toEqual(await live())
    expect(await deliveriesOutOfStep()).toBe(0)
  }

  beforeAll(async () => {
    handle = await open()
    await truncateLeadTables(handle.db)
    resetLeadRateLimiter()
  })
  afterAll(async () => handle?.close())

  it('equals the live aggregation after leads are stored, moved across midnight, released from the spam folder and deleted', async () => {
    await store('home', 'ana@exemplo.com.br', {
      utmSource: 'Google',
      utmCampaign: 'Black-Friday',
      landingPage: 'https://alavanca.com.br/servicos/trafego?utm_source=Google&gclid=x',
    })
    await store('contact', 'bia@exemplo.com.br', {
      utmSource: 'google',
      utmCampaign: 'black-friday',
      landingPage: 'https://alavanca.com.br/servicos/trafego#topo',
    })
    await store('newsletter', 'caio@exemplo.com.br', { utmSource: 'NEWSLETTER', landingPage: 'https://alavanca.com.br' })
    await store('calculator', 'duda@exemplo.com.br', { landingPage: 'https://alavanca.com.br/?utm_source=x' })
    const late = await store('contact', 'edu@exemplo.com.br', { utmSource: 'Instagram', landingPage: 'https://alavanca.com.br/blog/post' })
    const early = await store('contact', 'fabi@exemplo.com.br', { utmSource: 'instagram', landingPage: 'https://alavanca.com.br/blog/post?x=1' })
    await expectInStep()
    const [stored] = await rollup().then((rows) => rows.filter((row) => row.dimension === 'utm_source' && row.value === 'google'))
    expect(stored?.leads).toBe(2)

    // 23:59 and 00:00 in Brasília: two days, whatever UTC says.
    await handle.db
      .update(leads)
      .set({ createdAt: new Date('2020-11-24T02:59:00Z') })
      .where(eq(leads.id, late.leadId))
    await handle.db
      .update(leads)
      .set({ createdAt: new Date('2020-11-24T03:00:00Z') })
      .where(eq(leads.id, early.leadId))
    await expectInStep()
    expect(
      (await rollup())
        .filter((row) => row.dimension === 'source' && row.value === 'formulario_contato' && row.day < '2021-01-01')
        .map(({ day, dimension, value, leads }) => ({ day, dimension, value, leads })),
    ).toEqual([
      { day: '2020-11-23', dimension: 'source', value: 'formulario_contato', leads: 1 },
      { day: '2020-11-24', dimension: 'source', value: 'formulario_contato', leads: 1 },
    ])

    // A post the honeypot held, then released by an admin: stored through the same service.
    await handleLeadAction({
      request: leadPost(
        '/contato',
        { name: 'Gabi Spam', email: 'gabi@exemplo.com.br', phone: '(21) 99876-5432', message: 'Preciso de mais pacientes vindos do Google.' },
        { honeypot: 'x' },
      ),
      context: { clientIp: '198.51.100.7' },
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    const [held] = await handle.db.select().from(suspectedSpam)
    expect(held).toBeDefined()
    expect(await rollup()).toEqual(await live())
    expect((await releaseSpam(handle.db, pipeline(), held!.id, admin)).ok).toBe(true)
    await expectInStep()

    // LGPD: the person's leads go, and the cascade takes their tracking rows with them.
    await store('newsletter', 'ana@exemplo.com.br', { utmSource: 'Facebook' })
    expect((await deletePersonData(handle.db, admin, 'ANA@exemplo.com.br')).leads).toBe(2)
    await expectInStep()
    expect((await rollup()).some((row) => row.value === 'facebook')).toBe(false)
  })

  it('follows status changes after the day was rolled up: forward, back, lost, in bulk and by hand', async () => {
    const change = (leadIds: string[], status: Parameters<typeof changeLeadStatus>[2]['status'], at: Date, reason: 'no_response' | null = null) =>
      changeLeadStatus(handle.db, admin, { status, reason, leadIds }, { now: at, conversions: NO_CONVERSIONS })
    const stored = await handle.db.select({ id: leads.id, createdAt: leads.createdAt }).from(leads).orderBy(leads.createdAt)
    expect(stored.length).toBeGreaterThanOrEqual(4)
    const [first, second, third, fourth] = stored
    const after = (lead: { createdAt: Date }, minutes: number) => new Date(lead.createdAt.getTime() + minutes * 60_000)
    // Contacted within 5 minutes, then won; qualified after 40 minutes; contacted after 3 hours.
    await change([first!.id], 'contacted', after(first!, 3))
    await expectInStep()
    await change([first!.id], 'won', after(first!, 60 * 24))
    await change([second!.id], 'qualified', after(second!, 40))
    await change([third!.id], 'contacted', after(third!, 180))
    await expectInStep()
    const sources = async () => (await rollup()).filter((row) => row.dimension === 'source')
    expect((await sources()).reduce((sum, row) => sum + row.contacted, 0)).toBe(3)
    expect((await sources()).reduce((sum, row) => sum + row.won, 0)).toBe(1)
    // A step back clears the stages above; lost keeps what was reached; then several leads at once.
    await change([first!.id], 'qualified', after(first!, 60 * 25))
    await change([second!.id], 'lost', after(second!, 60 * 48), 'no_response')
    await expectInStep()
    await change([first!.id, third!.id, fourth!.id], 'new', after(fourth!, 60 * 72))
    await expectInStep()
    await change([first!.id, second!.id, fourth!.id], 'won', after(fourth!, 60 * 96))
    await expectInStep()
    // By hand, as a repair script would: the stage times set and cleared without the status function.
    await handle.db
      .update(leads)
      .set({ contactedAt: after(third!, 1) })
      .where(eq(leads.id, third!.id))
    await expectInStep()
    await handle.db.update(leads).set({ contactedAt: null, qualifiedAt: null, wonAt: null, status: 'new' })
    await expectInStep()
    expect((await rollup()).every((row) => row.contacted === 0 && row.won === 0 && row.contactedWithin1Hour === 0)).toBe(true)
    // An update of nothing the roll-up counts leaves it alone.
    const before = await rollup()
    await handle.db.update(leads).set({ name: 'Outro Nome' }).where(eq(leads.id, third!.id))
    expect(await rollup()).toEqual(before)
  })

  it('stays equal when tracking rows change or go on their own, and after a truncate', async () => {
    const [tracked] = await handle.db.select().from(leadTracking).limit(1)
    await handle.db.update(leadTracking).set({ utmSource: 'Bing', pageLocation: 'https://alavanca.com.br/outra' }).where(eq(leadTracking.id, tracked!.id))
    await expectInStep()
    // A second tracking row for one lead counts twice, as the left join does; deleting both leaves the lead with none.
    await handle.db.insert(leadTracking).values({ leadId: tracked!.leadId, utmSource: 'Segunda' })
    await expectInStep()
    await handle.db.delete(leadTracking).where(eq(leadTracking.leadId, tracked!.leadId))
    await expectInStep()
    await handle.db.execute(sql`truncate table lead_tracking`)
    await expectInStep()
    await truncateLeadTables(handle.db)
    expect(await rollup()).toEqual([])
  })
})
