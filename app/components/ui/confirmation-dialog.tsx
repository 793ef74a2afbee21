import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { cx } from './class-names'
import { closeControlClass } from './close-control'
import { UrlDialog } from './dialog'
import type { DialogSize } from './dialog-box'
import { CheckCircleIcon, CloseIcon } from './icons'

/*
 * Confirmations after a send: a dialog opened by URL (./dialog.tsx, the no-JS
 * twin pattern), whose twin is an inline panel. A module of their own, so a
 * page whose only dialog is a case does not load them.
 */

/** A row for a dialog's or panel's buttons: stacked on phones, side by side from 640 px. */
export function DialogActions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>{children}</div>
}

export type ConfirmationPanelProps = {
  title: ReactNode
  description?: ReactNode
  /** Where 'Fechar' leads: the page without its confirmation flag. */
  closeHref: string
  /** Body and actions: the same children the dialog shows. */
  children?: ReactNode
  className?: string
}

/**
 * The no-JavaScript twin of a confirmation dialog: the same content, inline in
 * the page, announced as a status message. See the pattern at the top of ./dialog.tsx.
 */
export function ConfirmationPanel({ title, description, closeHref, children, className }: ConfirmationPanelProps) {
  return (
    <div
      role="status"
      className={cx('relative rounded-2xl border border-success-600/30 bg-white p-6 text-ink-900 shadow-lg shadow-ink-950/5 md:p-8', className)}
    >
      <div className="flex items-start gap-3 pr-10">
        <CheckCircleIcon className="mt-0.5 size-7 shrink-0 text-success-600" />
        <div>
          <h2 className="text-xl font-bold text-ink-900 md:text-2xl">{title}</h2>
          {description ? <p className="mt-2 text-base text-ink-600">{description}</p> : null}
        </div>
      </div>
      {children}
      <Link to={closeHref} replace preventScrollReset className={closeControlClass}>
        <CloseIcon className="size-5" />
        <span className="sr-only">Fechar</span>
      </Link>
    </div>
  )
}

export type ConfirmationDialogProps = ConfirmationPanelProps & {
  open: boolean
  /** Called when the dialog closes; by default it navigates to `closeHref`. */
  onClose?: () => void
  size?: DialogSize
}

/**
 * A confirmation shown after a successful send: a dialog after a send from
 * the hydrated page; the inline ConfirmationPanel without JavaScript, or on a
 * page loaded at its URL. Renders nothing when `open` is false.
 */
export function ConfirmationDialog({ open, onClose, closeHref, title, description, children, className, size }: ConfirmationDialogProps) {
  if (!open) return null
  return (
    <UrlDialog
      title={title}
      description={description}
      size={size}
      className={className}
      closeHref={closeHref}
      onClose={onClose}
      fallback={
        <ConfirmationPanel title={title} description={description} closeHref={closeHref} className={className}>
          {children}
        </ConfirmationPanel>
      }
    >
      {children}
    </UrlDialog>
  )
}
