import { randomUUID } from 'node:crypto'
import { createCookieSessionStorage, redirect, type SessionStorage } from '@remix-run/node'
import { z } from 'zod'
import { isSecureRequest } from './http.server'
import { signedCookieOptions } from './session-cookies.server'
import type { ToastInput, ToastMessage } from './toast'

/**
 * Flash toasts: an action sets a toast in a signed cookie and redirects; the
 * next page's root loader reads it once and clears it. The toast is then part
 * of the server-rendered page, so it shows with JavaScript off too.
 *
 *   // in an action
 *   return redirectWithToast('/contato?enviado=1', { title: 'Dados enviados com sucesso!' })
 *   // or, when the action answers without redirecting
 *   return data(result, { headers: await createToastHeaders({ type: 'error', title: '...' }) })
 */

export const TOAST_COOKIE_NAME = 'toast'
const TOAST_KEY = 'toast'

const toastSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['success', 'error']),
  title: z.string().min(1).max(300),
  description: z.string().max(1000).optional(),
})

type FlashData = { [TOAST_KEY]: ToastMessage }
let storage: SessionStorage<Record<string, never>, FlashData> | undefined

/** The cookie store, built on first use from the environment. */
function toastStorage() {
  if (!storage) {
    storage = createCookieSessionStorage<Record<string, never>, FlashData>({
      // A flash lives for one redirect; an unread one should not appear days later.
      cookie: { name: TOAST_COOKIE_NAME, ...signedCookieOptions(), maxAge: 60 * 5 },
    })
  }
  return storage
}

function toToastMessage(input: ToastInput): ToastMessage {
  return toastSchema.parse({
    id: randomUUID(),
    type: input.type ?? 'success',
    title: input.title,
    description: input.description,
  })
}

/** A `Set-Cookie` header that carries `toast` to the next page the browser loads. */
export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  const session = await toastStorage().getSession()
  session.flash(TOAST_KEY, toToastMessage(toast))
  return new Headers({ 'Set-Cookie': await toastStorage().commitSession(session) })
}

/** A redirect (post/redirect/get) that shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers)
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append('Set-Cookie', cookie)
  return redirect(url, { ...init, headers })
}

/**
 * The toast waiting in the request's cookie, if any, and the `Set-Cookie`
 * header that clears it (null when there was no cookie, so pages without a
 * toast send no cookie at all). A tampered or malformed cookie reads as no toast.
 */
export async function getToast(request: Request): Promise<{ toast: ToastMessage | null; headers: Headers | null }> {
  const cookieHeader = request.headers.get('Cookie')
  if (!cookieHeader || !new RegExp(`(?:^|;)\\s*${TOAST_COOKIE_NAME}=`).test(cookieHeader)) {
    return { toast: null, headers: null }
  }
  const session = await toastStorage().getSession(cookieHeader)
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ 'Set-Cookie': await toastStorage().destroySession(session, { secure: isSecureRequest(request) }) }),
  }
}
