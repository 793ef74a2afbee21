import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import type { ToastInput, ToastMessage, ToastType } from '~/utils/toast'
import { cx } from './class-names'
import { AlertCircleIcon, CheckCircleIcon, CloseIcon } from './icons'

/**
 * Toasts: short messages after something happened ('Dados enviados com
 * sucesso!'). The spec allows one at a time (toast limit 1), each shown for 4 s.
 *
 * They are a JavaScript nicety: `showToast({ title, type })` from an event
 * handler, shown in one place (the <Toaster> in root.tsx). Nothing depends on
 * them without JavaScript: every form also answers with its message in the
 * page (lead-form-parts.tsx) and with a confirmation page or dialog.
 */

/** How long a toast stays on screen with JavaScript (pauses while hovered or focused). */
export const TOAST_DURATION_MS = 4_000

// A tiny external store: at most one toast; a new one replaces the current one.
type Listener = () => void
let current: ToastMessage | null = null
const listeners = new Set<Listener>()
let counter = 0

function emit() {
  for (const listener of listeners) listener()
}

/** Shows a toast in the browser, replacing any toast on screen. Returns its id. */
export function showToast(input: ToastInput & { id?: string }): string {
  const id = input.id ?? `toast-${Date.now().toString(36)}-${(counter += 1)}`
  current = { id, title: input.title, description: input.description, type: input.type ?? 'success' }
  emit()
  return id
}

/** Removes the toast with this id (or the current one), if it is still on screen. */
export function dismissToast(id?: string): void {
  if (!current || (id && current.id !== id)) return
  current = null
  emit()
}

function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The toast in the store right now (outside React: tests, imperative code). */
export const getCurrentToast = (): ToastMessage | null => current

/** The toast on screen in the browser; always null on the server. */
export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
}

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
