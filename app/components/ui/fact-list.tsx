import type { ReactNode } from 'react'
import { cx } from './class-names'

/**
 * Label and value pairs in one framed description list: the lead's page in
 * the admin area, the origin-tracking demo. Values are text or elements
 * (React escapes text); long unbroken values (ids, URLs) wrap anywhere, and
 * line breaks a visitor typed are kept.
 */
export function FactList({
  rows,
  className,
  'data-testid': testId,
}: {
  rows: ReadonlyArray<readonly [string, ReactNode]>
  className?: string
  'data-testid'?: string
}) {
  return (
    <dl data-testid={testId} className={cx('divide-y divide-ink-200 rounded-2xl ring-1 ring-ink-200', className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-[16rem_1fr] sm:gap-4">
          <dt className="font-semibold text-ink-900">{label}</dt>
          <dd className="whitespace-pre-wrap text-ink-700 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
