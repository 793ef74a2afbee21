import { Link } from '@remix-run/react'
import { RichTextBody } from '~/components/content/rich-text-body'
import { Container } from '~/components/ui/section'
import type { loadLegalPage } from '~/content/legal-route.server'
import type { WithBodyHtml } from '~/content/rich-text'
import { formatCalendarDay } from '~/utils/dates'
import { PageHero } from './page-hero'

/** A legal page as its loader sends it: the body as HTML, and its sections. */
type LegalPageData = WithBodyHtml<Awaited<ReturnType<typeof loadLegalPage>>>

/** Privacy policy and terms of use: numbered sections with a table of contents and a way back home. */
export function LegalPageView({ page }: { page: LegalPageData }) {
  return (
    <>
      <PageHero title={page.title} subtitle={page.intro} />
      <Container className="grid gap-10 py-12 lg:grid-cols-[16rem_1fr] lg:py-16">
        <nav aria-label="Seções" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-bold tracking-widest text-ink-600 uppercase">Nesta página</p>
          <ol className="mt-3 space-y-2 text-sm">
            {page.sections.map((section) => (
              <li key={section.id}>
                <a className="text-brand-700 hover:underline" href={`#${section.id}`}>
                  {section.label}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          <p className="text-sm text-ink-600">
            Atualizada em <time dateTime={page.updatedAt}>{formatCalendarDay(page.updatedAt, 'long')}</time>
          </p>
          <RichTextBody body={page.body} />
          <p className="mt-12">
            <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
              ← Voltar para a página inicial
            </Link>
          </p>
        </article>
      </Container>
    </>
  )
}
