import { expect, test } from './fixtures'

const legacy = [
  { from: '/services', to: '/servicos' },
  { from: '/contact', to: '/contato' },
]

for (const { from, to } of legacy) {
  test(`@desktop @nojs ${from} redirects permanently to ${to}`, async ({ request }) => {
    const response = await request.get(from, { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers().location).toBe(to)
  })

  test(`@desktop @nojs ${from} keeps the query string when it redirects`, async ({ request }) => {
    const response = await request.get(`${from}?utm_source=google&utm_campaign=marca`, { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers().location).toBe(`${to}?utm_source=google&utm_campaign=marca`)
  })

  test(`@desktop @nojs a browser opening ${from} lands on ${to}`, async ({ page }) => {
    const response = await page.goto(from)
    expect(new URL(page.url()).pathname).toBe(to)
    expect(response?.status()).toBe(200)
  })
}
