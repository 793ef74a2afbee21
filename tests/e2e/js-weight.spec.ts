import { KiB, weighedPages, weighPages } from '../../scripts/lib/js-weight'
import { expect, test } from './fixtures'

/**
 * The JavaScript a page loads up front, gzipped, against its budget (the same
 * measure as `npm run bench:js`, scripts/lib/js-weight.ts). Deterministic: it
 * weighs the production build's files, it times nothing. Today it holds the
 * tool pages to 150 KiB (issue 9); the content and form pages join it when
 * issue 11 brings them under 102 and 136 KiB (docs/bench-js.md).
 */
const enforced = weighedPages.filter(([, kind]) => kind === 'tool')

test('@desktop @js every tool page loads at most 150 KiB of gzipped JavaScript up front', async ({ request }) => {
  const weights = await weighPages(
    enforced,
    async (path) => {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      return response.text()
    },
    async (src) => new Uint8Array(await (await request.get(src)).body()),
  )
  expect(weights).toHaveLength(enforced.length)
  for (const { path, total, budget, scripts } of weights) {
    // A page with no scripts would pass any budget: each must load React and its route module.
    expect(scripts.length, path).toBeGreaterThan(3)
    expect(total / KiB, `${path}: ${scripts.map((s) => `${s.src} ${(s.bytes / KiB).toFixed(1)}`).join(', ')}`).toBeLessThanOrEqual(budget / KiB)
  }
})
