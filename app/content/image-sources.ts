import { parseAssetRef, SEED_WEBP_WIDTHS, seedImagePath } from './asset-ref'
import type { ContentImage } from './schemas'

/**
 * Content images, one helper for both sources.
 *
 * Every image's asset reference names its size: `image-<name>-<w>x<h>-<ext>`
 * (Sanity's own asset ids have this shape, with a hash as the name).
 * - Seed mode: the name is a file of public/images/, so
 *   `image-google-rating-240x80-svg` is `/images/google-rating.svg`, 240 × 80.
 *   A WebP file has narrower copies beside it (SEED_WEBP_WIDTHS) for srcSet;
 *   SVG needs none.
 * - Sanity mode: the query returns the asset's CDN URL; the server gives a
 *   raster image its resized base URL (crop and hotspot applied, WebP/AVIF:
 *   image-url.ts) and `srcSet` appends each width, so no URL builder ships
 *   to the browser.
 */
const SRCSET_WIDTHS = [160, 320, 480, 640, 768, 960, 1280, 1600, 1920, 2400]

function seedVariants(src: string, naturalWidth: number, width: number): Pick<ImageProps, 'srcSet' | 'sizes'> {
  if (!src.startsWith('/images/') || !src.endsWith('.webp')) return {}
  const stem = src.slice(0, -'.webp'.length)
  const candidates = SEED_WEBP_WIDTHS.filter((candidate) => candidate < naturalWidth).map((candidate) => `${stem}-${candidate}w.webp ${candidate}w`)
  return { srcSet: [...candidates, `${src} ${naturalWidth}w`].join(', '), sizes: `(max-width: ${width}px) 100vw, ${width}px` }
}

export type ImageProps = {
  src: string
  srcSet?: string
  sizes?: string
  width: number
  height: number
  alt: string
}

export type ImageOptions = {
  /** The widest the image is ever shown, in CSS pixels (default 1280). */
  maxWidth?: number
}

/**
 * The `<img>` attributes of a content image: src, srcSet (Sanity mode, raster
 * images), sizes, width and height (no layout shift) and alt. Spread it on an
 * `<img>` or use `<Image>`.
 */
export function imageSources(image: ContentImage, options: ImageOptions | number = {}): ImageProps {
  const { maxWidth = 1280 } = typeof options === 'number' ? { maxWidth: options } : options
  const parsed = parseAssetRef(image.ref)
  const crop = image.crop ?? { top: 0, bottom: 0, left: 0, right: 0 }
  const naturalWidth = Math.round((parsed?.width ?? maxWidth) * (1 - crop.left - crop.right))
  const naturalHeight = Math.round((parsed?.height ?? maxWidth) * (1 - crop.top - crop.bottom))
  const width = Math.min(maxWidth, naturalWidth)
  const height = Math.round((naturalHeight * width) / naturalWidth)
  const base = { width, height, alt: image.alt }

  if (!image.cdnBase) {
    // A seed file, or a vector image on the CDN (sharp at every size): the file as it is.
    const src = (parsed?.extension === 'svg' ? image.url?.split('?')[0] : image.url) || seedImagePath(image.ref) || ''
    return { ...base, src, ...seedVariants(src, naturalWidth, width) }
  }
  const sized = (candidate: number) => `${image.cdnBase}&w=${candidate}`
  // Up to twice the displayed width (high-density screens), never beyond the original.
  const widths = SRCSET_WIDTHS.filter((candidate) => candidate < Math.min(width * 2, naturalWidth))
  widths.push(Math.min(width * 2, naturalWidth))
  return {
    ...base,
    src: sized(width),
    srcSet: [...new Set(widths)].map((candidate) => `${sized(candidate)} ${candidate}w`).join(', '),
    sizes: `(max-width: ${width}px) 100vw, ${width}px`,
  }
}
