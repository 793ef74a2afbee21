import { useSyncExternalStore } from 'react'
import type { ToastInput, ToastMessage } from '~/utils/toast'

/**
 * Toasts: short messages after something happened ('Dados enviados com
 * sucesso!'). The spec allows one at a time (toast limit 1), each shown for 4 s.
 *
 * They are a JavaScript nicety: `showToast({ title, type })` from an event
 * handler, shown in one place (the <Toaster> in root.tsx). Nothing depends on
 * them without JavaScript: every form also answers with its message in the
 * page (lead-form-parts.tsx) and with a confirmation page or dialog.
 *
 * This module is the store (on every page); the toast itself is drawn by
 * toast-view.tsx, which the <Toaster> loads with the first toast (ADR 028).
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
