import type { ReactNode } from 'react'
import { cx } from './class-names'

/**
 * The one box for a table wider than a phone: it scrolls sideways, the keyboard reaches it (axe
 * scrollable-region-focusable), and a screen reader hears it as a region named `label`. Without a label it
 * is no landmark (a table with no name), only a scrolling box. `className` places the box; the table's
 * parts (caption, head, body) are the children.
 */
export function ScrollingTable({
  label,
  className,
  tableClassName,
  children,
}: {
  label?: string
  className?: string
  tableClassName?: string
  children: ReactNode
}) {
  return (
    <div
      role={label ? 'region' : undefined}
      aria-label={label || undefined}
      tabIndex={0}
      className={cx('overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600', className)}
    >
      <table className={cx('w-full text-left', tableClassName)}>{children}</table>
    </div>
  )
}
