import type { ComponentProps } from 'react'
import { island } from '~/components/ui/island'
import type { SuccessDialog as SuccessDialogComponent } from './success-dialog'

const SuccessDialog = island(() => import('./success-dialog').then((module) => module.SuccessDialog))

/**
 * Fetches the dialog's code ahead of a success, so it opens at once when the
 * send succeeds: a form whose success shows this notice spreads
 * `preloadOnIntent(preloadSuccessNotice)` on itself.
 */
export const preloadSuccessNotice = SuccessDialog.preload

/**
 * The success dialog, whose code (and the dialog's) loads only when there is
 * a success to show (ADR 028): a page with a form does not carry it up front.
 * The server renders it in full (the document waits for every lazy part), so
 * without JavaScript the confirmation is on the page; with JavaScript it
 * hydrates once its chunk arrives, or opens after a send once it has loaded.
 */
export function SuccessNotice(props: ComponentProps<typeof SuccessDialogComponent>) {
  if (!props.open) return null
  return <SuccessDialog {...props} />
}
