import { urlSearchParamPreviewPerspective } from '@sanity/preview-url-secret/constants'

/**
 * What a preview reads (ADR 037): a stack of perspectives, the first
 * winning, with the published documents always underneath.
 *
 * - `['drafts']`: every document's draft where it has one (the default);
 * - `['rSpring', 'drafts']`: a release's versions first, then drafts (what
 *   the Presentation tool sends while an editor looks at a release);
 * - `['published']`: published documents only, still as a preview (edit
 *   overlays, no caches), when the editor switches the Studio to "Published".
 *
 * The Studio sends it as `sanity-preview-perspective`, a comma-separated
 * list: in the URL (which wins) or kept in the preview cookie.
 */
export type PerspectiveStack = readonly string[]

/** The search parameter the Studio names the perspective with. */
export const PERSPECTIVE_PARAM = urlSearchParamPreviewPerspective
export const DRAFTS = 'drafts'
export const PUBLISHED = 'published'
export const DEFAULT_PERSPECTIVE: PerspectiveStack = [DRAFTS]

/** A release's name (`r` followed by letters and digits in Sanity, kept a little wider) or one of the two built-ins. */
const PERSPECTIVE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/
/** More than this is not a stack an editor built: refused rather than queried. */
const MAX_STACK = 10

/**
 * Reads a `sanity-preview-perspective` value: the stack, or null when it is
 * absent or not one (any odd name, an empty item, `published` mixed with
 * others, a stack too deep). A refused value falls back to the cookie's, then to drafts.
 */
export function parsePerspective(value: string | null | undefined): PerspectiveStack | null {
  if (!value || value.length > 700) return null
  const names = value.split(',').map((name) => name.trim())
  if (names.length > MAX_STACK || names.some((name) => !PERSPECTIVE_NAME.test(name))) return null
  if (names.includes(PUBLISHED) && names.length > 1) return null
  return names
}

/** The stack as the Studio writes it: `rSpring,drafts`. */
export const formatPerspective = (stack: PerspectiveStack) => stack.join(',')

/**
 * The stack of a preview request: the URL's `sanity-preview-perspective` (the
 * Studio's current choice) over the one kept in the cookie, over drafts.
 */
export function choosePerspective(fromUrl: string | null, fromCookie: PerspectiveStack | null): PerspectiveStack {
  return parsePerspective(fromUrl) ?? fromCookie ?? DEFAULT_PERSPECTIVE
}

/**
 * The ids a stack looks at for one published id, first match wins:
 * `versions.<release>.<id>` for each release, `drafts.<id>`, then `<id>`.
 */
export function candidateIds(publishedId: string, stack: PerspectiveStack): string[] {
  const ids = stack.flatMap((name) => (name === PUBLISHED ? [] : name === DRAFTS ? [`drafts.${publishedId}`] : [`versions.${name}.${publishedId}`]))
  return [...ids, publishedId]
}

/** A document id without its `drafts.` or `versions.<release>.` prefix. */
export function publishedIdOf(id: string): string {
  if (id.startsWith('drafts.')) return id.slice('drafts.'.length)
  if (id.startsWith('versions.')) return id.split('.').slice(2).join('.')
  return id
}
