import { parseAssetRef } from './rules'

export { parseAssetRef, type ParsedAssetRef } from './rules'

/** The seed convention: the public file an asset reference points to (`image-google-rating-240x80-svg` → `/images/google-rating.svg`). */
export function seedImagePath(ref: string): string | null {
  const parsed = parseAssetRef(ref)
  return parsed ? `/images/${parsed.fileName}` : null
}

export const SANITY_CDN_IMAGE = /^https:\/\/cdn\.sanity\.io\/images\/([^/]+)\/([^/]+)\//
