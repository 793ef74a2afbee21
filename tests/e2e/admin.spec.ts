import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page, Response } from '@playwright/test'
import { CONSENT_BANNER_ID } from '../../app/analytics/consent'
import { inlineScriptHashes } from '../../app/server/inline-scripts'
import { brasiliaDay } from '../../app/utils/dates'
import { freePort } from '../../scripts/lib/bench-support'
import { expect, test } from './fixtures'
import { adminServerForSuite, signIn } from './support/admin-session'
import { axeViolations, describeViolations } from './support/axe'
import { sendContactForm, type ContactMessage } from './support/contact-form'
import { parsePolicy } from './support/csp'
import { uniqueEmail } from './support/deliveries'
import { ADMIN } from './support/servers'

/**
 * The admin area (ADR 032) on an instance of its own, whose
 * database gets an admin from `npm run admin:create` before it starts:
 * every /admin route sends an anonymous visitor to the sign-in page (the
 * route files crawled, not a list), a wrong password is refused, the right
 * one shows the leads (one sent through the public form among them), and
 * signing out closes the area again; a delivery that failed for good is
 * queued again from the delivery-health page. The area has a shell of its
 * own (ADR 038): no public header, footer, cookie banner or measurement code,
 * one navigation that reaches every section, usable at 375 px; the audit log
 * lists what was done here. The suite's own server shows its sign-in page
 * too. Both projects: every step is a form.
 */

/** An address for each admin route module (dynamic segments filled in), and the methods it answers. */
const adminRoutes = readdirSync('app/routes')
  // The sign-in and the first admin's setup (a one-time link, a 404 once an admin exists: admin-setup.spec.ts) are open to anyone;
  // admin.tsx is the area's layout, whose address is the dashboard's (admin._index.tsx).
  .filter((file) => /^admin[._]/.test(file) && !['admin.tsx', 'admin.entrar.tsx', 'admin.configurar.tsx'].includes(file))
  .map((file) => ({
    path: `/${file
      .replace(/\.tsx?$/, '')
      .replaceAll('[.]', '\u0000')
      .split('.')
      .filter((segment) => segment !== '_index')
      .map((segment) => (segment.startsWith('$') ? '00000000-0000-0000-0000-000000000000' : segment))
      .join('/')}`.replaceAll('\u0000', '.'),
    methods: /export (async )?function action\b/.test(readFileSync(path.join('app/routes', file), 'utf8')) ? (['GET', 'POST'] as const) : (['GET'] as const),
  }))

/** A visitor's lead through the public contact form of the instance at `base`, confirmed. */
async function sendLead(page: Page, base: string, message: ContactMessage) {
  await sendContactForm(page, message, { base })
  await expect(page.getByText('Mensagem Enviada!').first()).toBeVisible()
}

/** The view a GET form put in the URL: its filled fields (a blank one is no filter). */
const viewOf = (page: Page) => Object.fromEntries([...new URL(page.url()).searchParams].filter(([, value]) => value !== ''))

const adminNavigation = (page: Page) => page.getByRole('navigation', { name: 'Área administrativa' })

/** Code of the public site that no admin page loads: the tag manager, the lead events, web vitals, the cookie banner's, the subscription script. */
const MEASUREMENT_CODE = /googletagmanager|lead-events|web-vitals|consent-banner|subscription/

/**
 * An admin page in the area's own shell: none of the public site's header,
 * footer or cookie banner, no data layer bootstrap nor consent stylesheet in
 * the HTML, and a policy that allows exactly the inline scripts left.
 */
async function expectOwnShell(page: Page, response: Response | null) {
  const html = await response!.text()
  await expect(page.getByRole('link', { name: 'Fale com um Especialista' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Principal', exact: true })).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.locator(`#${CONSENT_BANNER_ID}`)).toHaveCount(0)
  await expect(page.getByRole('main')).toHaveCount(1)
  expect(html).not.toMatch(/dataLayer|gtag|consentimento\.css|lead_first_touch/)
  const allowed = parsePolicy(response!.headers()['content-security-policy']!)['script-src']!.filter((source) => source.startsWith("'sha256-"))
  expect(new Set(allowed)).toEqual(new Set(inlineScriptHashes(html).map((hash) => `'sha256-${hash}'`)))
}

test('@desktop the sign-in page of the suite’s own server is private and out of search engines, and refuses an unknown account', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/)
  const leadEventsCode: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/lead-events/.test(request.url())) leadEventsCode.push(request.url())
  })
  const response = await page.goto('/admin/entrar')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByLabel('E-mail').fill('ninguem@alavancadigital.com.br')
  await page.getByLabel('Senha').fill('uma-senha-qualquer-123')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/entrar$/)
  // The e-mail stays for another try.
  await expect(page.getByLabel('E-mail')).toHaveValue('ninguem@alavancadigital.com.br')
  // A post that is not a lead form's loads none of the lead events' code.
  expect(leadEventsCode).toEqual([])
})

test.describe('admin area', () => {
  test.describe.configure({ mode: 'serial' })
  const server = adminServerForSuite()

  test('@desktop every admin route sends an anonymous visitor to the sign-in page, privately and out of search engines', async ({ request }) => {
    expect(adminRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/admin', '/admin/sair', '/admin/leads.csv', '/admin/entregas', '/admin/lgpd', '/admin/lgpd.json', '/admin/auditoria']),
    )
    for (const { path: adminPath, methods } of adminRoutes) {
      for (const method of methods) {
        const response = await request.fetch(`${server.base}${adminPath}`, { method, maxRedirects: 0, ...(method === 'POST' ? { form: {} } : {}) })
        expect(response.status(), `${method} ${adminPath}`).toBe(302)
        expect(response.headers().location, `${method} ${adminPath}`).toMatch(/^\/admin\/entrar(\?voltar=|$)/)
        expect(response.headers()['cache-control']).toBe('private, no-store')
      }
    }
    // An admin exists (npm run admin:create): the first admin's setup page is gone.
    expect((await request.get(`${server.base}/admin/configurar`, { maxRedirects: 0 })).status()).toBe(404)
    const login = await request.get(`${server.base}/admin/entrar`)
    expect(login.headers()['cache-control']).toBe('private, no-store')
    expect(login.headers()['x-robots-tag']).toBe('noindex, nofollow')
  })

  test('@desktop a wrong password is refused; the right one shows the leads, the public form’s among them; signing out closes the area', async ({
    page,
    allowConsoleErrors,
  }, info) => {
    allowConsoleErrors(/status of 400/)
    // A visitor's lead, through the public form of this instance.
    const email = uniqueEmail(info, 'admin-lead')
    await sendLead(page, server.base, {
      name: 'Beatriz <script>window.invadido=true</script> Nogueira',
      email,
      phone: '(85) 99876-1234',
      message: 'Quero um agente de IA <script>window.invadido=true</script> para o atendimento.',
    })

    await page.goto(`${server.base}/admin/leads?pagina=1`)
    await expect(page).toHaveURL(/\/admin\/entrar\?voltar=%2Fadmin%2Fleads%3Fpagina%3D1$/)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    expect(describeViolations(await axeViolations(page)), 'axe on the sign-in page').toEqual([])
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Senha').fill('senha-errada-de-teste')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' })).toBeVisible()
    // The refused password is gone from its field and from the page; the e-mail stays for the next try.
    await expect(page.getByLabel('Senha')).toHaveValue('')
    await expect(page.getByLabel('E-mail')).toHaveValue(ADMIN.email)
    expect(await page.content()).not.toContain('senha-errada-de-teste')

    await page.getByLabel('Senha').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/admin\/leads\?pagina=1$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: email })
    // What the visitor typed is shown as text, never run.
    await expect(row).toContainText('Beatriz <script>window.invadido=true</script> Nogueira')
    expect(await page.evaluate(() => (window as { invadido?: boolean }).invadido)).toBeUndefined()
    await expect(row).toContainText('Página de contato')
    expect(describeViolations(await axeViolations(page)), 'axe on the leads table').toEqual([])

    // The filters are a GET form: the view is in the URL, and the CSV exports that view.
    await page.getByLabel(/^Buscar/).fill(email)
    await page.getByLabel('Origem', { exact: true }).selectOption('formulario_contato')
    await page.getByRole('button', { name: 'Aplicar filtros' }).click()
    await expect(page).toHaveURL(/busca=.*&fonte=formulario_contato/)
    await expect(page.getByTestId('total-leads')).toHaveText('1 lead')
    await expect(page.getByTestId('leads-por-origem')).toHaveText('Página de contato: 1')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV desta visão' }).click()])
    const csv = readFileSync(await download.path(), 'utf8')
    expect(csv.startsWith('\uFEFFRecebido em (Brasília),Nome,E-mail,')).toBe(true)
    expect(csv.trim().split('\r\n')).toHaveLength(2)
    expect(csv).toContain(email)

    // The lead's page: what was typed, as text; its delivery, sent again on request.
    await page.getByRole('link', { name: /^Beatriz/ }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beatriz <script>window.invadido=true</script> Nogueira')
    await expect(page.getByText('Quero um agente de IA <script>window.invadido=true</script> para o atendimento.')).toBeVisible()
    expect(await page.evaluate(() => (window as { invadido?: boolean }).invadido)).toBeUndefined()
    await expect(page.locator('dt', { hasText: /^Página do envio$/ }).locator('xpath=following-sibling::dd')).toHaveText(/\/contato$/)
    await expect(page.getByTestId('entrega-lead_webhook')).toContainText('Webhook de leads: não configurado')
    expect(describeViolations(await axeViolations(page)), 'axe on the lead page').toEqual([])
    await page.getByTestId('entrega-lead_webhook').getByRole('button', { name: 'Reenviar' }).click()
    // This server has no WEBHOOK_URL: queued, the delivery would wait forever, so the admin is told why.
    await expect(page.getByRole('alert').filter({ hasText: 'o destino “Webhook de leads” não está configurado neste servidor' })).toBeVisible()
    await expect(page.getByTestId('entrega-lead_webhook')).toContainText('Webhook de leads: não configurado')
    // Nothing of it waits in the queue: delivery health, which lists pending and failed ones, does not show it.
    await page.getByRole('navigation', { name: 'Área administrativa' }).getByRole('link', { name: 'Entregas' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0)
    expect(describeViolations(await axeViolations(page)), 'axe on the deliveries page').toEqual([])

    // LGPD: find the person, export what is held, delete it after typing the e-mail again.
    await page.getByRole('navigation', { name: 'Área administrativa' }).getByRole('link', { name: 'LGPD' }).click()
    await page.getByLabel('E-mail da pessoa').fill(email.toUpperCase())
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page.getByTestId('lgpd-leads').getByRole('listitem')).toHaveCount(1)
    expect(describeViolations(await axeViolations(page)), 'axe on the LGPD page').toEqual([])
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar em JSON' }).click()])
    const held = JSON.parse(readFileSync(await exported.path(), 'utf8')) as {
      email: string
      leads: Array<{ email: string; tracking: unknown[]; deliveries: unknown[] }>
    }
    expect(held.email).toBe(email)
    expect(held.leads).toHaveLength(1)
    expect(held.leads[0]).toMatchObject({ email, tracking: [expect.anything()], deliveries: [expect.anything()] })
    await page.getByRole('link', { name: 'Excluir todos os dados' }).click()
    await page.getByLabel('Digite o e-mail de novo para confirmar').fill(email)
    await page.getByRole('button', { name: 'Excluir definitivamente' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 lead e tudo o que veio com ele foram excluídos.' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Área administrativa' }).getByRole('link', { name: 'Leads' }).click()
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0)

    await page.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/admin\/entrar$/)
    await page.goto(`${server.base}/admin`)
    await expect(page).toHaveURL(/\/admin\/entrar\?voltar=%2Fadmin$/)
  })

  test('@desktop the area has a shell of its own, and its one navigation reaches every section and marks it', async ({
    page,
    allowNotFound,
    javaScriptEnabled,
  }) => {
    allowNotFound('/admin/leads/00000000-0000-4000-8000-000000000000')
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(request.url()))
    // Signed out: the sign-in page is in the area's shell, without the navigation.
    await expectOwnShell(page, await page.goto(`${server.base}/admin/entrar`))
    await expect(adminNavigation(page)).toHaveCount(0)

    await signIn(page, server.base)
    await expect(page.getByText(`Conectado como ${ADMIN.email}`)).toBeVisible()
    const links = adminNavigation(page).getByRole('link')
    await expect(links).toHaveText(['Painel', 'Leads', 'Agenda', 'Entregas', 'Spam', 'LGPD', 'Auditoria'])
    // On one line at 1280 px: every link at the same height.
    const tops = await Promise.all((await links.all()).map(async (link) => (await link.boundingBox())!.y))
    expect(new Set(tops).size).toBe(1)
    const sections = await Promise.all(
      (await links.all()).map(async (link) => ({ name: (await link.textContent())!, href: (await link.getAttribute('href'))! })),
    )
    expect(sections.map((section) => section.href)).toEqual([
      '/admin',
      '/admin/leads',
      '/admin/agenda',
      '/admin/entregas',
      '/admin/spam',
      '/admin/lgpd',
      '/admin/auditoria',
    ])
    for (const { name, href } of sections) {
      // A section whose page is still being built elsewhere (the spam folder) has its link only.
      if (!adminRoutes.some((route) => route.path === href)) continue
      await adminNavigation(page).getByRole('link', { name, exact: true }).click()
      // The dashboard's address shows the leads until the dashboard exists.
      await expect.poll(() => new URL(page.url()).pathname).toMatch(href === '/admin' ? /^\/admin(\/leads)?$/ : new RegExp(`^${href}$`))
      const current = adminNavigation(page).locator('[aria-current="page"]')
      await expect(current).toHaveCount(1)
      await expect(current).toHaveAttribute('href', new URL(page.url()).pathname)
      await expectOwnShell(page, await page.reload())
      if (javaScriptEnabled) expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window)).toBe(false)
      expect(describeViolations(await axeViolations(page)), `axe on ${href}`).toEqual([])
    }
    // A lead that is not there: the area's own message, in its shell, with its navigation.
    const missing = await page.goto(`${server.base}/admin/leads/00000000-0000-4000-8000-000000000000`)
    expect(missing?.status()).toBe(404)
    await expectOwnShell(page, missing)
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible()
    await expect(adminNavigation(page).locator('[aria-current="page"]')).toHaveText('Leads')
    expect(describeViolations(await axeViolations(page)), 'axe on the not-found page').toEqual([])
    expect(loaded.filter((url) => MEASUREMENT_CODE.test(url))).toEqual([])
  })

  test('@desktop the audit log lists this sign-in and an export made here, newest first, and its GET form filters it', async ({ page }) => {
    const searched = 'alguem-procurado@exemplo.com.br'
    await signIn(page, server.base)
    await page.goto(`${server.base}/admin/leads?fonte=formulario_contato&busca=${encodeURIComponent(searched)}`)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV desta visão' }).click()])
    await download.path()

    await adminNavigation(page).getByRole('link', { name: 'Auditoria' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible()
    const entries = page.getByRole('region', { name: 'Auditoria' }).getByRole('row').filter({ hasText: ADMIN.email })
    await expect(entries.first()).toContainText('Exportação de leads (CSV)')
    // The view's filters (jsonb keeps its keys in an order of its own), the search only as "there was one".
    await expect(entries.first()).toContainText(/Filtros: .*fonte: formulario_contato/)
    await expect(entries.first()).toContainText(/Filtros: .*busca: sim/)
    await expect(entries.nth(1)).toContainText('Entrada na área administrativa')
    // What was searched for is not in the log.
    await expect(page.getByRole('main')).not.toContainText(searched)

    await page.getByLabel('Ação').selectOption({ label: 'Exportação de leads (CSV)' })
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await expect.poll(() => viewOf(page)).toEqual({ acao: 'leads_export' })
    await expect(page.getByLabel('Ação')).toHaveValue('leads_export')
    await expect(entries.first()).toContainText('Exportação de leads (CSV)')
    await expect(entries.filter({ hasNotText: 'Exportação de leads (CSV)' })).toHaveCount(0)

    // Brasília days: up to yesterday there is none of today's; from today, and for this admin, they are back.
    const today = brasiliaDay(new Date())
    const yesterday = brasiliaDay(Date.now() - 86_400_000)
    await page.getByLabel('Até').fill(yesterday)
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await expect.poll(() => viewOf(page)).toEqual({ acao: 'leads_export', ate: yesterday })
    await expect(page.getByText('Nenhum registro nesta visão.')).toBeVisible()
    await page.getByLabel('Até').fill('')
    await page.getByLabel('De', { exact: true }).fill(today)
    await page.getByLabel('Administrador').selectOption(ADMIN.email)
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await expect.poll(() => viewOf(page)).toEqual({ acao: 'leads_export', admin: ADMIN.email, de: today })
    await expect(entries.first()).toContainText('Exportação de leads (CSV)')
    expect(describeViolations(await axeViolations(page)), 'axe on the audit log').toEqual([])
    await page.getByRole('link', { name: 'Limpar' }).click()
    await expect(page).toHaveURL(/\/admin\/auditoria$/)
    await expect(entries.filter({ hasText: 'Entrada na área administrativa' }).first()).toBeVisible()
  })

  test('@mobile at 375 px the navigation wraps and the tables scroll in their own region, never the page; axe finds nothing', async ({ page }, info) => {
    const email = uniqueEmail(info, 'admin-375')
    await sendLead(page, server.base, { name: 'Helena Prado', email, phone: '(21) 99876-5432', message: 'Quero anunciar no Google com uma verba pequena.' })
    await page.goto(`${server.base}/admin/entrar`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), '/admin/entrar').toBeLessThanOrEqual(375)
    await signIn(page, server.base)
    for (const path of ['/admin/leads', '/admin/entregas', '/admin/lgpd', '/admin/auditoria']) {
      await page.goto(`${server.base}${path}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375)
      for (const control of [...(await adminNavigation(page).getByRole('link').all()), page.getByRole('button', { name: 'Sair' })]) {
        const box = (await control.boundingBox())!
        expect(box.x + box.width, `${path}: ${await control.textContent()}`).toBeLessThanOrEqual(375)
      }
      expect(describeViolations(await axeViolations(page)), `axe on ${path}`).toEqual([])
    }
    // The leads table scrolls inside its own region, which a keyboard can reach.
    await page.goto(`${server.base}/admin/leads`)
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1)
    const table = page.getByRole('region', { name: 'Leads' })
    await expect(table).toHaveAttribute('tabindex', '0')
    expect(await table.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true)
  })

  test('@desktop after five wrong passwords from one address, even the right one waits', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of (400|429)/)
    await page.goto(`${server.base}/admin/entrar`)
    // One address: the previous test's wrong attempt counts too (a right password does not).
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.getByLabel('E-mail').fill(ADMIN.email)
      await page.getByLabel('Senha').fill(`errada-${attempt}`)
      await page.getByRole('button', { name: 'Entrar' }).click()
      await expect(page.getByRole('alert')).toBeVisible()
    }
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Senha').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /Muitas tentativas de acesso\. Tente novamente em \d+ minutos\./ })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/entrar/)
  })
})

test.describe('delivery health', () => {
  // A webhook nobody answers, one quick retry: a lead's delivery fails for good within a second.
  const server = adminServerForSuite(async () => ({
    WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/leads`,
    WEBHOOK_SECRET: `whsec_${Buffer.from('segredo-do-webhook-que-ninguem-atende').toString('base64')}`,
    DELIVERY_RETRY_SCHEDULE: '100ms',
    DELIVERY_TIMEOUT_MS: '1000',
    OUTBOX_POLL_INTERVAL_MS: '100',
  }))

  test('@desktop a delivery that failed for good goes back to the queue with “Reenviar todos os que falharam”', async ({ page }, info) => {
    const email = uniqueEmail(info, 'entrega-falhou')
    await sendLead(page, server.base, { name: 'Caio Menezes', email, phone: '(62) 99812-3456', message: 'Quero saber quanto custa um agente de IA.' })
    await signIn(page, server.base)

    const row = page.getByRole('row').filter({ hasText: email })
    await expect(async () => {
      await page.goto(`${server.base}/admin/entregas`)
      await expect(row).toContainText('falhou', { timeout: 1_000 })
    }).toPass({ timeout: 15_000 })
    await expect(row).toContainText('Webhook de leads')
    await expect(page.getByTestId('resumo-entregas')).toHaveText(/^1 com falha/)
    await page.getByRole('button', { name: 'Reenviar todos os que falharam' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 entrega voltou para a fila.' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/entregas/)
  })
})

test.describe('the agenda', () => {
  const server = adminServerForSuite()

  test('@desktop a session booked on the site is on its day with its lead; “Cancelar” frees its time for the next visitor', async ({ page }, info) => {
    const email = uniqueEmail(info, 'agenda-admin')
    await sendLead(page, server.base, { name: 'Renata Figueiredo', email, phone: '(21) 99876-1234', message: 'Quero uma sessão sobre automação.' })
    // Each project books on a day of its own.
    await page.goto(`${server.base}/agendar`)
    const day = page
      .getByRole('navigation', { name: 'Dias disponíveis' })
      .getByRole('link')
      .nth(info.project.name.startsWith('nojs') ? 1 : 0)
    const dayLabel = (await day.getAttribute('aria-label'))!.split(':')[0]!
    await day.click()
    const slot = page.getByRole('radio').first()
    const [, time] = (await slot.getAttribute('aria-label'))!.match(/das (\d\d:\d\d) às/)!
    await slot.click()
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click()
    await expect(page.getByRole('heading', { name: 'Renata, sua sessão está agendada!' })).toBeVisible()

    await signIn(page, server.base)
    await adminNavigation(page).getByRole('link', { name: 'Agenda' }).click()
    const daySection = page.getByRole('region', { name: dayLabel, exact: true })
    const row = daySection.getByRole('row').filter({ hasText: email })
    await expect(row).toContainText(`${time}–`)
    await expect(row).toContainText('marcada')
    await expect(row.getByRole('link', { name: 'Renata Figueiredo' })).toHaveAttribute('href', /^\/admin\/leads\/[0-9a-f-]{36}$/)
    expect(describeViolations(await axeViolations(page))).toEqual([])
    // The lead's page shows its session.
    await row.getByRole('link', { name: 'Renata Figueiredo' }).click()
    const session = page.getByRole('region', { name: 'Sessão estratégica' })
    await expect(session).toContainText(`${dayLabel}, ${time}–`)
    await expect(session).toContainText('marcada')
    await page.goBack()
    await row.getByRole('button', { name: `Cancelar: Renata Figueiredo, ${time}` }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Agendamento cancelado: o horário está livre de novo.' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0)
  })
})
