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
import { adminAuditLog, admins, leads, outbox } from '../../../db/schema'
import { startTestSite, type TestSite } from '../../support/test-site'

type RouteLine = { url: string; allow: Allow; kind: AnswerKind; data?: string; shows?: string } | { layout: true }

const LEAD = '00000000-0000-4000-8000-000000000001'

/** A page: its 405 is its error page, and its data URL (`.data`, JavaScript on) is refused alike. */
const page = (url: string, allow: Allow, shows?: string): RouteLine => ({ url, allow, kind: 'page', data: dataUrlOf(url), shows })
const text = (url: string, allow: Allow): RouteLine => ({ url, allow, kind: 'text' })
const json = (url: string, allow: Allow): RouteLine => ({ url, allow, kind: 'json' })

/** Remix's data URL of a page: `/x?q` → `/x.data?q`, the home page's is `/_root.data`. */
function dataUrlOf(url: string): string {
  const [pathname = '/', query] = url.split('?')
  return `${pathname === '/' ? '/_root' : pathname}.data${query === undefined ? '' : `?${query}`}`
}

/** Each route file, a sample address of it, the methods it takes and how it answers. */
const ROUTES: Record<string, RouteLine> = {
  // No page there: its own error page (not found) says so, with the 405 of a page.
  '$.tsx': page('/pagina-que-nao-existe', ALLOW.page, NOT_FOUND_MESSAGE),
  '_index.tsx': page('/?index', ALLOW.form),
  'admin._index.tsx': page('/admin', ALLOW.page),
  'admin.auditoria.tsx': page('/admin/auditoria', ALLOW.page),
  'admin.configurar.tsx': page('/admin/configurar', ALLOW.form),
  'admin.entrar.tsx': page('/admin/entrar', ALLOW.form),
  'admin.agenda.tsx': page('/admin/agenda', ALLOW.form),
  'admin.entregas.tsx': page('/admin/entregas', ALLOW.form),
  'admin.leads.$id.tsx': page(`/admin/leads/${LEAD}`, ALLOW.form),
  'admin.leads._index.tsx': page('/admin/leads?index', ALLOW.form),
  'admin.leads[.]csv.ts': text('/admin/leads.csv', ALLOW.page),
  'admin.lgpd.tsx': page('/admin/lgpd', ALLOW.form),
  'admin.lgpd[.]json.ts': json('/admin/lgpd.json', ALLOW.page),
  'admin.sair.tsx': text('/admin/sair', ALLOW.form),
  'admin.spam.tsx': page('/admin/spam', ALLOW.form),
  // The admin area's layout: its pages are the lines above.
  'admin.tsx': { layout: true },
  'agendar.tsx': page('/agendar', ALLOW.form),
  'agendar_.sessao.tsx': page('/agendar/sessao', ALLOW.form),
  'api.content.revalidate.ts': json('/api/content/revalidate', ALLOW.postOnly),
  'api.funil.ts': text('/api/funil', ALLOW.postOnly),
  'api.preview-mode.disable.ts': text('/api/preview-mode/disable', ALLOW.postOnly),
  'api.preview-mode.enable.ts': text('/api/preview-mode/enable', ALLOW.page),
  'api.preview-mode.seed.ts': text('/api/preview-mode/seed', ALLOW.page),
  'blog.$slug.tsx': page('/blog/um-artigo', ALLOW.page),
  'blog._index.tsx': page('/blog?index', ALLOW.form),
  'blog.rss[.]xml.ts': text('/blog/rss.xml', ALLOW.page),
  'casos.$slug.tsx': page('/casos/um-caso', ALLOW.page),
  'casos.tsx': page('/casos', ALLOW.page),
  'consentimento[.]css.ts': text('/consentimento.css', ALLOW.page),
  'contact.ts': text('/contact', ALLOW.page),
  'contato.tsx': page('/contato', ALLOW.form),
  'criar-agente.tsx': page('/criar-agente', ALLOW.form),
  'demo.origin-tracking.tsx': page('/demo/origin-tracking', ALLOW.page),
  'falar-no-whatsapp.ts': text('/falar-no-whatsapp', ALLOW.page),
  'favicon[.]ico.ts': text('/favicon.ico', ALLOW.page),
  'ferramentas.calculadora.tsx': page('/ferramentas/calculadora', ALLOW.form),
  'ferramentas.resultados-teste.tsx': page('/ferramentas/resultados-teste', ALLOW.form),
  'ferramentas.teste-presenca-digital.tsx': page('/ferramentas/teste-presenca-digital', ALLOW.form),
  'healthz.ts': json('/healthz', ALLOW.page),
  'politica-privacidade.tsx': page('/politica-privacidade', ALLOW.page),
  'preferencias-de-cookies.tsx': page('/preferencias-de-cookies', ALLOW.form),
  'robots[.]txt.ts': text('/robots.txt', ALLOW.page),
  'services.ts': text('/services', ALLOW.page),
  'servicos.$slug.tsx': page('/servicos/um-servico', ALLOW.page),
  'servicos._index.tsx': page('/servicos?index', ALLOW.page),
  'sitemap[.]xml.ts': text('/sitemap.xml', ALLOW.page),
  'sobre.tsx': page('/sobre', ALLOW.page),
  'studio.$.tsx': page('/studio/structure', ALLOW.page),
  'termos-uso.tsx': page('/termos-uso', ALLOW.page),
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
  site = await startTestSite({
    env: {
      POST_RATE_LIMIT_PER_MINUTE: '1000000',
      SANITY_WEBHOOK_SECRET: 'segredo-do-webhook-dos-metodos',
      // A configured webhook (this site runs no worker, and nothing listens there): 'Reenviar todos' has a row to requeue.
      WEBHOOK_URL: 'http://127.0.0.1:9/leads',
      WEBHOOK_SECRET: `whsec_${Buffer.from('segredo-do-receptor-dos-metodos').toString('base64')}`,
    },
  })
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
  await site.db.insert(outbox).values({ leadId: lead!.id, messageId: 'msg_metodos', payload: {}, status: 'failed', attempts: 8 })
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const response = await send('/admin/entregas', method)
    await response.arrayBuffer()
    expect(response.status).toBe(405)
  }
  const row = () => site.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.messageId, 'msg_metodos'))
  expect(await row()).toEqual([{ status: 'failed' }])
  expect((await site.db.select().from(adminAuditLog)).map((entry) => entry.action)).not.toContain('delivery_resend_failed')
  // A real post resends it.
  const posted = await send('/admin/entregas', 'POST', { Origin: site.url })
  expect(posted.status).toBe(302)
  expect(posted.headers.get('Location')).toBe('/admin/entregas?reenviados=1')
  expect(await row()).toEqual([{ status: 'pending' }])
})
