import { Form, Link } from '@remix-run/react'
import type { BlogListingData } from '~/blog/blog.server'
import { listingHref } from '~/blog/listing'
import { Button } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { numberFormat } from '~/utils/numbers'
import { ArticleCard, FeaturedArticle } from './article-card'

type Labels = BlogListingData['page']['listing']

/**
 * Search, category chips, featured card, grid and pagination. Everything is a
 * link or a GET form on /blog: the server filters and pages, so the listing
 * works the same with JavaScript off; with it, Remix navigates without a reload.
 */
const resultCount = numberFormat({})

export function BlogListing({ data }: { data: BlogListingData }) {
  const labels = data.page.listing
  const { params } = data
  return (
    <div className="space-y-10">
      <BlogFilters data={data} />
      {data.featured ? <FeaturedArticle article={data.featured} label={labels.featuredLabel} cta={labels.featuredCta} readMore={labels.readMore} /> : null}
      {data.filtered ? (
        <h2 className="text-2xl font-bold text-ink-900" aria-live="polite">
          {labels.resultsTitle} ({resultCount.format(data.total)})
        </h2>
      ) : null}
      {data.items.length ? (
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {data.items.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} readMore={labels.readMore} heading={data.featured || data.filtered ? 'h3' : 'h2'} />
            </li>
          ))}
        </ul>
      ) : data.featured ? null : (
        <EmptyState labels={labels} />
      )}
      {data.pageCount > 1 ? <Pagination labels={labels} params={params} page={data.pageNumber} pageCount={data.pageCount} /> : null}
    </div>
  )
}

function BlogFilters({ data }: { data: BlogListingData }) {
  const labels = data.page.listing
  const { params } = data
  const chip = (active: boolean) =>
    cx(
      'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 transition-colors',
      active ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-ink-800 ring-ink-200 hover:bg-brand-50',
    )
  return (
    <div className="space-y-4">
      <Form method="get" action="/blog" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="busca-blog" className="sr-only">
          {labels.searchLabel}
        </label>
        <input
          id="busca-blog"
          type="search"
          name="q"
          defaultValue={params.q}
          key={params.q}
          maxLength={100}
          placeholder={labels.searchPlaceholder}
          className="min-h-11 w-full rounded-lg border border-ink-300 bg-white px-4 text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
        />
        {params.category ? <input type="hidden" name="categoria" value={params.category} /> : null}
        <Button type="submit">{labels.searchButton}</Button>
      </Form>
      <nav aria-label={labels.categoriesLabel}>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={listingHref({ q: params.q })} className={chip(!params.category)} aria-current={!params.category ? 'page' : undefined}>
              {labels.allLabel}
            </Link>
          </li>
          {data.chips.map((category) => (
            <li key={category.slug}>
              <Link
                to={listingHref({ q: params.q, category: category.slug })}
                className={chip(params.category === category.slug)}
                aria-current={params.category === category.slug ? 'page' : undefined}
              >
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

function EmptyState({ labels }: { labels: Labels }) {
  return (
    <div role="status" className="rounded-2xl bg-ink-50 p-10 text-center">
      <h2 className="text-2xl font-bold text-ink-900">{labels.emptyTitle}</h2>
      <p className="mx-auto mt-3 max-w-xl text-ink-600">{labels.emptyText}</p>
      <Link to="/blog" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-2">
        {labels.clearFilters}
      </Link>
    </div>
  )
}

function Pagination({ labels, params, page, pageCount }: { labels: Labels; params: BlogListingData['params']; page: number; pageCount: number }) {
  const href = (target: number) => listingHref({ ...params, page: target })
  const box = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 font-semibold'
  return (
    <nav aria-label={labels.paginationLabel} className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={cx(box, 'text-brand-700 ring-1 ring-ink-200 hover:bg-brand-50')}>
              {labels.previousPage}
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((target) => (
          <li key={target}>
            <Link
              to={href(target)}
              aria-current={target === page ? 'page' : undefined}
              className={cx(box, target === page ? 'bg-brand-700 text-white' : 'text-ink-800 ring-1 ring-ink-200 hover:bg-brand-50')}
            >
              <span className="sr-only">Página </span>
              {target}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={cx(box, 'text-brand-700 ring-1 ring-ink-200 hover:bg-brand-50')}>
              {labels.nextPage}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
