import { Link } from '@remix-run/react'
import type { ArticleViewData } from '~/blog/blog.server'
import { COVER_IMAGE } from '~/blog/page-images'
import { Image } from '~/components/content/image'
import { RichTextBody } from '~/components/content/rich-text-body'
import { FaqList } from '~/components/sections/faq-list'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { Icon } from '~/components/ui/icons'
import { Container } from '~/components/ui/section'
import type { WithBodyHtml } from '~/content/rich-text'

/** An article as its page's loader sends it: the body as HTML. */
type ArticleData = WithBodyHtml<ArticleViewData>

/**
 * An article page: header (category, title, date, reading time, author),
 * cover with caption, table of contents (a sticky side panel on large
 * screens when the editor asks for it), body, FAQ, call to action, share
 * links, previous/next and related articles. An article in development
 * shows its header and a notice with the call to action instead.
 */
export function ArticleView({ article }: { article: ArticleData }) {
  const { labels } = article
  const sideToc = article.stickyToc && article.toc.length > 0
  return (
    <article className="pb-16">
      <Container className="pt-8">
        <ArticleHeader article={article} />
        <figure className="mx-auto mt-8 max-w-4xl">
          <Image
            image={article.coverImage}
            maxWidth={COVER_IMAGE.maxWidth}
            loading="eager"
            // React 18 knows only the lowercase attribute (fetchPriority warns and is dropped).
            {...{ fetchpriority: 'high' }}
            sizes={COVER_IMAGE.sizes}
            className="w-full rounded-2xl"
          />
          {article.coverCaption ? <figcaption className="mt-2 text-center text-sm text-ink-600">{article.coverCaption}</figcaption> : null}
        </figure>
        {article.inDevelopment ? (
          <InDevelopmentNotice article={article} />
        ) : (
          <div className={cx('mx-auto mt-10', sideToc ? 'max-w-6xl lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12' : 'max-w-3xl')}>
            {article.toc.length ? (
              <aside className={cx(sideToc && 'lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto')}>
                <TableOfContents title={labels.tocTitle} items={article.toc} />
              </aside>
            ) : null}
            <div className="max-w-3xl">
              <RichTextBody body={article.body} />
              {article.faq.length ? (
                <section aria-labelledby="perguntas-frequentes" className="mt-12">
                  <h2 id="perguntas-frequentes" className="text-2xl font-bold text-ink-900">
                    {labels.faqTitle}
                  </h2>
                  <FaqList items={article.faq.map(({ _key, question, answer }) => ({ _id: _key, question, answer }))} />
                </section>
              ) : null}
              <CallToAction cta={article.cta} />
              <ShareLinks title={labels.shareTitle} links={article.share} />
              <Neighbours article={article} />
            </div>
          </div>
        )}
        <RelatedArticles article={article} />
      </Container>
    </article>
  )
}

function ArticleHeader({ article }: { article: ArticleData }) {
  const { author } = article
  return (
    <header className="mx-auto max-w-3xl">
      <p className="flex flex-wrap items-center gap-3 text-sm text-ink-600">
        <Link to={`/blog?categoria=${article.category.slug}`} className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700 hover:bg-brand-100">
          {article.category.title}
        </Link>
        <time dateTime={article.publishDate}>{article.date}</time>
        {article.inDevelopment ? null : (
          <>
            <span aria-hidden="true">·</span>
            <span>{article.readingTimeText}</span>
          </>
        )}
      </p>
      <h1 className="mt-4 text-3xl font-extrabold text-balance text-ink-900 md:text-5xl">{article.title}</h1>
      <p className="mt-4 text-lg text-ink-600">{article.description}</p>
      <div className="mt-6 flex items-center gap-3">
        {author.image ? (
          <Image image={author.image} maxWidth={48} className="size-12 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
            {author.initials}
          </span>
        )}
        <p className="text-sm">
          <span className="block font-semibold text-ink-900">{author.name}</span>
          <span className="text-ink-600">{author.role}</span>
        </p>
      </div>
    </header>
  )
}

function TableOfContents({ title, items }: { title: string; items: ArticleData['toc'] }) {
  return (
    <nav aria-labelledby="sumario" className="mb-8 rounded-2xl bg-ink-50 p-6">
      <h2 id="sumario" className="text-sm font-bold tracking-widest text-ink-700 uppercase">
        {title}
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              {item.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

function CallToAction({ cta }: { cta: ArticleData['cta'] }) {
  return (
    <aside aria-labelledby="chamada-artigo" className="mt-12 rounded-3xl bg-brand-900 p-8 text-white md:p-10">
      <h2 id="chamada-artigo" className="text-2xl font-bold text-balance">
        {cta.title}
      </h2>
      <p className="mt-3 text-brand-100">{cta.text}</p>
      <ButtonLink to={cta.button.href} variant="accent" size="lg" className="mt-6">
        {cta.button.label}
      </ButtonLink>
    </aside>
  )
}

function InDevelopmentNotice({ article }: { article: ArticleData }) {
  const { labels, cta } = article
  return (
    <section aria-labelledby="em-desenvolvimento" className="mx-auto mt-10 max-w-3xl rounded-3xl bg-ink-50 p-8 text-center md:p-12">
      <h2 id="em-desenvolvimento" className="text-2xl font-bold text-ink-900">
        {labels.inDevelopmentTitle}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-ink-600">{labels.inDevelopmentText}</p>
      <div className="mt-6 flex flex-col items-center justify-center gap-4 sm:flex-row">
        <ButtonLink to={cta.button.href} size="lg">
          {cta.button.label}
        </ButtonLink>
        <Link to="/blog" className="font-semibold text-brand-700 underline underline-offset-2">
          {labels.backToBlog}
        </Link>
      </div>
    </section>
  )
}

const shareIcons: Record<ArticleData['share'][number]['network'], string> = {
  x: 'M4 4l16 16M20 4L4 20',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  linkedin: 'M4 9h4v11H4zM6 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h4v2a4 4 0 0 1 7 3v6h-4v-6a2 2 0 0 0-4 0v6h-3z',
  email: 'M3 6h18v12H3zM3 6l9 7 9-7',
}

function ShareLinks({ title, links }: { title: string; links: ArticleData['share'] }) {
  return (
    <section aria-labelledby="compartilhar" className="mt-12">
      <h2 id="compartilhar" className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-3">
        {links.map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              {...(link.network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              className="inline-flex size-11 items-center justify-center rounded-full text-ink-800 ring-1 ring-ink-200 hover:bg-brand-50 hover:text-brand-700"
            >
              <Icon strokeLinecap="butt">
                <path d={shareIcons[link.network]} />
              </Icon>
              <span className="sr-only">{link.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Neighbours({ article }: { article: ArticleData }) {
  const { previous, next, labels } = article
  if (!previous && !next) return null
  const box = 'block rounded-2xl p-5 ring-1 ring-ink-200 hover:bg-brand-50'
  return (
    <nav aria-label={`${labels.previousLabel} / ${labels.nextLabel}`} className="mt-12 grid gap-4 sm:grid-cols-2">
      {previous ? (
        <Link to={`/blog/${previous.slug}`} rel="prev" className={box}>
          <span className="block text-sm text-ink-600">← {labels.previousLabel}</span>
          <span className="mt-1 block font-semibold text-ink-900">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={`/blog/${next.slug}`} rel="next" className={cx(box, 'sm:text-right')}>
          <span className="block text-sm text-ink-600">{labels.nextLabel} →</span>
          <span className="mt-1 block font-semibold text-ink-900">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  )
}

function RelatedArticles({ article }: { article: ArticleData }) {
  if (!article.related.length) return null
  return (
    <section aria-labelledby="relacionados" className="mx-auto mt-16 max-w-6xl">
      <h2 id="relacionados" className="text-2xl font-bold text-ink-900">
        {article.labels.relatedTitle}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {article.related.map((item) => (
          <li key={item._id} className="rounded-2xl p-6 ring-1 ring-ink-200">
            <p className="text-sm text-ink-600">
              <span className="font-semibold text-brand-700">{item.category}</span> · <time dateTime={item.publishDate}>{item.date}</time>
            </p>
            <h3 className="mt-2 text-lg font-bold text-ink-900">
              <Link to={`/blog/${item.slug}`} className="hover:text-brand-700">
                {item.title}
              </Link>
            </h3>
          </li>
        ))}
      </ul>
    </section>
  )
}
