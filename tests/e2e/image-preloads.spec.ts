import { expect, test } from './fixtures'
import { representativePages } from './support/public-pages'

/**
 * The images a page needs first are preloaded (ADR 031): at most two per page,
 * each one an image the page shows with the same file, srcset and sizes (or the
 * browser would fetch it twice), and the blog's images above the fold among
 * them. Read from the HTML: one project.
 */
type Hint = { href: string | null; srcset: string | null; sizes: string | null }

test('@desktop @nojs every page preloads at most two images, each shown on the page as preloaded', async ({ page, allowNotFound }) => {
  // The 404 page is among them.
  allowNotFound(representativePages['$.tsx']!)
  const preloading: string[] = []
  for (const path of Object.values(representativePages)) {
    await page.goto(path)
    const preloads = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) =>
        links.map((link): Hint => ({ href: link.getAttribute('href'), srcset: link.getAttribute('imagesrcset'), sizes: link.getAttribute('imagesizes') })),
      )
    const images = await page.locator('img').evaluateAll((imgs) =>
      imgs.map((img): Hint & { eager: boolean } => ({
        href: img.getAttribute('src'),
        srcset: img.getAttribute('srcset'),
        sizes: img.getAttribute('sizes'),
        eager: img.getAttribute('loading') === 'eager',
      })),
    )
    expect(preloads.length, path).toBeLessThanOrEqual(2)
    for (const preload of preloads)
      expect(
        images.map(({ eager: _, ...hint }) => hint),
        path,
      ).toContainEqual(preload)
    // What the page marks as needed at once is what it preloads (up to two).
    const eager = images.filter((image) => image.eager).map(({ eager: _, ...hint }) => hint)
    expect(preloads, path).toEqual(eager.slice(0, 2))
    if (preloads.length) preloading.push(path)
  }
  // The article's cover and the listing's featured article.
  expect(preloading).toEqual(expect.arrayContaining([representativePages['blog._index.tsx'], representativePages['blog.$slug.tsx']]))
})
