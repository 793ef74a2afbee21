import { parseAssetRef } from './rules'

export { parseAssetRef, type ParsedAssetRef } from './rules'

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
