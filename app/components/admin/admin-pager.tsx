import { Link } from '@remix-run/react'
import { adminShellCopy as copy } from '~/admin/admin-copy'
import { adminLinkClass } from './admin-table'

/** The pages of an admin table: previous, where we are, next; `link` gives a page's address (the view's query). */
export function AdminPager({ page, pages, link }: { page: number; pages: number; link: (page: number) => string }) {
  return (
    <nav aria-label={copy.page(page, pages)} className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} className={adminLinkClass}>
          {copy.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-ink-700">{copy.page(page, pages)}</span>
      {page < pages ? (
        <Link to={link(page + 1)} className={adminLinkClass}>
          {copy.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
