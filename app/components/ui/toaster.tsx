import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { ToastMessage } from '~/utils/toast'
import { dismissToast, showToast, Toast, useCurrentToast } from './toast'
import { useHydrated } from './use-hydrated'

/**
 * The one place toasts appear: bottom centre on phones, bottom right from
 * 640 px. Rendered once, in root.tsx, with the toast the root loader read from
 * the flash cookie.
 *
 * - Server and first render: shows `toast` from the loader, with a 'Fechar'
 *   link to the current page (works without JavaScript; the cookie is already
 *   cleared, so the reloaded page has no toast).
 * - After hydration: shows the client store, which the loader toast is fed
 *   into; it closes by button or by itself after 4 s. `showToast()` calls
 *   replace whatever is on screen (one toast at a time).
 *
 * The container is a polite live region that is always in the page, so a
 * toast added later is announced.
 */
export function Toaster({ toast }: { toast?: ToastMessage | null }) {
  const hydrated = useHydrated()
  const clientToast = useCurrentToast()
  const location = useLocation()

  // The loader toast is fed into the store once (by id): revalidations that
  // return the same toast do not show it again after it was closed.
  const [handledId, setHandledId] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!toast || toast.id === handledId) return
    showToast(toast)
    setHandledId(toast.id)
  }, [toast, handledId])

  // Until the store has it (the first commit after hydration), keep showing the
  // loader toast so it never blinks out and back in.
  const pendingLoaderToast = toast && toast.id !== handledId ? toast : null
  const shown = hydrated ? (clientToast ?? pendingLoaderToast) : (toast ?? null)

  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Notificações"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 sm:justify-end sm:p-6"
    >
      {shown ? (
        hydrated ? (
          <Toast key={shown.id} toast={shown} onDismiss={() => dismissToast(shown.id)} />
        ) : (
          <Toast key={shown.id} toast={shown} closeHref={`${location.pathname}${location.search}`} />
        )
      ) : null}
    </div>
  )
}
