import { cx } from './class-names'

/** The 'Fechar' control in the top corner of a dialog and of its no-JS panel: one look for both. */
export const closeControlClass = cx(
  'absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-ink-600',
  'transition-colors hover:bg-ink-100 hover:text-ink-900',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
)
