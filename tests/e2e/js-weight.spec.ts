import { jsBudgets, KiB, weighedPages, weighPages, type PageKind } from '../../scripts/lib/js-weight'
import { NAMED_CHUNKS } from '../../scripts/lib/shell-chunk'
import { expect, test } from './fixtures'

/**
 * The JavaScript a page loads to become interactive, gzipped, against its
 * kind's budget (the same measure as `npm run bench:js`,
 * scripts/lib/js-weight.ts: 100 KiB on a content page (an article too),
 * 110 on the home and on a page with a form, 130 on a tool; ADR 028, issue
 * 42). Deterministic: it weighs the production build's
 * files, it times nothing. One project is enough: the files are the same in
 * every one.
 */
const kinds: Record<PageKind, string> = { content: 'content page (an article is one)', home: 'home page', form: 'page with a form', tool: 'tool page' }

for (const kind of Object.keys(jsBudgets) as PageKind[]) {
  const pages = weighedPages.filter(([, pageKind]) => pageKind === kind)

  test(`@desktop @js every ${kinds[kind]} loads at most ${jsBudgets[kind] / KiB} KiB of gzipped JavaScript to become interactive`, async ({ request }) => {
    const weights = await weighPages(
      pages,
      async (path) => {
        const response = await request.get(path)
        expect(response.status(), path).toBe(200)
        return response.text()
      },
      async (src) => {
        const response = await request.get(src)
        expect(response.status(), src).toBe(200)
        return new Uint8Array(await response.body())
      },
    )
    expect(weights).toHaveLength(pages.length)
    for (const { path, total, budget, scripts } of weights) {
      // A page with no scripts would pass any budget: each must load React and its route module.
      expect(scripts.length, path).toBeGreaterThanOrEqual(3)
      expect(total / KiB, `${path}: ${scripts.map((s) => `${s.src} ${(s.bytes / KiB).toFixed(1)}`).join(', ')}`).toBeLessThanOrEqual(budget / KiB)
    }
  })
}

test('@desktop @js a carousel loads its slider only when used', async ({ page }) => {
  const loaded: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  // Hydrated (Conform's submit handling is on), and nothing of keen-slider yet.
  await expect(page.locator('form#contato-home')).toHaveAttribute('novalidate', '')
  expect(loaded.filter((path) => /carousel-slider/.test(path))).toEqual([])

  await page.getByRole('region', { name: 'O que Dizem Sobre Nós' }).scrollIntoViewIfNeeded()
  await expect.poll(() => loaded.some((path) => path.includes('carousel-slider'))).toBe(true)
})

/**
 * What a content page loads by itself once hydrated (the web vitals, the
 * consent banner, the data layer) must not pull in the tools' or the forms'
 * kits (scripts/lib/shell-chunk.ts): a module put in a kit that every page's
 * late code imports brings the whole kit to every page (the data layer did,
 * in 59ba403: +0.3 KiB on each), which no up-front budget sees.
 */
test('@desktop @js a content page loads no tool or form kit after hydration', async ({ page }) => {
  const kitNames = ['tool-kit', 'handoff-kit', 'presence-test-kit', 'form-kit', 'form-page']
  // A kit renamed in scripts/lib/shell-chunk.ts must be renamed here, or this test would look for a file that never loads.
  expect(NAMED_CHUNKS).toEqual(expect.arrayContaining(kitNames))
  const kits = new RegExp(`/assets/(${kitNames.join('|')})-[\\w-]+\\.js$`)
  const contentPages = weighedPages.filter(([, kind]) => kind === 'content').map(([path]) => path)
  expect(contentPages.length).toBeGreaterThanOrEqual(5)
  for (const path of contentPages) {
    const loaded: string[] = []
    const onRequest = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname)
    }
    page.on('request', onRequest)
    await page.goto(path)
    await expect(page.locator('html[data-hydrated]')).toBeAttached()
    // The late code has run: the web vitals (which import the data layer) have loaded.
    await expect.poll(() => loaded.some((src) => /\/web-vitals\.client-/.test(src)), path).toBe(true)
    await page.waitForLoadState('networkidle')
    page.off('request', onRequest)
    expect(
      loaded.filter((src) => kits.test(src)),
      path,
    ).toEqual([])
  }
})
