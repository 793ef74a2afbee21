import { lazy, Suspense, type ComponentProps } from 'react'
import type { SuccessDialog as SuccessDialogComponent } from './success-dialog'

const loadSuccessDialog = () => import('./success-dialog')
const SuccessDialog = lazy(() => loadSuccessDialog().then((module) => ({ default: module.SuccessDialog })))

/**
 * Fetches the dialog's code ahead of a success, so it opens at once when the
 * send succeeds: a form whose success shows this notice calls it when the
 * pointer reaches it or it takes focus.
 */
export function preloadSuccessNotice() {
  void loadSuccessDialog().catch(() => {})
}

/**
 * The success dialog, whose code (and the dialog's) loads only when there is
 * a success to show (ADR 028): a page with a form does not carry it up front.
 * The server renders it in full (the document waits for every lazy part), so
 * without JavaScript the confirmation is on the page; with JavaScript it
 * hydrates once its chunk arrives, or opens after a send once it has loaded.
 */
export function SuccessNotice(props: ComponentProps<typeof SuccessDialogComponent>) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <SuccessDialog {...props} />
    </Suspense>
  )
}
