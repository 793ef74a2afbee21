import { memo, lazy, Suspense } from 'react'
import { dismissToast, useCurrentToast } from './toast'

const Toast = lazy(() => import('./toast-view').then((module) => ({ default: module.Toast })))

/**
 * The one place toasts appear: bottom centre on phones, bottom right from
 * 640 px. Rendered once, in root.tsx. It shows the browser's toast store
 * (`showToast()`): one toast at a time, closed by its button or by itself
 * after 4 s. On the server the store is always empty, so no toast can leak
 * between requests.
 *
 * The container is a polite live region that is always in the page, so a
 * toast added later is announced. The toast's own code loads with the
 * first toast (toast-view.tsx): it is never needed on the server.
 */
export const Toaster = memo(function Toaster() {
  const shown = useCurrentToast()
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Notificações"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 sm:justify-end sm:p-6"
    >
      {/* The boundary exists only with a toast: never one still hydrating when the first toast arrives. */}
      {shown ? (
        <Suspense fallback={null}>
          <Toast key={shown.id} toast={shown} onDismiss={() => dismissToast(shown.id)} />
        </Suspense>
      ) : null}
    </div>
  )
})
