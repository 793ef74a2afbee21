/**
 * Reading and deleting a cookie in the browser through the Cookie Store API
 * where there is one: Chromium reports every synchronous `document.cookie`
 * access as a DevTools performance issue (which costs Lighthouse's best
 * practices). Browsers without it fall back to `document.cookie`.
 */
type CookieStoreLike = { get(name: string): Promise<{ value: string } | null>; delete(name: string): Promise<void> }

const store = () => (globalThis as { cookieStore?: CookieStoreLike }).cookieStore

export async function readCookie(name: string): Promise<string | null> {
  const cookieStore = store()
  if (cookieStore) return (await cookieStore.get(name))?.value ?? null
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))
  return match ? match[1]! : null
}

export async function deleteCookie(name: string): Promise<void> {
  const cookieStore = store()
  if (cookieStore) return cookieStore.delete(name)
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`
}
