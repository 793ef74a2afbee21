import { useCallback, useEffect, useRef } from 'react'
import type { ToastMessage, ToastType } from '~/utils/toast'
import { cx } from './class-names'
import { AlertCircleIcon, CheckCircleIcon, CloseIcon } from './icons'
import { TOAST_DURATION_MS } from './toast'

/**
 * A toast on screen (the store is ./toast.tsx): loaded by the <Toaster> when
 * the first toast of the visit is shown, so no page carries it up front.
 */

const toneClasses: Record<ToastType, { bar: string; icon: string }> = {
  success: { bar: 'bg-success-600', icon: 'text-success-600' },
  error: { bar: 'bg-danger-600', icon: 'text-danger-600' },
}

const closeClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-600 transition-colors ' +
  'hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

export type ToastProps = {
  toast: ToastMessage
  /** Closes the toast (its button) and runs the 4 s timer. */
  onDismiss?: () => void
  duration?: number
}

/** One toast card. Timer pauses while the pointer or keyboard focus is on it. */
export function Toast({ toast, onDismiss, duration = TOAST_DURATION_MS }: ToastProps) {
  const tone = toneClasses[toast.type]
  const Icon = toast.type === 'error' ? AlertCircleIcon : CheckCircleIcon
  const { pause, resume } = useDismissTimer(onDismiss, duration)

  return (
    <div
      data-toast-type={toast.type}
      className={cx(
        'pointer-events-auto relative flex w-full max-w-sm items-start gap-3 overflow-hidden rounded-xl bg-white py-4 pr-3 pl-5',
        'text-ink-900 shadow-xl shadow-ink-950/15 ring-1 ring-ink-200 motion-safe:animate-fade-up',
      )}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <span aria-hidden="true" className={cx('absolute inset-y-0 left-0 w-1.5', tone.bar)} />
      <Icon className={cx('mt-0.5 size-5 shrink-0', tone.icon)} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-ink-600">{toast.description}</p> : null}
      </div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className={closeClass}>
          <CloseIcon className="size-4" />
          <span className="sr-only">Fechar</span>
        </button>
      ) : null}
    </div>
  )
}

/** Calls `onDone` after `duration` ms of not being paused. */
function useDismissTimer(onDone: (() => void) | undefined, duration: number) {
  const remaining = useRef(duration)
  const startedAt = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const onDoneRef = useRef(onDone)
  onDoneRef.current = onDone

  const resume = useCallback(() => {
    if (!onDoneRef.current || timer.current !== undefined) return
    startedAt.current = Date.now()
    timer.current = setTimeout(() => onDoneRef.current?.(), remaining.current)
  }, [])

  const pause = useCallback(() => {
    if (timer.current === undefined) return
    clearTimeout(timer.current)
    timer.current = undefined
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current))
  }, [])

  const enabled = Boolean(onDone)
  useEffect(() => {
    if (!enabled) return
    resume()
    return () => {
      clearTimeout(timer.current)
      timer.current = undefined
    }
  }, [enabled, resume])

  return { pause, resume }
}
