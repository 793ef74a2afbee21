/**
 * The audit log below HTTP (ADR 038): what signing in, a refused attempt
 * (a known admin's address, or any other) and a CSV export write, and the
 * listing of /admin/auditoria: newest first, a page at a time, each filter
 * alone and together, with pt-BR names and details that show no address.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditActionLabel, auditDetailsShown, auditFiltersFrom, UNKNOWN_ADMIN } from '~/admin/audit-log'
import { AUDIT_ENTRIES_PER_PAGE, auditChoices, listAudit, recordAudit } from '~/admin/audit.server'
import { saveAdmin, signIn, signOut } from '~/admin/auth.server'
import { leadFiltersFrom } from '~/admin/lead-filters'
import { exportLeadsFor } from '~/admin/leads.server'
import { ADMIN_LOGIN_ATTEMPTS, loginLimiters } from '~/admin/login-limits.server'
import { createFirstAdmin, issueAdminSetupToken } from '~/admin/setup.server'
import { leadFormLabel } from '~/leads/lead-forms'
import type { DatabaseHandle } from '../../../db/client'
import { adminAuditLog, leads } from '../../../db/schema'
import { testDatabaseTargets, truncateLeadTables } from '../../support/databases'

const ADMIN_EMAIL = 'gestora@agencia.com.br'
const PASSWORD = 'uma senha bem comprida'
const LEAD_EMAIL = 'carla@clinica.com.br'
const signInPage = new Request('http://localhost:3000/admin/entrar')

describe('an audit entry’s details as shown', () => {
  it('names what it knows in pt-BR, keeps unknown keys, masks anything with an @, and links a lead by its id', () => {
    const leadId = '6f1c2d4e-0000-4000-8000-000000000001'
    expect(auditDetailsShown({ leads: 2, leadId, filters: { fonte: 'newsletter', busca: true }, email: 'alguem@exemplo.com', extra: null })).toEqual([
      { label: 'Leads', value: '2' },
      { label: 'Lead', value: leadId, leadId },
      { label: 'Filtros', value: 'fonte: newsletter; busca: sim' },
      { label: 'email', value: '(oculto)' },
      { label: 'extra', value: '—' },
    ])
    expect(auditDetailsShown({ filters: {}, leadId: 'não-é-um-id' })).toEqual([
      { label: 'Filtros', value: '—' },
      { label: 'Lead', value: 'não-é-um-id' },
    ])
  })
})

describe('an audit entry’s details in pt-BR', () => {
  it('names a form by the one list of lead forms, and spam and sign-in reasons in words', () => {
    const leadId = '6f1c2d4e-0000-4000-8000-000000000002'
    expect(auditDetailsShown({ leadId, form: 'contact', reason: 'too_fast' })).toEqual([
      { label: 'Lead', value: leadId, leadId },
      { label: 'Formulário', value: 'Página de contato' },
      { label: 'Motivo', value: 'Enviado rápido demais' },
    ])
    expect(auditDetailsShown({ form: 'formulario_contato' })).toEqual([{ label: 'Formulário', value: leadFormLabel('contact') }])
    expect(auditDetailsShown({ reason: 'rate_limited' })).toEqual([{ label: 'Motivo', value: 'Muitas tentativas: bloqueada pelo limite' }])
    expect(auditDetailsShown({ reason: 'rate_limited', limit: 'email', address: '203.0.113.9' })).toEqual([
      { label: 'Motivo', value: 'Muitas tentativas: bloqueada pelo limite' },
      { label: 'Limite', value: 'deste e-mail' },
      { label: 'Endereço IP', value: '203.0.113.9' },
    ])
    expect(auditDetailsShown({ admin: 'dona@agencia.com.br', cleared: 12 })).toEqual([
      { label: 'Administrador', value: 'dona@agencia.com.br' },
      { label: 'Tentativas zeradas', value: '12' },
    ])
    expect(auditActionLabel('admin_unlock_cli')).toBe('Tentativas de entrada zeradas pela linha de comando (npm run admin:unlock)')
    expect(auditDetailsShown({ leads: 1, spam: 2 })).toEqual([
      { label: 'Leads', value: '1' },
      { label: 'Envios suspeitos', value: '2' },
    ])
    expect(auditActionLabel('admin_create_cli')).toBe('Admin criado pela linha de comando (npm run admin:create)')
  })
})

describe('a lead status change in the audit log', () => {
  it('reads the same whether written with the English values or, before migration 0015, with the pt-BR words', () => {
    const leadId = '6f1c2d4e-0000-4000-8000-000000000002'
    const shown = [
      { label: 'Lead', value: leadId, leadId },
      { label: 'Situação anterior', value: 'Em contato' },
      { label: 'Novo status', value: 'Perdido' },
      { label: 'Motivo', value: 'Escolheu outra agência' },
    ]
    expect(auditDetailsShown({ leadId, previousStatus: 'contacted', status: 'lost', reason: 'other_agency' })).toEqual(shown)
    expect(auditDetailsShown({ leadId, previousStatus: 'em_contato', status: 'perdido', reason: 'outra_agencia' })).toEqual(shown)
    expect(auditDetailsShown({ previousStatus: 'won', status: 'new' }).map((detail) => detail.value)).toEqual(['Cliente', 'Novo'])
    expect(auditDetailsShown({ previousStatus: 'cliente', status: 'novo' }).map((detail) => detail.value)).toEqual(['Cliente', 'Novo'])
    // A delivery's state is no lead status: it shows as it is.
    expect(auditDetailsShown({ previousStatus: 'failed' }).map((detail) => detail.value)).toEqual(['failed'])
  })
})

describe.each(testDatabaseTargets())('the audit log on $kind', ({ open }) => {
  let handle: DatabaseHandle
  let ip = 0
  const db = () => handle.db
  const signInOptions = () => ({ db: db(), clientIp: `198.51.100.${++ip}`, limiters: loginLimiters(db()) })
  const entries = () =>
    db()
      .select({ adminEmail: adminAuditLog.adminEmail, action: adminAuditLog.action, details: adminAuditLog.details })
      .from(adminAuditLog)
      .orderBy(adminAuditLog.id)

  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await db().execute(sql`truncate table admins, admin_sessions, rate_limit_hits, admin_audit_log cascade`)
    await saveAdmin(db(), ADMIN_EMAIL, PASSWORD)
  })

  describe('what is written', () => {
    it('a sign-in, under the admin’s e-mail', async () => {
      expect((await signIn(signInPage, { email: ' Gestora@Agencia.com.br', password: PASSWORD }, signInOptions())).ok).toBe(true)
      expect(await entries()).toEqual([{ adminEmail: ADMIN_EMAIL, action: 'admin_sign_in', details: {} }])
    })

    it('a refused attempt, with the client’s address: under the admin’s e-mail when the typed one is an admin’s, and no e-mail at all when it is not', async () => {
      const [first, second] = [signInOptions(), signInOptions()]
      await signIn(signInPage, { email: ADMIN_EMAIL, password: 'senha errada' }, first)
      await signIn(signInPage, { email: 'Pessoa.Qualquer@exemplo.com.br', password: PASSWORD }, second)
      expect(await entries()).toEqual([
        { adminEmail: ADMIN_EMAIL, action: 'admin_sign_in_failed', details: { address: first.clientIp } },
        { adminEmail: UNKNOWN_ADMIN, action: 'admin_sign_in_failed', details: { address: second.clientIp } },
      ])
      // The typed address is nowhere in the log.
      expect(JSON.stringify(await db().select().from(adminAuditLog))).not.toMatch(/exemplo\.com\.br/i)
    })

    it('a sign-out, under the admin’s e-mail', async () => {
      const outcome = await signIn(signInPage, { email: ADMIN_EMAIL, password: PASSWORD }, signInOptions())
      const cookie = (outcome.ok ? outcome.setCookie : '').split(';')[0]!
      await signOut(
        db(),
        new Request('http://localhost:3000/admin/sair', { method: 'POST', headers: { Cookie: cookie } }),
        outcome.ok ? outcome.admin : { id: '', email: '' },
      )
      expect((await entries()).map((entry) => [entry.adminEmail, entry.action])).toEqual([
        [ADMIN_EMAIL, 'admin_sign_in'],
        [ADMIN_EMAIL, 'admin_sign_out'],
      ])
    })

    it('the first admin made from the one-time link, under the new admin’s e-mail; nothing for a refused link', async () => {
      await db().execute(sql`truncate table admins cascade`)
      const token = (await issueAdminSetupToken(db()))!
      expect((await createFirstAdmin(db(), 'outro-token-qualquer', { email: 'primeira@agencia.com.br', password: PASSWORD })).ok).toBe(false)
      expect((await createFirstAdmin(db(), token, { email: 'Primeira@Agencia.com.br', password: PASSWORD })).ok).toBe(true)
      expect(await entries()).toEqual([{ adminEmail: 'primeira@agencia.com.br', action: 'admin_setup', details: {} }])
    })

    it('an attempt the limit refuses, with its reason', async () => {
      const limited = signInOptions()
      for (let attempt = 0; attempt <= ADMIN_LOGIN_ATTEMPTS; attempt++) await signIn(signInPage, { email: ADMIN_EMAIL, password: 'errada' }, limited)
      const written = await entries()
      expect(written).toHaveLength(ADMIN_LOGIN_ATTEMPTS + 1)
      expect(written).toContainEqual({
        adminEmail: ADMIN_EMAIL,
        action: 'admin_sign_in_failed',
        details: { reason: 'rate_limited', limit: 'email_address', address: limited.clientIp },
      })
    })

    it('a CSV export: how many rows and the view’s filters, the search only as “there was one”', async () => {
      await truncateLeadTables(db())
      await db().insert(leads).values({
        name: 'Carla Mendes',
        email: LEAD_EMAIL,
        phone: '(11) 99999-0001',
        source: 'formulario_contato',
        consentVersion: 'lgpd-2026-11',
        consentAt: new Date(),
      })
      const filters = leadFiltersFrom(new URLSearchParams(`busca=${LEAD_EMAIL}&fonte=formulario_contato&de=2026-01-01&ordem=nome&pagina=3`))
      const rows = await exportLeadsFor(db(), { id: 'x', email: ADMIN_EMAIL }, filters)
      expect(rows.map((row) => row.email)).toEqual([LEAD_EMAIL])
      expect(await entries()).toEqual([
        { adminEmail: ADMIN_EMAIL, action: 'leads_export', details: { rows: 1, filters: { fonte: 'formulario_contato', de: '2026-01-01', busca: true } } },
      ])
      expect(JSON.stringify(await entries())).not.toContain('clinica')
    })
  })

  describe('the listing', () => {
    const view = (query: string) => auditFiltersFrom(new URLSearchParams(query))
    const actions = (page: { rows: Array<{ action: string }> }) => page.rows.map((row) => row.action)

    beforeEach(async () => {
      await db().execute(sql`truncate table admin_audit_log`)
      // 2026-11-01T02:59Z is still 31 October in Brasília; 03:00Z is midnight of the 1st.
      await recordAudit(db(), ADMIN_EMAIL, 'admin_sign_in', {}, new Date('2026-11-01T02:59:00Z'))
      await recordAudit(db(), ADMIN_EMAIL, 'leads_export', { rows: 3, filters: {} }, new Date('2026-11-01T03:00:00Z'))
      await recordAudit(db(), 'outra@agencia.com.br', 'lgpd_delete', { leads: 1, deliveries: 2 }, new Date('2026-11-02T12:00:00Z'))
      await recordAudit(db(), UNKNOWN_ADMIN, 'admin_sign_in_failed', {}, new Date('2026-11-03T02:59:59Z'))
      // A later feature's action this list does not name yet.
      await db()
        .insert(adminAuditLog)
        .values({ adminEmail: ADMIN_EMAIL, action: 'spam_rule_change', details: { rule: 'links' }, createdAt: new Date('2026-11-03T12:00:00Z') })
    })

    it('lists every entry newest first, with its pt-BR name (an unknown action by its code) and its details as shown', async () => {
      const page = await listAudit(db(), view(''))
      expect(page).toMatchObject({ page: 1, pages: 1, total: 5 })
      expect(page.rows.map(({ adminEmail, action, label }) => ({ adminEmail, action, label }))).toEqual([
        { adminEmail: ADMIN_EMAIL, action: 'spam_rule_change', label: 'spam_rule_change' },
        { adminEmail: UNKNOWN_ADMIN, action: 'admin_sign_in_failed', label: 'Tentativa de entrada recusada' },
        { adminEmail: 'outra@agencia.com.br', action: 'lgpd_delete', label: 'Exclusão LGPD' },
        { adminEmail: ADMIN_EMAIL, action: 'leads_export', label: 'Exportação de leads (CSV)' },
        { adminEmail: ADMIN_EMAIL, action: 'admin_sign_in', label: 'Entrada na área administrativa' },
      ])
      expect(page.rows[2]!.details).toEqual([
        { label: 'Leads', value: '1' },
        { label: 'Entregas', value: '2' },
      ])
      expect(page.rows[0]!.createdAt).toBe('2026-11-03T12:00:00.000Z')
    })

    it('filters by action, by admin (any case) and by Brasília day, each alone and together', async () => {
      expect(actions(await listAudit(db(), view('acao=admin_sign_in')))).toEqual(['admin_sign_in'])
      expect(actions(await listAudit(db(), view('acao=spam_rule_change')))).toEqual(['spam_rule_change'])
      expect(actions(await listAudit(db(), view('admin=Outra@Agencia.com.br')))).toEqual(['lgpd_delete'])
      expect(actions(await listAudit(db(), view(`admin=${encodeURIComponent(UNKNOWN_ADMIN)}`)))).toEqual(['admin_sign_in_failed'])
      expect(actions(await listAudit(db(), view('de=2026-11-01')))).toEqual(['spam_rule_change', 'admin_sign_in_failed', 'lgpd_delete', 'leads_export'])
      expect(actions(await listAudit(db(), view('ate=2026-10-31')))).toEqual(['admin_sign_in'])
      // 2026-11-03T02:59:59Z is the last second of 2 November in Brasília.
      expect(actions(await listAudit(db(), view('de=2026-11-02&ate=2026-11-02')))).toEqual(['admin_sign_in_failed', 'lgpd_delete'])
      expect(actions(await listAudit(db(), view(`de=2026-11-01&ate=2026-11-03&admin=${ADMIN_EMAIL}`)))).toEqual(['spam_rule_change', 'leads_export'])
      expect(await listAudit(db(), view('acao=lgpd_export'))).toMatchObject({ rows: [], total: 0, page: 1, pages: 1 })
    })

    it('drops a filter value that is not one of ours instead of refusing the page', async () => {
      expect(view('acao=DROP TABLE&de=ontem&ate=2026-13&pagina=-2&admin=')).toEqual({ pagina: 1 })
      expect((await listAudit(db(), view('acao=DROP TABLE&de=ontem'))).total).toBe(5)
    })

    it('offers every action the area records, then any other the log holds, and the admins the log holds', async () => {
      const choices = await auditChoices(db())
      expect(choices.actions.slice(-2)).toEqual(['booking_no_show', 'spam_rule_change'])
      expect(choices.actions).toContain('admin_sign_in_failed')
      expect(choices.admins).toEqual([UNKNOWN_ADMIN, ADMIN_EMAIL, 'outra@agencia.com.br'])
    })

    it('pages by 50, newest first, and shows the last page for a page beyond it', async () => {
      await db().execute(sql`truncate table admin_audit_log`)
      const start = Date.parse('2026-11-10T12:00:00Z')
      await db()
        .insert(adminAuditLog)
        .values(
          Array.from({ length: 2 * AUDIT_ENTRIES_PER_PAGE + 7 }, (_, index) => ({
            adminEmail: ADMIN_EMAIL,
            action: 'admin_sign_in',
            details: { n: index },
            createdAt: new Date(start + index * 60_000),
          })),
        )
      const numbers = (page: Awaited<ReturnType<typeof listAudit>>) => page.rows.map((row) => Number(row.details[0]!.value))
      const first = await listAudit(db(), view(''))
      expect(first).toMatchObject({ page: 1, pages: 3, total: 107 })
      expect(numbers(first)).toEqual(Array.from({ length: 50 }, (_, index) => 106 - index))
      expect(numbers(await listAudit(db(), view('pagina=3')))).toEqual([6, 5, 4, 3, 2, 1, 0])
      expect(await listAudit(db(), view('pagina=40'))).toMatchObject({ page: 3, pages: 3 })
    })
  })
})
