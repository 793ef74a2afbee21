import { expect, test } from './fixtures'

/**
 * Every internal link on the site lands: starting at the home page, every
 * same-site link of every page reached is followed (pages in the browser, so
 * the links JavaScript renders count too; other files by request), and none
 * answers 4xx or 5xx. Runs with JavaScript on and off.
 */
const MAX_PAGES = 120

test('@desktop no internal link answers 404 or an error', async ({ page, baseURL }) => {
  test.setTimeout(240_000)
  const origin = new URL(baseURL!).origin
  const queue = ['/']
  const seen = new Set(queue)
  const broken: string[] = []
  let pages = 0

  while (queue.length > 0 && pages < MAX_PAGES) {
    const path = queue.shift()!
    const response = await page.goto(path)
    pages++
    const status = response?.status() ?? 0
    if (status >= 400) {
      broken.push(`${path} → ${status}`)
      continue
    }
    if (!response?.headers()['content-type']?.startsWith('text/html')) continue
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))
    for (const href of hrefs) {
      const url = new URL(href)
      if (url.origin !== origin || url.pathname.startsWith('/studio')) continue
      const target = `${url.pathname}${url.search}`
      if (seen.has(target)) continue
      seen.add(target)
      // Fragments and result links of one visit are checked once per page; files need no browser.
      if (/\.(xml|txt|svg|png|jpe?g|webp|ico)$/.test(url.pathname)) {
        const file = await page.request.get(target)
        if (file.status() >= 400) broken.push(`${target} → ${file.status()}`)
      } else queue.push(target)
    }
  }

  expect(broken).toEqual([])
  // The whole site was walked, not the first MAX_PAGES of it.
  expect(queue).toEqual([])
  expect(pages).toBeGreaterThan(25)
})
