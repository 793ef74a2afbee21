/**
 * The shape of a toast, shared by the server (a flash toast in a cookie,
 * toast.server.ts) and the browser (components/ui/toast.tsx).
 */
export type ToastType = 'success' | 'error'

export type ToastInput = {
  title: string
  description?: string
  type?: ToastType
}

export type ToastMessage = {
  id: string
  title: string
  description?: string
  type: ToastType
}
