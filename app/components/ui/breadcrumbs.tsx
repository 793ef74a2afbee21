import { Link } from '@remix-run/react'

export type Crumb = { label: string; href?: string }

/** "Início › … › this page": the trail above a page's content; the last crumb is the current page. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Você está em" className="mx-auto max-w-[1200px] px-4 pt-6 text-sm text-ink-600 sm:px-6 lg:px-8">
      <ol className="flex flex-wrap gap-2">
        {[{ label: 'Início', href: '/' }, ...trail].map((crumb, index, all) => (
          <li key={`${index}-${crumb.label}`} className="flex gap-2" aria-current={index === all.length - 1 ? 'page' : undefined}>
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {crumb.href && index < all.length - 1 ? (
              <Link to={crumb.href} className="text-brand-700 underline">
                {crumb.label}
              </Link>
            ) : (
              crumb.label
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
