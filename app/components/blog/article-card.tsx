import { Link } from '@remix-run/react'
import type { ArticleCard as ArticleCardData } from '~/blog/blog.server'
import { FEATURED_IMAGE } from '~/blog/page-images'
import { Image } from '~/components/content/image'
import { buttonClassName } from '~/components/ui/button'

/** Category, date and reading time: the line above a card's title. */
function CardMeta({ article }: { article: ArticleCardData }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-600">
      <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700">{article.category}</span>
      <time dateTime={article.isoDate}>{article.date}</time>
      <span aria-hidden="true">·</span>
      <span>{article.readingTime}</span>
    </p>
  )
}

/**
 * A card of the grid: cover, category, date, reading time, title, summary and 'Ler Mais'.
 * Its title is an h3 under a section's h2, an h2 where nothing above the grid has one.
 */
export function ArticleCard({ article, readMore, heading: Heading = 'h3' }: { article: ArticleCardData; readMore: string; heading?: 'h2' | 'h3' }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-200">
      <Image
        image={article.image}
        maxWidth={480}
        sizes="(min-width: 1024px) 384px, (min-width: 768px) 50vw, 100vw"
        className="aspect-[40/21] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <CardMeta article={article} />
        <Heading className="mt-3 text-xl font-bold text-ink-900">
          <Link to={`/blog/${article.slug}`} className="hover:text-brand-700">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-ink-600">{article.description}</p>
        <Link to={`/blog/${article.slug}`} className="mt-4 font-semibold text-brand-700 underline underline-offset-2">
          {readMore}
          <span className="sr-only">: {article.title}</span>
        </Link>
      </div>
    </article>
  )
}

/** The newest article, larger, with its badge; 'Ler Artigo Completo' on wide screens, 'Ler Mais' on phones. */
export function FeaturedArticle({ article, label, cta, readMore }: { article: ArticleCardData; label: string; cta: string; readMore: string }) {
  return (
    <article className="grid overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-ink-200 md:grid-cols-2">
      <Image image={article.image} maxWidth={FEATURED_IMAGE.maxWidth} loading="eager" sizes={FEATURED_IMAGE.sizes} className="h-full w-full object-cover" />
      <div className="flex flex-col justify-center p-6 md:p-10">
        <p className="text-sm font-bold tracking-widest text-accent-500 uppercase">
          <span className="rounded-full bg-ink-900 px-3 py-1 text-accent-300">{label}</span>
        </p>
        <div className="mt-4">
          <CardMeta article={article} />
        </div>
        <h2 className="mt-3 text-2xl font-bold text-ink-900 md:text-3xl">
          <Link to={`/blog/${article.slug}`} className="hover:text-brand-700">
            {article.title}
          </Link>
        </h2>
        <p className="mt-3 text-ink-600">{article.description}</p>
        <Link to={`/blog/${article.slug}`} className={buttonClassName({ className: 'mt-6 self-start' })}>
          <span className="hidden md:inline">{cta}</span>
          <span className="md:hidden">{readMore}</span>
          <span className="sr-only">: {article.title}</span>
        </Link>
      </div>
    </article>
  )
}
