/** The shape of a toast (components/ui/toast.tsx): types only, so any layer may name them. */
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
