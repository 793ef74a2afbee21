/**
 * The one guard for a redirect whose target comes from input (a `voltar`
 * field, a preview link's page, the consent form's way back): a path on this
 * site, or `fallback`. Refused: anything that is not a string, longer than
 * 500 characters, not starting with one `/` (`//elsewhere`, `/\elsewhere`,
 * `https://elsewhere`, `javascript:`), with a backslash, a space or a control
 * character anywhere (browsers drop tabs and line breaks, so `/\t/elsewhere`
 * would become `//elsewhere`). What passes is read as a URL on this site, so
 * `..` segments are resolved before `within` is checked, and the answer is
 * the resolved path, query and hash, percent-encoded (a header's value).
 */
const SITE = 'http://site.invalid'
const MAX_LENGTH = 500

export type SafeRedirectOptions = {
  /** Where to go when the target is refused. */
  fallback?: string
  /** A path prefix the target must stay under (`/admin`: that path itself, or below it). */
  within?: string
}

export function safeRedirect(target: unknown, { fallback = '/', within }: SafeRedirectOptions = {}): string {
  if (typeof target !== 'string' || target.length > MAX_LENGTH) return fallback
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!target.startsWith('/') || target.startsWith('//') || /[\\\s\u0000-\u001f\u007f-\u009f]/.test(target)) return fallback
  let url: URL
  try {
    url = new URL(target, SITE)
  } catch {
    return fallback
  }
  if (url.origin !== SITE || url.pathname.startsWith('//')) return fallback
  if (within !== undefined && url.pathname !== within && !url.pathname.startsWith(`${within.replace(/\/$/, '')}/`)) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
