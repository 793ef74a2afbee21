/**
 * Every route in app/routes against the methods it does not take (issue 41),
 * through the real request handler with a signed-in admin: a 405 that says
 * which methods the address takes (`Allow`), in Portuguese and in the
 * route's kind (the site's error page for a page, JSON or plain text for a
 * resource, Remix's data format for `.data`), and that does nothing: the
 * admin's session and the failed deliveries survive a PUT or a DELETE.
 *
 * The table names a sample address for each route file; a route added
 * without a line here fails the first test. A page without an action gets
 * Remix's own 405, whose `Allow` entry.server.tsx adds: if Remix answers
 * those differently one day, the pages' lines fail.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAdminSession, saveAdmin } from '~/admin/auth.server'
import { methodNotAllowedCopy, NOT_FOUND_MESSAGE } from '~/content/messages'
import { ALLOW, type Allow, type AnswerKind } from '~/utils/methods.server'
import { adminAuditLog, admins, leads, webhookDeliveries } from '../../../db/schema'
import { startTestSite, type TestSite } from '../../support/test-site'

type RouteLine = { url: string; allow: Allow; kind: AnswerKind; data?: string; shows?: string } | { layout: true }

const LEAD = '00000000-0000-4000-8000-000000000001'

/** Each route file, a sample address of it, the methods it takes and how it answers. */
const ROUTES: Record<string, RouteLine> = {
  // No page there: its own error page (not found) says so, with the 405 of a page.
  '$.tsx': { url: '/pagina-que-nao-existe', allow: ALLOW.page, kind: 'page', data: '/pagina-que-nao-existe.data', shows: NOT_FOUND_MESSAGE },
  '_index.tsx': { url: '/?index', allow: ALLOW.form, kind: 'page', data: '/_root.data?index' },
  'admin._index.tsx': { url: '/admin', allow: ALLOW.page, kind: 'page', data: '/admin.data' },
  'admin.auditoria.tsx': { url: '/admin/auditoria', allow: ALLOW.page, kind: 'page', data: '/admin/auditoria.data' },
  'admin.configurar.tsx': { url: '/admin/configurar', allow: ALLOW.form, kind: 'page', data: '/admin/configurar.data' },
  'admin.entrar.tsx': { url: '/admin/entrar', allow: ALLOW.form, kind: 'page', data: '/admin/entrar.data' },
  'admin.entregas.tsx': { url: '/admin/entregas', allow: ALLOW.form, kind: 'page', data: '/admin/entregas.data' },
  'admin.leads.$id.tsx': { url: `/admin/leads/${LEAD}`, allow: ALLOW.form, kind: 'page', data: `/admin/leads/${LEAD}.data` },
  'admin.leads._index.tsx': { url: '/admin/leads?index', allow: ALLOW.form, kind: 'page', data: '/admin/leads.data?index' },
  'admin.leads[.]csv.ts': { url: '/admin/leads.csv', allow: ALLOW.page, kind: 'text' },
  'admin.lgpd.tsx': { url: '/admin/lgpd', allow: ALLOW.form, kind: 'page', data: '/admin/lgpd.data' },
  'admin.lgpd[.]json.ts': { url: '/admin/lgpd.json', allow: ALLOW.page, kind: 'json' },
  'admin.sair.tsx': { url: '/admin/sair', allow: ALLOW.form, kind: 'text' },
  'admin.spam.tsx': { url: '/admin/spam', allow: ALLOW.form, kind: 'page', data: '/admin/spam.data' },
  // The admin area's layout: its pages are the lines above.
  'admin.tsx': { layout: true },
  'api.content.revalidate.ts': { url: '/api/content/revalidate', allow: ALLOW.postOnly, kind: 'json' },
  'api.funil.ts': { url: '/api/funil', allow: ALLOW.postOnly, kind: 'text' },
  'api.preview-mode.disable.ts': { url: '/api/preview-mode/disable', allow: ALLOW.postOnly, kind: 'text' },
  'api.preview-mode.enable.ts': { url: '/api/preview-mode/enable', allow: ALLOW.page, kind: 'text' },
  'api.preview-mode.seed.ts': { url: '/api/preview-mode/seed', allow: ALLOW.page, kind: 'text' },
  'blog.$slug.tsx': { url: '/blog/um-artigo', allow: ALLOW.page, kind: 'page', data: '/blog/um-artigo.data' },
  'blog._index.tsx': { url: '/blog?index', allow: ALLOW.form, kind: 'page', data: '/blog.data?index' },
  'blog.rss[.]xml.ts': { url: '/blog/rss.xml', allow: ALLOW.page, kind: 'text' },
  'casos.$slug.tsx': { url: '/casos/um-caso', allow: ALLOW.page, kind: 'page', data: '/casos/um-caso.data' },
  'casos.tsx': { url: '/casos', allow: ALLOW.page, kind: 'page', data: '/casos.data' },
  'consentimento[.]css.ts': { url: '/consentimento.css', allow: ALLOW.page, kind: 'text' },
  'contact.ts': { url: '/contact', allow: ALLOW.page, kind: 'text' },
  'contato.tsx': { url: '/contato', allow: ALLOW.form, kind: 'page', data: '/contato.data' },
  'criar-agente.tsx': { url: '/criar-agente', allow: ALLOW.form, kind: 'page', data: '/criar-agente.data' },
  'demo.origin-tracking.tsx': { url: '/demo/origin-tracking', allow: ALLOW.page, kind: 'page', data: '/demo/origin-tracking.data' },
  'falar-no-whatsapp.ts': { url: '/falar-no-whatsapp', allow: ALLOW.page, kind: 'text' },
  'favicon[.]ico.ts': { url: '/favicon.ico', allow: ALLOW.page, kind: 'text' },
  'ferramentas.calculadora.tsx': { url: '/ferramentas/calculadora', allow: ALLOW.form, kind: 'page', data: '/ferramentas/calculadora.data' },
  'ferramentas.resultados-teste.tsx': { url: '/ferramentas/resultados-teste', allow: ALLOW.form, kind: 'page', data: '/ferramentas/resultados-teste.data' },
  'ferramentas.teste-presenca-digital.tsx': {
    url: '/ferramentas/teste-presenca-digital',
    allow: ALLOW.form,
    kind: 'page',
    data: '/ferramentas/teste-presenca-digital.data',
  },
  'healthz.ts': { url: '/healthz', allow: ALLOW.page, kind: 'json' },
  'politica-privacidade.tsx': { url: '/politica-privacidade', allow: ALLOW.page, kind: 'page', data: '/politica-privacidade.data' },
  'preferencias-de-cookies.tsx': { url: '/preferencias-de-cookies', allow: ALLOW.form, kind: 'page', data: '/preferencias-de-cookies.data' },
  'robots[.]txt.ts': { url: '/robots.txt', allow: ALLOW.page, kind: 'text' },
  'services.ts': { url: '/services', allow: ALLOW.page, kind: 'text' },
  'servicos.$slug.tsx': { url: '/servicos/um-servico', allow: ALLOW.page, kind: 'page', data: '/servicos/um-servico.data' },
  'servicos._index.tsx': { url: '/servicos?index', allow: ALLOW.page, kind: 'page', data: '/servicos.data?index' },
  'sitemap[.]xml.ts': { url: '/sitemap.xml', allow: ALLOW.page, kind: 'text' },
  'sobre.tsx': { url: '/sobre', allow: ALLOW.page, kind: 'page', data: '/sobre.data' },
  'studio.$.tsx': { url: '/studio/structure', allow: ALLOW.page, kind: 'page', data: '/studio/structure.data' },
  'termos-uso.tsx': { url: '/termos-uso', allow: ALLOW.page, kind: 'page', data: '/termos-uso.data' },
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const refusedMethods = (allow: Allow) => METHODS.filter((method) => !allow.split(', ').includes(method))

let site: TestSite
let cookie = ''

async function signedInCookie(): Promise<string> {
  const [admin] = await site.db.select({ id: admins.id }).from(admins).where(eq(admins.email, 'gestora@alavancadigital.com.br'))
  return (await openAdminSession(site.db, new Request(site.url), admin!.id)).split(';')[0]!
}

beforeAll(async () => {
  site = await startTestSite({ env: { POST_RATE_LIMIT_PER_MINUTE: '1000000', SANITY_WEBHOOK_SECRET: 'segredo-do-webhook-dos-metodos' } })
  await saveAdmin(site.db, 'gestora@alavancadigital.com.br', 'senha-longa-de-teste-123')
  cookie = await signedInCookie()
}, 120_000)
afterAll(() => site?.close())

function send(url: string, method: string, headers: Record<string, string> = {}) {
  return fetch(`${site.url}${url}`, {
    method,
    headers: { Cookie: cookie, Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: method === 'GET' ? undefined : 'a=b',
    redirect: 'manual',
  })
}

it('has a line for every route in app/routes', () => {
  const files = readdirSync(path.resolve('app/routes')).filter((name) => !name.includes('.test.'))
  expect(Object.keys(ROUTES).sort()).toEqual(files.sort())
})

describe.each(Object.entries(ROUTES).filter((entry): entry is [string, Exclude<RouteLine, { layout: true }>] => !('layout' in entry[1])))(
  '%s',
  (_file, route) => {
    it.each(refusedMethods(route.allow))(`answers %s with 405, Allow: ${route.allow}, in Portuguese`, async (method) => {
      const response = await send(route.url, method)
      const body = await response.text()
      expect(response.status, body.slice(0, 300)).toBe(405)
      expect(response.headers.get('Allow')).toBe(route.allow)
      expect(response.headers.get('Set-Cookie')).toBeNull()
      if (route.kind === 'page') {
        expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
        expect(body).toContain('lang="pt-BR"')
        expect(body).toContain(route.shows ?? methodNotAllowedCopy.title)
      } else if (route.kind === 'json') {
        expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
        expect(JSON.parse(body)).toEqual({ ok: false, error: expect.stringMatching(/^Método não aceito por este endereço\./) })
      } else {
        expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
        expect(body).toMatch(/^Método não aceito por este endereço\./)
      }
      if (route.data) {
        const data = await send(route.data, method)
        await data.arrayBuffer()
        expect(data.status, route.data).toBe(405)
        expect(data.headers.get('Allow'), route.data).toBe(route.allow)
      }
    })
  },
)

it('refuses a method no route takes (OPTIONS, TRACE-like verbs) before Remix, with Allow and in Portuguese', async () => {
  for (const method of ['OPTIONS', 'PROPFIND']) {
    for (const url of ['/contato', '/healthz', '/api/funil']) {
      const response = await send(url, method)
      expect(response.status, `${method} ${url}`).toBe(405)
      expect(response.headers.get('Allow')).toBe(ALLOW.form)
      expect(await response.text()).toMatch(/^Método não aceito por este endereço\./)
    }
  }
})

it('does not sign the admin out on PUT, PATCH or DELETE to /admin/sair', async () => {
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const response = await send('/admin/sair', method)
    expect(response.status).toBe(405)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    const admin = await send('/admin', 'GET')
    await admin.arrayBuffer()
    expect(admin.status, `${method}, then GET /admin`).toBe(200)
  }
})

it('does not resend failed deliveries on PUT, PATCH or DELETE to /admin/entregas', async () => {
  const [lead] = await site.db
    .insert(leads)
    .values({ name: 'Marina Costa', email: 'marina@exemplo.com.br', source: 'formulario_contato', consentVersion: 'v1', consentAt: new Date() })
    .returning({ id: leads.id })
  await site.db.insert(webhookDeliveries).values({ leadId: lead!.id, webhookId: 'msg_metodos', payload: {}, status: 'failed', attempts: 8 })
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const response = await send('/admin/entregas', method)
    await response.arrayBuffer()
    expect(response.status).toBe(405)
  }
  const rows = await site.db.select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts }).from(webhookDeliveries)
  expect(rows).toEqual([{ status: 'failed', attempts: 8 }])
  expect((await site.db.select().from(adminAuditLog)).map((row) => row.action)).not.toContain('delivery_resend_failed')
  // A real post still resends.
  const posted = await send('/admin/entregas', 'POST', { Origin: site.url })
  expect(posted.status).toBe(302)
  expect((await site.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries))[0]?.status).not.toBe('failed')
})
