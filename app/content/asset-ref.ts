/**
 * Image asset references name their size: `image-<name>-<w>x<h>-<ext>`.
 * Sanity's own asset ids have this shape (the name is a hash); the seed uses
 * a readable name that is a file of public/images/ (`image-google-rating-240x80-svg`
 * is `/images/google-rating.svg`, 240 × 80). See docs/content-source.md.
 */
export const ASSET_REF = /^image-(.+)-(\d+)x(\d+)-([a-z0-9]+)$/

export type ParsedAssetRef = { name: string; width: number; height: number; extension: string; fileName: string }

/** `image-google-rating-240x80-svg` → { name: 'google-rating', width: 240, height: 80, extension: 'svg', fileName: 'google-rating.svg' }. */
export function parseAssetRef(ref: string): ParsedAssetRef | null {
  const match = ASSET_REF.exec(ref)
  if (!match) return null
  const [, name = '', width = '0', height = '0', extension = ''] = match
  return { name, width: Number(width), height: Number(height), extension, fileName: `${name}.${extension}` }
}

/** The seed convention: the public file an asset reference points to (`image-google-rating-240x80-svg` → `/images/google-rating.svg`). */
export function seedImagePath(ref: string): string | null {
  const parsed = parseAssetRef(ref)
  return parsed ? `/images/${parsed.fileName}` : null
}

export const SANITY_CDN_IMAGE = /^https:\/\/cdn\.sanity\.io\/images\/([^/]+)\/([^/]+)\//

/**
 * Seed WebP images come with narrower copies beside them, `<name>-<w>w.webp`
 * for each width here (the blog covers in public/images/); a unit test
 * checks every seed WebP has them. SVG and PNG seed files have none.
 */
export const SEED_WEBP_WIDTHS = [480, 800]
