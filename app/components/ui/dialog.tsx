import * as DialogPrimitive from '@radix-ui/react-dialog'
import { Link, useNavigate } from '@remix-run/react'
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { cx } from './class-names'
import { CheckCircleIcon, CloseIcon } from './icons'
import { useHydrated } from './use-hydrated'

/**
 * Dialogs: a thin, styled layer over @radix-ui/react-dialog. Radix gives focus
 * trapping, Escape and overlay click to close, focus return to the trigger,
 * `aria-modal`, and scroll locking.
 *
 * THE NO-JAVASCRIPT TWIN (every dialog needs one)
 * A Radix dialog only exists once React runs in the browser (its portal does
 * not render on the server). So every confirmation that opens in a dialog
 * must also be reachable without JavaScript, by URL:
 *
 *   1. The form posts to its route's action (a plain `<Form method="post">`).
 *   2. On success the action redirects (post/redirect/get) to a URL that says
 *      so, e.g. `/contato?enviado=1`.
 *   3. The loader reads that flag and the page renders
 *      `<ConfirmationDialog open={sent} closeHref="/contato" title=... />`.
 *      - Without JavaScript (and during hydration) it renders a
 *        `ConfirmationPanel`: the same title, text and actions, inline in the
 *        page with role="status", and a 'Fechar' link to `closeHref`.
 *      - With JavaScript it renders the Radix dialog, open; closing it
 *        navigates to `closeHref` (replace, no scroll jump), which drops the flag.
 *   Same URL, same content, same way out, whichever way the visitor came.
 */

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close
export const DialogPortal = DialogPrimitive.Portal

export const DialogOverlay = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>>(function DialogOverlay(
  { className, ...props },
  ref,
) {
  return (
    <DialogPrimitive.Overlay
      ref={ref}
      className={cx(
        'fixed inset-0 z-50 bg-ink-950/60 backdrop-blur-sm',
        'motion-safe:transition-opacity motion-safe:duration-200 motion-safe:starting:opacity-0',
        className,
      )}
      {...props}
    />
  )
})

export const DialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Title>>(function DialogTitle(
  { className, ...props },
  ref,
) {
  return <DialogPrimitive.Title ref={ref} className={cx('pr-10 text-xl font-bold text-ink-900 md:text-2xl', className)} {...props} />
})

export const DialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Description>>(function DialogDescription(
  { className, ...props },
  ref,
) {
  return <DialogPrimitive.Description ref={ref} className={cx('mt-2 text-base text-ink-600', className)} {...props} />
})

/** The 'Fechar' control in the top corner of a dialog and of its no-JS panel: one look for both. */
const closeControlClass = cx(
  'absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-ink-600',
  'transition-colors hover:bg-ink-100 hover:text-ink-900',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
)

export type DialogSize = 'md' | 'lg' | 'full'

/** Each size's box, and the padding of its header (title, close control) and of its scrolling body. */
const contentSizes: Record<DialogSize, { box: string; header: string; body: string }> = {
  md: {
    box: 'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 max-h-[calc(100dvh-2rem)] rounded-2xl',
    header: 'px-6 pt-6 md:px-8 md:pt-8',
    body: 'px-6 pb-6 md:px-8 md:pb-8',
  },
  lg: {
    box: 'top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 max-h-[calc(100dvh-2rem)] rounded-2xl',
    header: 'px-6 pt-6 md:px-10 md:pt-10',
    body: 'px-6 pb-6 md:px-10 md:pb-10',
  },
  full: { box: 'inset-0 h-dvh w-full', header: 'px-6 pt-6 md:px-12 md:pt-8', body: 'px-6 pb-6 md:px-12 md:pb-12' },
}

export type DialogContentProps = Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> & {
  /** Every dialog has a title: it names the dialog for screen readers. */
  title: ReactNode
  description?: ReactNode
  size?: DialogSize
}

/**
 * The dialog box: portal, overlay, a header with the title and a visible
 * close control named 'Fechar', then the optional description and `children`
 * (body and actions). Only the body scrolls: in a long dialog the title and
 * the close control stay in view.
 */
export const DialogContent = forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
  { title, description, size = 'md', className, children, ...props },
  ref,
) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        ref={ref}
        // Without a description Radix must not point aria-describedby at nothing.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cx(
          'fixed z-50 flex flex-col bg-white text-ink-900 shadow-2xl shadow-ink-950/30 focus:outline-none',
          'motion-safe:transition motion-safe:duration-200 motion-safe:starting:scale-95 motion-safe:starting:opacity-0',
          contentSizes[size].box,
          className,
        )}
        {...props}
      >
        <div className={cx('relative shrink-0 pb-3', contentSizes[size].header)}>
          <DialogTitle>{title}</DialogTitle>
          <DialogPrimitive.Close className={closeControlClass}>
            <CloseIcon className="size-5" />
            <span className="sr-only">Fechar</span>
          </DialogPrimitive.Close>
        </div>
        <div data-dialog-body className={cx('min-h-0 flex-1 overflow-y-auto', contentSizes[size].body)}>
          {description ? <DialogDescription className="mt-0">{description}</DialogDescription> : null}
          {children}
        </div>
      </DialogPrimitive.Content>
    </DialogPortal>
  )
})

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
 * the page, announced as a status message. See the pattern at the top of this file.
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

export type UrlDialogProps = Omit<DialogContentProps, 'title'> & {
  title: ReactNode
  /** Where closing the dialog goes (the page without it). */
  closeHref: string
  /** What the page shows instead without JavaScript (and until hydration): the no-JS twin. */
  fallback: ReactNode
  /** Replace the history entry on close (a confirmation) or push a new one (a case you can go back to). */
  replaceOnClose?: boolean
  /** Called when the dialog closes; by default it navigates to `closeHref`. */
  onClose?: () => void
}

/**
 * The one no-JS twin pattern for dialogs the site opens by URL (a
 * confirmation after a send, a case at /casos/:key): without JavaScript the
 * page renders `fallback` in place, with a link to `closeHref`; once
 * hydrated, the same content is a Radix dialog whose closing navigates there.
 * (The mobile menu is the other kind: a :target panel, ADR 007.)
 */
export function UrlDialog({ closeHref, fallback, replaceOnClose = true, onClose, children, ...content }: UrlDialogProps) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  if (!hydrated) return <>{fallback}</>
  const close = onClose ?? (() => navigate(closeHref, { replace: replaceOnClose, preventScrollReset: true }))
  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent {...content}>{children}</DialogContent>
    </Dialog>
  )
}

/**
 * A confirmation shown after a successful send: a dialog with JavaScript, the
 * inline ConfirmationPanel without it (and until hydration). Renders nothing
 * when `open` is false.
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
