/**
 * The images a blog page needs first, and the head hints that fetch them
 * early: a preload of each (at most two per page) and a preconnect to the
 * image host when it is remote.
 *
 * Only images shown above the fold are preloaded: the article's cover, the
 * listing's featured article. The site's other pages open on text and
 * vector art, and their photos (reviews, the rating badge) load lazily far
 * below: preloading those would compete with what the visitor sees first
 * and make Chrome warn that a preload went unused (ADR 031).
 *
 * The `<img>` and its preload share one layout (width, sizes), or the
 * browser would fetch the file twice.
 */
import type { MetaDescriptor } from '@remix-run/node'
import { imageSources } from '~/content/image-sources'
import type { ContentImage } from '~/content/schemas'

export type ImageLayout = { maxWidth: number; sizes: string }

/** The article's cover, at the top of the article. */
export const COVER_IMAGE: ImageLayout = { maxWidth: 896, sizes: '(min-width: 960px) 896px, 100vw' }
/** The featured (newest) article's image, at the top of the listing. */
export const FEATURED_IMAGE: ImageLayout = { maxWidth: 800, sizes: '(min-width: 768px) 50vw, 100vw' }

export const PRELOADED_IMAGES_PER_PAGE = 2

const REMOTE_IMAGE_HOST = /^(https:\/\/[^/]+)\//

/** A preconnect to the host of an image, only when it is remote (Sanity's CDN); the seed's images are on our own origin. */
export function imageHostPreconnect(url: string | undefined): MetaDescriptor[] {
  const host = REMOTE_IMAGE_HOST.exec(url ?? '')?.[1]
  return host ? [{ tagName: 'link', rel: 'preconnect', href: host }] : []
}

/** Preloads of the first images a page shows (at most two), as the page's `<img>` will ask for them. */
export function imagePreloads(images: ReadonlyArray<readonly [ContentImage | null | undefined, ImageLayout]>): MetaDescriptor[] {
  return images
    .filter((entry): entry is readonly [ContentImage, ImageLayout] => Boolean(entry[0]))
    .slice(0, PRELOADED_IMAGES_PER_PAGE)
    .map(([image, { maxWidth, sizes }]) => {
      const sources = imageSources(image, { maxWidth })
      return {
        tagName: 'link',
        rel: 'preload',
        as: 'image',
        href: sources.src,
        ...(sources.srcSet ? { imageSrcSet: sources.srcSet, imageSizes: sizes } : {}),
        // React 18 knows only the lowercase attribute.
        fetchpriority: 'high',
      }
    })
}
