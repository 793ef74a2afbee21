import type { Page, Route } from '@playwright/test'
import { pageScripts } from '../../scripts/lib/js-weight'
import { expect, expectHydrated, test } from './fixtures'
import { sendContactForm } from './support/contact-form'
import { deliveryFor, uniqueEmail } from './support/deliveries'

/**
 * A visitor who clicks or types while the page is still hydrating (a slow
 * phone, a quick thumb) gets a working page, not a React error that leaves it
 * without JavaScript (app/utils/hydration-input.ts, remix-run/remix#10214).
 * Before the fix about half of these loads threw "Root did not complete"
 * (React #345).
 */
test('@desktop @js input during hydration leaves every page hydrated and free of errors', async ({ context }) => {
  // A page of its own: the fixture's page.goto waits for hydration, and this test must act before it.
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  for (const path of ['/', '/sobre', '/servicos', '/casos', '/contato', '/blog']) {
    await page.goto(path)
    // At once, while React is still hydrating: a key, a click on the page's margin, another key.
    await page.keyboard.press('Tab')
    await page.mouse.click(2, 400)
    await page.keyboard.press('Tab')
    await expectHydrated(page)
  }
  expect(errors).toEqual([])
})

/** Script files the page requests, by path. */
function scriptRequests(page: Page): string[] {
  const loaded: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname)
  })
  return loaded
}

test('@js the modules load with the page, as Remix loads them, and it hydrates with no input at all', async ({ context }) => {
  // A page of its own, driven by nothing but the navigation: no key, no pointer, no scroll.
  const page = await context.newPage()
  const loaded = scriptRequests(page)
  await page.goto('/sobre')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  expect(loaded.some((path) => /\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true)
  // Remix's own module preloads, as it renders them.
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0)
})

/**
 * The page's content is a Suspense boundary of its own (root.tsx's `PageContent`): React 18 hydrates the layout in
 * one pass and the content in a later one, so no single task does both (issue 42). `<html data-hydrated>`, which the
 * tests and the release of input wait for, still means the whole page: the content has hydrated when it appears.
 */
test('@desktop @js the content hydrates in a pass of its own, and the hydrated mark waits for it', async ({ context }) => {
  const page = await context.newPage()
  // The document, not its <html>: an init script runs before the parser has made it.
  await page.addInitScript(() => {
    const seen = ((window as unknown as { __contentAtMark: boolean[] }).__contentAtMark = [] as boolean[])
    new MutationObserver(() => {
      if (seen.length > 0 || !document.documentElement.dataset.hydrated) return
      // At the moment of the mark: does React hold the content's first element?
      const first = document.querySelector('main#conteudo')?.firstElementChild
      seen.push(Boolean(first && Object.keys(first).some((key) => key.startsWith('__reactFiber'))))
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
  })
  for (const path of ['/servicos', '/criar-agente']) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // The server's HTML opens a boundary (React's `<!--$-->`) as the first thing inside <main>.
    expect(await page.locator('main#conteudo').evaluate((main) => main.firstChild?.nodeType === Node.COMMENT_NODE && main.firstChild.nodeValue)).toBe('$')
    expect(await page.evaluate(() => (window as unknown as { __contentAtMark: boolean[] }).__contentAtMark)).toEqual([true])
  }
})

test("@desktop @js a visitor who leaves a cached landing page at once still gives the lead that page's campaign and referrer", async ({ context }, info) => {
  const email = uniqueEmail(info, 'saida-rapida')
  // A tab of its own, so nothing waits for hydration before the visitor leaves.
  const tab = await context.newPage()
  // Lands as if a shared cache had served the page (the cookie the origin set is dropped: a CDN would not pass it on),
  // and leaves through a link at once: the inline first-touch script kept the landing page for the tab (first-touch.ts).
  await tab.goto('/blog?utm_source=saida-e2e&utm_campaign=primeira-pagina', { referer: 'https://www.instagram.com/' })
  await context.clearCookies()
  await tab
    .getByRole('navigation', { name: /principal/i })
    .getByRole('link', { name: 'Contato', exact: true })
    .click()
  await expect(tab).toHaveURL(/\/contato$/)
  await expectHydrated(tab)
  await sendContactForm(tab, { name: 'Júlia Antunes', email, phone: '11944443333', message: 'Vi o post de vocês e quero conversar.' })
  await expect(tab.getByRole('dialog', { name: 'Mensagem Enviada!' })).toBeVisible()
  const { body } = await deliveryFor(tab, email)
  expect(body).toMatchObject({ utmSource: 'saida-e2e', utmCampaign: 'primeira-pagina', referrer: 'https://www.instagram.com/' })
})

/**
 * A part of the page that hydrates from code loaded after the page's own
 * (`React.lazy` around server-rendered HTML) is a trap in Remix: a
 * navigation that finishes before that code arrives reaches the part outside
 * a transition (RemixBrowser keeps the location in its own state), so React
 * throws away the server's HTML and logs "This Suspense boundary received an
 * update before it finished hydrating" (#421); a navigation to a page that
 * shares the code waits for it instead. CI met it on a loaded machine, a
 * visitor meets it on a slow network. Here every module the document did not
 * preload or import (js-weight's pageScripts) is held until the visitor has left
 * for another page at once.
 */
test('@desktop @js leaving a page at once never waits for code the page loads later, nor discards its HTML', async ({ page, request, allowNotFound }) => {
  allowNotFound('/pagina-que-nao-existe')
  // `holds`: the page loads code after hydration (a form's island, or a validator on a form's first screen; ADR 028), so something must be held there.
  for (const [path, link, next, holds] of [
    ['/', 'Contato', '/contato', true],
    ['/', 'Serviços', '/servicos', true],
    ['/servicos', 'Sobre Nós', '/sobre', false],
    ['/casos', 'Blog', '/blog', false],
    ['/blog', 'Contato', '/contato', true],
    ['/pagina-que-nao-existe', 'Serviços', '/servicos', false],
    ['/contato?enviado=1', 'Blog', '/blog', true],
  ] as const) {
    const html = await (await request.get(path)).text()
    const preloaded = new Set(pageScripts(html))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const heldPaths: string[] = []
    const handled: Promise<void>[] = []
    let leaving = false
    const hold = async (route: Route) => {
      const assetPath = new URL(route.request().url()).pathname
      // What the next page needs is not held: only what this one asked for after its own modules.
      if (!leaving && !preloaded.has(assetPath)) {
        heldPaths.push(assetPath)
        await held
      }
      await route.continue()
    }
    await page.route(/\/assets\/.+\.js$/, (route) => {
      handled.push(hold(route))
    })
    await page.goto(path)
    if (holds) await expect.poll(() => heldPaths.length, `${path} asks for code after hydration`).toBeGreaterThan(0)
    leaving = true
    await page
      .getByRole('navigation', { name: /principal/i })
      .getByRole('link', { name: link, exact: true })
      .click()
    await expect(page, `from ${path} with ${heldPaths.join(', ') || 'nothing'} held`).toHaveURL(new RegExp(`${next}$`))
    release()
    await Promise.all(handled)
    await page.unroute(/\/assets\/.+\.js$/)
  }
})
