/**
 * How large a request body each address takes: one table. The server refuses
 * a longer Content-Length before anything reads the body
 * (`limitRequestBody`, app/server/app.ts), and the route's own reader stops
 * at the same number (`readFormBody`, the publish webhook), so a body the
 * route accepts is never refused in front of it, nor the other way round.
 */

/** Every form (lead forms, the admin's, the cookie choice): a few KB each, with a wide margin. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024

/** Addresses that take another size than a form's, by path (lower case, no trailing slash). */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  // Sanity's publish webhook: the projection of a published document, which an editor's long article can make large.
  '/api/content/revalidate': 256 * 1024,
  // The tools' funnel beacon: three short fields (tool, step, start token).
  '/api/funil': 256,
}

/** The route a path answers from: Remix's data requests (`/x.data`, `/_root.data`) are the route's own, case and a trailing slash aside. */
function routePathOf(pathname: string): string {
  const path = pathname
    .toLowerCase()
    .replace(/\.data$/, '')
    .replace(/\/+$/, '')
  return path === '' || path === '/_root' ? '/' : path
}

/** The largest body `pathname`'s route takes, in bytes. */
export function bodyLimitFor(pathname: string): number {
  return BODY_LIMITS[routePathOf(pathname)] ?? FORM_BODY_LIMIT_BYTES
}

/** A limit as a person reads it: "64 KB", "256 bytes". */
export const bodyLimitText = (bytes: number) => (bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`)

/** The 413's message, in Portuguese. */
export const bodyTooLargeMessage = (bytes: number) => `O envio excede o limite de ${bodyLimitText(bytes)}.`
