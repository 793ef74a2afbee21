import { lazy, Suspense, type ComponentProps } from 'react'
import type { SuccessDialog as SuccessDialogComponent } from './success-dialog'

const SuccessDialog = lazy(() => import('./success-dialog').then((module) => ({ default: module.SuccessDialog })))

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
