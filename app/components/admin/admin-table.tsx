import type { ReactNode, ThHTMLAttributes } from 'react'
import { cx } from '~/components/ui/class-names'
import { ScrollingTable } from '~/components/ui/scrolling-table'

/** A link in the admin area's text (a table's, a pager's, a page's own). */
export const adminLinkClass = 'font-semibold text-brand-700 underline'

/**
 * A table of the admin area (the leads, the deliveries) in a region named
 * `label` that scrolls sideways on a narrow screen and can be reached by
 * keyboard (axe: scrollable-region-focusable): the header cells, then the rows.
 */
export function AdminTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <ScrollingTable label={label} className="mt-6 rounded-2xl ring-1 ring-ink-200" tableClassName="text-sm">
      <thead className="bg-ink-50 text-ink-900">
        <tr>{head}</tr>
      </thead>
      <tbody className="divide-y divide-ink-200 text-ink-700">{children}</tbody>
    </ScrollingTable>
  )
}

/** A column's header cell. */
export function HeaderCell({ children, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className="px-4 py-3 font-semibold" {...rest}>
      {children}
    </th>
  )
}

/** A body cell; `nowrap` for dates and phone numbers, `wrap` for long text that may break anywhere. */
export function Cell({ children, nowrap, wrap }: { children: ReactNode; nowrap?: boolean; wrap?: boolean }) {
  return <td className={cx('px-4 py-3', nowrap && 'whitespace-nowrap', wrap && 'break-words')}>{children}</td>
}

/** A part of an admin page: a section named by its heading. */
export function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
