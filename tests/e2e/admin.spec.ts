import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { freePort } from '../../scripts/lib/bench-support'
import { expect, test } from './fixtures'
import { axeViolations, describeViolations } from './support/axe'
import { sendContactForm } from './support/contact-form'
import { uniqueEmail } from './support/deliveries'
import { ADMIN, startAdminServer } from './support/servers'

/**
 * The admin area (ADR 032) on an instance of its own, whose
 * database gets an admin from `npm run admin:create` before it starts:
 * every /admin route sends an anonymous visitor to the sign-in page (the
 * route files crawled, not a list), a wrong password is refused, the right
 * one shows the leads (one sent through the public form among them), and
 * signing out closes the area again; a delivery that failed for good is
 * queued again from the delivery-health page. The suite's own server shows
 * its sign-in page too. Both projects: every step is a form.
 */

/** An address for each admin route module (dynamic segments filled in), and the methods it answers. */
const adminRoutes = readdirSync('app/routes')
  // The sign-in and the first admin's setup (a one-time link, a 404 once an admin exists: admin-setup.spec.ts) are open to anyone.
  .filter((file) => /^admin[._]/.test(file) && file !== 'admin.entrar.tsx' && file !== 'admin.configurar.tsx')
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

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/admin/entrar`)
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Senha').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
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
  let server: { base: string; stop: () => Promise<void> }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    server = await startAdminServer()
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('@desktop every admin route sends an anonymous visitor to the sign-in page, privately and out of search engines', async ({ request }) => {
    expect(adminRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/admin', '/admin/sair', '/admin/leads.csv', '/admin/entregas', '/admin/lgpd', '/admin/lgpd.json']),
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
    await sendContactForm(
      page,
      {
        name: 'Beatriz <script>window.invadido=true</script> Nogueira',
        email,
        phone: '(85) 99876-1234',
        message: 'Quero um agente de IA <script>window.invadido=true</script> para o atendimento.',
      },
      { base: server.base },
    )
    await expect(page.getByText('Mensagem Enviada!').first()).toBeVisible()

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
    await expect(row).toContainText('formulario_contato')
    expect(describeViolations(await axeViolations(page)), 'axe on the leads table').toEqual([])

    // The filters are a GET form: the view is in the URL, and the CSV exports that view.
    await page.getByLabel(/^Buscar/).fill(email)
    await page.getByLabel('Origem', { exact: true }).selectOption('formulario_contato')
    await page.getByRole('button', { name: 'Aplicar filtros' }).click()
    await expect(page).toHaveURL(/busca=.*&fonte=formulario_contato/)
    await expect(page.getByTestId('total-leads')).toHaveText('1 lead')
    await expect(page.getByTestId('leads-por-origem')).toHaveText('formulario_contato: 1')
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
    await expect(page.getByRole('status').filter({ hasText: 'Novo envio na fila' })).toBeVisible()
    await expect(page.getByTestId('entrega-lead_webhook')).toContainText('Webhook de leads: pendente')
    // Delivery health lists it, waiting.
    await page.getByRole('navigation', { name: 'Área administrativa' }).getByRole('link', { name: 'Entregas' }).click()
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('na fila')
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

  test('@desktop after five wrong passwords from one address, even the right one waits', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of (400|429)/)
    await page.goto(`${server.base}/admin/entrar`)
    // One address: the previous test's wrong attempt and sign-in count too.
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
  let server: { base: string; stop: () => Promise<void> }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    // A webhook nobody answers, one quick retry: a lead's delivery fails for good within a second.
    server = await startAdminServer({
      WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/leads`,
      WEBHOOK_SECRET: `whsec_${Buffer.from('segredo-do-webhook-que-ninguem-atende').toString('base64')}`,
      WEBHOOK_RETRY_SCHEDULE: '100ms',
      WEBHOOK_TIMEOUT_MS: '1000',
      OUTBOX_POLL_INTERVAL_MS: '100',
    })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('@desktop a delivery that failed for good goes back to the queue with “Reenviar todos os que falharam”', async ({ page }, info) => {
    const email = uniqueEmail(info, 'entrega-falhou')
    await sendContactForm(
      page,
      { name: 'Caio Menezes', email, phone: '(62) 99812-3456', message: 'Quero saber quanto custa um agente de IA.' },
      { base: server.base },
    )
    await expect(page.getByText('Mensagem Enviada!').first()).toBeVisible()
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
