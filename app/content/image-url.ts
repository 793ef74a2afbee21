/**
 * Resized image URLs on Sanity's CDN, built at the content edge (schemas.ts,
 * on the server): each raster CDN image gets its base URL, with crop, hotspot,
 * format and quality applied, and the page only appends the widths it shows
 * (`imageSources` in image.tsx). So @sanity/image-url never reaches the browser.
 */
import { createImageUrlBuilder } from '@sanity/image-url'
import { parseAssetRef, SANITY_CDN_IMAGE } from './asset-ref'

type Rect = { top: number; bottom: number; left: number; right: number }
type CdnImage = { ref: string; url?: string | null; crop?: Rect | null; hotspot?: { x: number; y: number; width: number; height: number } | null }

/** The CDN URL without a width (`…?rect=…&q=80&fit=max&auto=format`), or undefined for a seed file or an SVG (used as it is). */
export function sanityImageBase(image: CdnImage): string | undefined {
  const cdn = image.url ? SANITY_CDN_IMAGE.exec(image.url) : null
  if (!cdn || parseAssetRef(image.ref)?.extension === 'svg') return undefined
  const [, projectId = '', dataset = ''] = cdn
  return createImageUrlBuilder({ projectId, dataset })
    .image({ asset: { _ref: image.ref }, crop: image.crop ?? undefined, hotspot: image.hotspot ?? undefined })
    .auto('format')
    .fit('max')
    .quality(80)
    .url()
}
