import type { Browser } from '@playwright/test'
import { ADDRESSES_BEYOND_PAGES, dataRequestPath, HANDOFF_VISITOR, isShareable, sameViews, visitorJars, visitThenStranger } from '../support/shared-pages'
import { expect, expectHydrated, test } from './fixtures'
import { consentCalls } from './support/data-layer'
import { fillByLabel, receiverURL, uniqueEmail } from './support/deliveries'
import { routePages, sitemapPaths } from './support/public-pages'
import { ADMIN, startAdminServer } from './support/servers'
import { startSharedCache } from './support/shared-cache'
import { GTM_ID, PRODUCT_ID, standIns } from './support/third-parties'

/**
 * The site behind a real shared cache: nginx's proxy_cache, run from the
 * README's example (docs/cdn/nginx-site.conf), in front of an instance with
 * the tag manager and the subscription script configured and an admin in
 * its database (ADR 034).
 * - Every page, legacy redirect, crawler file and admin address, and every
 *   page's data request: a visitor with each kind of cookie the site sets
 *   goes first, a stranger with none comes next through the cache, and gets
 *   what a stranger gets from the origin.
 * - In the browser, on copies the cache stored for someone else: a visitor
 *   who accepted gets no banner and their consent update, one who refused
 *   no banner and nothing granted, one who never chose the banner and
 *   nothing granted or loaded; without JavaScript, the banner shows exactly
 *   to those who never chose (a stylesheet of their own, /consentimento.css).
 * - Two visitors of one cached copy of /contato (one timer) who send the
 *   same e-mail with different messages each make a lead; the same body sent
 *   again makes none (ADR 029).
 */
const BANNER = { name: 'Sua privacidade' }
const CHOICES = ['aceito', 'recusado', null] as const
type Choice = (typeof CHOICES)[number]

test.describe('behind a shared cache (nginx proxy_cache)', () => {
  test.use({ consentChoice: null })
  let origin: { base: string; stop: () => Promise<void> }
  let cache: { base: string; stop: () => Promise<void> }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    origin = await startAdminServer({
      GTM_ID,
      SUBSCRIPTION_PRODUCT_ID: PRODUCT_ID,
      SESSION_SECRET: 'segredo-do-servidor-atras-do-cache',
      SEED_PREVIEW: 'true',
      // Its leads go to the suite's receiver (tests/e2e/support/deliveries.ts).
      WEBHOOK_URL: `${receiverURL}/webhook`,
      WEBHOOK_SECRET: `whsec_${Buffer.from('segredo-do-webhook-atras-do-cache').toString('base64')}`,
    })
    cache = await startSharedCache(origin.base)
  })
  test.afterAll(async () => {
    await cache?.stop()
    await origin?.stop()
  })

  test('@desktop @nojs every address: what a visitor with any of the site’s cookies leaves in the cache is a stranger’s page', async ({ request }) => {
    test.setTimeout(180_000)
    const jars = await visitorJars(origin.base, ADMIN)
    const paths = [...new Set([...routePages, ...(await sitemapPaths(request)), ...ADDRESSES_BEYOND_PAGES])]
    expect(paths.length).toBeGreaterThan(40)
    const visits = [
      ...paths.flatMap((path) => Object.entries(jars).map(([kind, cookie]) => ({ path, kind, cookie }))),
      ...paths.map((path) => ({ path: dataRequestPath(path), kind: 'todos', cookie: jars.todos! })),
    ]
    let hits = 0
    for (const { path, kind, cookie } of visits) {
      const { first, stranger, reference } = await visitThenStranger({ cacheBase: cache.base, originBase: origin.base, path, cookie })
      const label = `${path} (${kind})`
      // An editor in preview goes past the cache (docs/cdn/nginx-site.conf); everyone else fills it.
      expect(first.headers.get('X-Cache-Status'), label).toBe(kind === 'previa' ? 'BYPASS' : 'MISS')
      if (isShareable(first)) {
        const [got, expected] = sameViews(first, reference)
        expect(got, `${label}: shareable, so a stranger’s`).toEqual(expected)
        // nginx kept it: the stranger's copy is the visitor's.
        expect(stranger.headers.get('X-Cache-Status'), label).toBe('HIT')
        hits += 1
      }
      if (isShareable(stranger)) {
        const [got, expected] = sameViews(stranger, reference)
        expect(got, `${label}: what the stranger got next`).toEqual(expected)
      }
    }
    // Most pages are shareable, and were shared.
    expect(hits).toBeGreaterThan(paths.length * 4)
  })

  test('@desktop @nojs the WhatsApp handoff is the visitor’s own: their name for them, never for the next visitor', async () => {
    const jars = await visitorJars(origin.base, ADMIN)
    const text = (answer: Response) => new URL(answer.headers.get('Location')!).searchParams.get('text')
    const generic = text(await fetch(`${origin.base}/falar-no-whatsapp`, { redirect: 'manual' }))
    for (let round = 0; round < 2; round++) {
      const visitor = await fetch(`${cache.base}/falar-no-whatsapp`, { headers: { Cookie: jars.conversa! }, redirect: 'manual' })
      expect(visitor.status).toBe(302)
      expect(visitor.headers.get('Cache-Control')).toBe('private, no-store')
      expect(text(visitor)).toContain(`Sou ${HANDOFF_VISITOR}`)
      const stranger = await fetch(`${cache.base}/falar-no-whatsapp`, { redirect: 'manual' })
      expect(stranger.headers.get('X-Cache-Status')).not.toBe('HIT')
      expect(text(stranger)).toBe(generic)
      expect(text(stranger)).not.toContain(HANDOFF_VISITOR)
    }
  })

  test('@desktop @nojs an editor’s preview goes past the cache both ways: drafts for them, never for the next visitor', async () => {
    const PUBLISHED = 'Transformamos o seu negócio em uma máquina de vendas'
    const DRAFT = 'Seu negócio vendendo mais todos os dias, com IA e automação'
    // A visitor leaves the published home in the cache.
    await fetch(`${cache.base}/?editor-e-visitante`)
    const stored = await fetch(`${cache.base}/?editor-e-visitante`)
    expect(stored.headers.get('X-Cache-Status')).toBe('HIT')
    // The editor, with the preview cookie, is answered by the site, not the cache, and gets the draft, privately.
    const start = await fetch(`${cache.base}/api/preview-mode/seed`, { redirect: 'manual' })
    const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!
    const editor = await fetch(`${cache.base}/?editor-e-visitante`, { headers: { Cookie: cookie } })
    expect(editor.headers.get('X-Cache-Status')).toBe('BYPASS')
    expect(editor.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await editor.text()).toContain(DRAFT)
    // And the copy the next visitor gets is still the published one.
    const next = await fetch(`${cache.base}/?editor-e-visitante`)
    expect(next.headers.get('X-Cache-Status')).toBe('HIT')
    const html = await next.text()
    expect(html).toContain(PUBLISHED)
    expect(html).not.toContain(DRAFT)
  })

  /** A visitor's page, opened in a browser of their own with their cookie for the cache's address. */
  async function visitorPage(browser: Browser, javaScriptEnabled: boolean, choice: Choice) {
    const context = await browser.newContext({ javaScriptEnabled, locale: 'pt-BR' })
    if (choice) await context.addCookies([{ name: 'consentimento', value: choice, url: cache.base }])
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => (message.type() === 'error' ? errors.push(message.text()) : undefined))
    const containerRequests = await standIns(page)
    return { page, context, errors, containerRequests }
  }

  /** The first visitor of `path`, with `choice`: the cache misses and keeps their copy. */
  async function openThroughCache(browser: Browser, javaScriptEnabled: boolean, choice: Choice, path: string) {
    const { page, context } = await visitorPage(browser, javaScriptEnabled, choice)
    const response = await page.goto(`${cache.base}${path}`)
    expect(response?.headers()['x-cache-status'], `${path} stored for ${choice ?? 'nobody'}`).toBe('MISS')
    await context.close()
  }

  test('@desktop on copies the cache stored for someone else, each visitor gets their own choice applied, and no one a choice they did not make', async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000)
    for (const storedFor of CHOICES) {
      // The first visitor of this address leaves their copy in the cache (a browser: nginx keeps one copy per Accept-Encoding).
      const path = `/servicos?copia-de=${storedFor ?? 'ninguem'}-${javaScriptEnabled ? 'js' : 'sem-js'}`
      await openThroughCache(browser, javaScriptEnabled, storedFor, path)
      for (const choice of CHOICES) {
        const label = `a visitor who chose ${choice ?? 'nothing'}, on a copy stored for ${storedFor ?? 'a visitor who chose nothing'}`
        const { page, context, errors, containerRequests } = await visitorPage(browser, javaScriptEnabled, choice)
        const response = await page.goto(`${cache.base}${path}`)
        expect(response?.headers()['x-cache-status'], label).toBe('HIT')
        await expect(page.getByRole('region', BANNER), label).toBeVisible({ visible: choice === null })
        // Nothing in the page itself says a choice was made: the visitor's browser applied theirs.
        expect(await response?.text(), label).not.toContain('data-consent')
        if (javaScriptEnabled) {
          expect(await consentCalls(page), label).toEqual(choice === 'aceito' ? ['consent default', 'consent update'] : ['consent default'])
          if (choice === 'aceito') await expect.poll(() => containerRequests, label).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`])
          else {
            await page.waitForLoadState('networkidle')
            expect(containerRequests, label).toEqual([])
            await expect(page.locator('script[src*="googletagmanager"]'), label).toHaveCount(0)
          }
        }
        expect(errors, label).toEqual([])
        await context.close()
      }
    }
  })

  test('@desktop a choice made on a cached page holds there and on the next cached pages', async ({ browser, javaScriptEnabled }) => {
    const project = javaScriptEnabled ? 'js' : 'sem-js'
    const next = `/casos?depois-da-escolha=${project}`
    // Both pages are in the cache already, stored for a visitor who accepted.
    for (const path of [`/sobre?escolha-em=${project}`, next]) await openThroughCache(browser, javaScriptEnabled, 'aceito', path)
    const { page, context, errors } = await visitorPage(browser, javaScriptEnabled, null)
    await page.goto(`${cache.base}/sobre?escolha-em=${project}`)
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Recusar' }).click()
    await expect(page.getByRole('region', BANNER)).toBeHidden()
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'consentimento')?.value).toBe('recusado')
    expect(new URL(page.url()).pathname).toBe('/sobre')
    const response = await page.goto(`${cache.base}${next}`)
    expect(response?.headers()['x-cache-status']).toBe('HIT')
    await expect(page.getByRole('region', BANNER)).toBeHidden()
    expect(errors).toEqual([])
    await context.close()
  })

  test('@desktop two visitors of one cached copy send different messages with one e-mail: two leads; a body sent again: none more', async ({
    browser,
    javaScriptEnabled,
  }, info) => {
    const path = `/contato?copia-compartilhada=${javaScriptEnabled ? 'js' : 'sem-js'}`
    await openThroughCache(browser, javaScriptEnabled, 'recusado', path)
    // A small company whose team shares one address: the same name, e-mail and phone, two messages.
    const email = uniqueEmail(info, 'equipe-compartilhada')
    const messages = ['Queremos mais clientes vindos do Google.', 'Também queremos um agente de IA no WhatsApp.']
    const timers: string[] = []
    let firstPost: { url: string; body: string; contentType: string } | undefined
    for (const message of messages) {
      const { page, context, errors } = await visitorPage(browser, javaScriptEnabled, 'recusado')
      const response = await page.goto(`${cache.base}${path}`)
      expect(response?.headers()['x-cache-status']).toBe('HIT')
      if (javaScriptEnabled) await expectHydrated(page)
      const form = page.locator('form#contato-pagina')
      timers.push(await form.locator('input[name="_lead_timer"]').inputValue())
      await fillByLabel(form, { Nome: 'Equipe Padaria Lima', 'E-mail': email, 'Telefone / WhatsApp': '(11) 98765-4321', Mensagem: message })
      const post = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/contato'))
      await form.getByRole('button', { name: 'Enviar Mensagem' }).click()
      const sent = await post
      firstPost ??= { url: sent.url(), body: sent.postData() ?? '', contentType: (await sent.allHeaders())['content-type'] ?? '' }
      await expect(page.getByRole('dialog', { name: 'Mensagem Enviada!' }).or(page.getByRole('status').filter({ hasText: 'Mensagem Enviada!' }))).toBeVisible()
      expect(errors).toEqual([])
      await context.close()
    }
    // Both came from the same cached copy: the same rendered form, the same timer.
    expect(timers[1]).toBe(timers[0])
    const deliveries = async () => {
      const received = (await (await fetch(`${receiverURL}/received`)).json()) as Array<{
        path: string
        body: { email?: string; message?: string; leadId?: string }
      }>
      return received.filter((call) => call.path === '/webhook' && call.body.email === email).map((call) => call.body)
    }
    await expect.poll(async () => (await deliveries()).map((body) => body.message).sort(), { timeout: 15_000 }).toEqual([...messages].sort())
    expect(new Set((await deliveries()).map((body) => body.leadId)).size).toBe(2)

    // The first visitor's browser sends the very same body again (a resent POST, a retried fetch): answered, nothing new stored.
    const again = await fetch(firstPost!.url, {
      method: 'POST',
      headers: { 'Content-Type': firstPost!.contentType },
      body: firstPost!.body,
      redirect: 'manual',
    })
    expect(again.status).toBeLessThan(400)
    // A new lead would have been delivered inline, before this answer.
    expect((await deliveries()).map((body) => body.message).sort()).toEqual([...messages].sort())
  })
})
