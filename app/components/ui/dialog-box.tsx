import * as DialogPrimitive from '@radix-ui/react-dialog'
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { cx } from './class-names'
import { closeControlClass } from './close-control'
import { CloseIcon } from './icons'

/**
 * The Radix half of ./dialog.tsx, loaded only when a dialog opens (React.lazy):
 * no page pays for Radix's focus trap, portal and scroll lock up front. Pages
 * use UrlDialog and ConfirmationDialog from ./dialog, never this module.
 */

const DialogPortal = DialogPrimitive.Portal

const DialogOverlay = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>>(function DialogOverlay(
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

const DialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Title>>(function DialogTitle({ className, ...props }, ref) {
  return <DialogPrimitive.Title ref={ref} className={cx('pr-10 text-xl font-bold text-ink-900 md:text-2xl', className)} {...props} />
})

const DialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Description>>(function DialogDescription(
  { className, ...props },
  ref,
) {
  return <DialogPrimitive.Description ref={ref} className={cx('mt-2 text-base text-ink-600', className)} {...props} />
})

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
const DialogContent = forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
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

export type DialogBoxProps = DialogContentProps & { onClose: () => void }

/** An open dialog: closing it (Escape, overlay, 'Fechar') calls `onClose`. The lazy module's default export. */
export default function DialogBox({ onClose, children, ...content }: DialogBoxProps) {
  return (
    <DialogPrimitive.Root open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent {...content}>{children}</DialogContent>
    </DialogPrimitive.Root>
  )
}
