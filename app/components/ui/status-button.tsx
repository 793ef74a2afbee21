import { useFormAction, useNavigation } from '@remix-run/react'
import { forwardRef, type ReactNode } from 'react'
import { Button, type ButtonProps } from './button'
import { cx } from './class-names'
import { AlertCircleIcon, CheckIcon, SpinnerIcon } from './icons'

export type SubmitStatus = 'idle' | 'pending' | 'success' | 'error'

export const PENDING_LABEL = 'Enviando...'

export type StatusButtonProps = ButtonProps & {
  status: SubmitStatus
  /** Shown instead of the label while pending (the spec's 'Enviando...'). */
  pendingLabel?: ReactNode
}

/**
 * A submit button that shows the form's progress. While pending it reads
 * 'Enviando...', shows a spinner and is disabled (and `aria-disabled`, so
 * assistive tech announces it). Both labels sit in the same grid cell and the
 * hidden one keeps its space, so the button never changes width.
 *
 * Without JavaScript the browser submits the form itself and the status stays
 * 'idle': nothing here is needed for the form to work.
 */
export const StatusButton = forwardRef<HTMLButtonElement, StatusButtonProps>(function StatusButton(
  { status, pendingLabel = PENDING_LABEL, children, disabled, type = 'submit', className, ...props },
  ref,
) {
  const pending = status === 'pending'
  const isDisabled = Boolean(disabled) || pending
  return (
    <Button
      ref={ref}
      type={type}
      disabled={isDisabled}
      aria-disabled={isDisabled || undefined}
      aria-busy={pending || undefined}
      data-status={status}
      className={cx('relative', className)}
      {...props}
    >
      <span className="grid place-items-center">
        <span className={cx('col-start-1 row-start-1 inline-flex items-center gap-2', pending && 'invisible')}>
          {status === 'success' ? <CheckIcon className="size-5" /> : null}
          {status === 'error' ? <AlertCircleIcon className="size-5" /> : null}
          {children}
        </span>
        <span className={cx('col-start-1 row-start-1 inline-flex items-center gap-2', !pending && 'invisible')}>
          <SpinnerIcon className="size-5" spinning={pending} />
          {pendingLabel}
        </span>
      </span>
    </Button>
  )
})

/**
 * True while this route's form (or the one posting to `formAction`) is being
 * submitted. Pair with StatusButton: `status={isPending ? 'pending' : 'idle'}`.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
}: { formAction?: string; formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE' } = {}): boolean {
  const contextualFormAction = useFormAction()
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod === formMethod && navigation.formAction === (formAction ?? contextualFormAction)
}
