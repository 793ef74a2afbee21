import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { consentCalls } from './support/data-layer'

/**
 * The cookie banner (ADR 031): Aceitar and Recusar equally
 * easy, with and without JavaScript; the choice kept in a cookie, changed
 * from the footer's link; the banner never makes a plain page private, and
 * the page is the same whatever the visitor chose (ADR 034): the browser
 * applies the choice, from the head script or, without JavaScript, from a
 * stylesheet of the visitor's own (tests/e2e/shared-cache.spec.ts does it
 * behind a real cache).
 */

const banner = (page: Page) => page.getByRole('region', { name: 'Sua privacidade' })

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'consentimento')?.value
}

test.describe('cookie consent', () => {
  test.use({ consentChoice: null })

  test('@desktop a first visit sees the banner with two equal buttons and the policy link; Recusar hides it for the next pages', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto('/sobre')
    await expect(banner(page)).toBeVisible()
    const accept = banner(page).getByRole('button', { name: 'Aceitar' })
    const decline = banner(page).getByRole('button', { name: 'Recusar' })
    expect(await accept.getAttribute('class')).toBe(await decline.getAttribute('class'))
    await expect(banner(page).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/politica-privacidade')
    await decline.click()
    await expect(banner(page)).toBeHidden()
    await expect(page).toHaveURL(/\/sobre$/)
    await expect.poll(() => consentCookie(page)).toBe('recusado')
    const next = await page.goto('/servicos')
    await expect(banner(page)).toBeHidden()
    // The page says nothing of the choice (the same page for everyone): the head script read it, or the stylesheet did.
    expect(await next?.text()).not.toContain('data-consent')
    expect(await page.locator('html').getAttribute('data-consent')).toBe(javaScriptEnabled ? 'recusado' : null)
  })

  test('@desktop the choice can be changed from the footer, and the page says which it is', async ({ page }) => {
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Aceitar' }).click()
    await expect(banner(page)).toBeHidden()
    await expect.poll(() => consentCookie(page)).toBe('aceito')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Preferências de cookies' }).click()
    await expect(page).toHaveURL(/\/preferencias-de-cookies$/)
    await expect(page.getByText('Você aceitou os cookies de medição e de anúncios.')).toBeVisible()
    await page.getByRole('main').getByRole('button', { name: 'Recusar' }).click()
    // The page the post leads to says so (reloading while it is still arriving would race its navigation)…
    await expect(page.getByText('Você recusou os cookies de medição e de anúncios.')).toBeVisible()
    await expect.poll(() => consentCookie(page)).toBe('recusado')
    // …and so does a new visit to it, from the cookie alone.
    await page.reload()
    await expect(page.getByText('Você recusou os cookies de medição e de anúncios.')).toBeVisible()
  })

  test('@desktop @js with consent Consent Mode is granted; without it, denied and no marketing cookie is set', async ({ page }) => {
    await page.goto('/')
    expect(await consentCalls(page)).toEqual(['consent default'])
    await banner(page).getByRole('button', { name: 'Aceitar' }).click()
    expect(await consentCalls(page)).toEqual(['consent default', 'consent update'])
    const names = (await page.context().cookies()).map((cookie) => cookie.name)
    expect(names.filter((name) => /^_(ga|gid|fbp|fbc)/.test(name))).toEqual([])
  })

  test('@desktop @nojs a plain page view stays shareable: no Set-Cookie and a public policy, banner included', async ({ request }) => {
    const response = await request.get('/sobre')
    expect(response.headers()['set-cookie']).toBeUndefined()
    expect(response.headers()['cache-control']).toMatch(/public/)
    expect(await response.text()).toContain('Sua privacidade')
  })

  test('@desktop @nojs a forged choice or a return address on another site is refused or ignored', async ({ request }) => {
    const forged = await request.post('/preferencias-de-cookies', { form: { escolha: 'talvez', voltar: '/' }, maxRedirects: 0 })
    expect(forged.status()).toBe(400)
    expect(await forged.text()).toContain('Escolha Aceitar ou Recusar.')
    const elsewhere = await request.post('/preferencias-de-cookies', { form: { escolha: 'recusado', voltar: '//evil.example/x' }, maxRedirects: 0 })
    expect(elsewhere.status()).toBe(303)
    expect(elsewhere.headers().location).toBe('/')
  })

  test('@desktop @nojs without JavaScript, a stylesheet of the visitor’s own hides the banner once they chose, and no cache keeps it', async ({ request }) => {
    const page = await request.get('/sobre')
    expect(await page.text()).toContain('<noscript><link rel="stylesheet" href="/consentimento.css"/></noscript>')
    for (const [cookie, css] of [
      ['', ''],
      ['consentimento=talvez', ''],
      ['consentimento=recusado', '#consentimento{display:none}\n'],
      ['consentimento=aceito', '#consentimento{display:none}\n'],
    ] as const) {
      const stylesheet = await request.get('/consentimento.css', { headers: { Cookie: cookie } })
      expect(stylesheet.headers()['content-type'], cookie).toBe('text/css; charset=utf-8')
      expect(stylesheet.headers()['cache-control'], cookie).toBe('private, no-store')
      expect(await stylesheet.text(), cookie).toBe(css)
    }
  })

  test('@desktop @nojs the preferences page, the banner’s own form, shows no banner over it', async ({ page }) => {
    await page.goto('/preferencias-de-cookies')
    await expect(page.getByRole('main').getByRole('button', { name: 'Recusar' })).toBeVisible()
    await expect(banner(page)).toBeHidden()
  })
})
