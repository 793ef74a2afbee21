import { Link } from '@remix-run/react'
import { RichTextBody } from '~/components/content/rich-text-body'
import { ButtonLink, buttonClassName } from '~/components/ui/button'
import { CloseIcon } from '~/components/ui/icons'
import { Container } from '~/components/ui/section'
import { editTarget } from '~/content/edit-links'
import type { RichTextHtml } from '~/content/rich-text'
import type { CaseCardData, CasesPage, CaseStudy } from '~/content/schemas'

/** How every full case ends (casesPage.caseEnding): the two ways forward, the way back and the close link. */
export type CaseEnding = CasesPage['page']['caseEnding']

export function CaseFigures({ figures }: { figures: CaseStudy['figures'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure._key} className="flex flex-col-reverse rounded-xl bg-brand-50 p-3" {...editTarget(figure)}>
          <dt className="text-xs font-medium text-ink-600">{figure.label}</dt>
          <dd className="text-xl font-extrabold text-brand-700">{figure.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A card of the cases grid. Clickable cases link to their own URL (the pop-up with JavaScript). */
export function CaseCard({ caseStudy, labels }: { caseStudy: CaseCardData; labels: CasesPage['page']['card'] }) {
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200" aria-labelledby={`case-${caseStudy.slug}`}>
      <p className="w-fit rounded-full bg-ink-100 px-3 py-1 text-xs font-semibold text-ink-700">{caseStudy.sector}</p>
      <h3 id={`case-${caseStudy.slug}`} className="mt-3 text-lg font-bold text-ink-900">
        {caseStudy.title}
      </h3>
      <div className="mt-4">
        <CaseFigures figures={caseStudy.figures} />
      </div>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="font-semibold text-ink-900">{labels.challengeLabel}</dt>
          <dd className="text-ink-600">{caseStudy.challenge}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-900">{labels.solutionLabel}</dt>
          <dd className="text-ink-600">{caseStudy.solution}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-900">{labels.resultsLabel}</dt>
          <dd className="text-ink-600">{caseStudy.results}</dd>
        </div>
      </dl>
      {caseStudy.clickable ? (
        <div className="mt-auto pt-6">
          <ButtonLink to={`/casos/${caseStudy.slug}`} preventScrollReset size="sm" aria-describedby={`case-${caseStudy.slug}`}>
            {labels.openLabel}
          </ButtonLink>
        </div>
      ) : null}
    </article>
  )
}

/** A case as its page's loader sends it: the story's body as HTML. */
export type CaseStudyData = Omit<CaseStudy, 'body'> & { body: RichTextHtml | null }

/** The full story of a case: the pop-up's body and the case page's article. Ends with the three ways forward. */
export function CaseStudyBody({ caseStudy, ending }: { caseStudy: CaseStudyData; ending: CaseEnding }) {
  return (
    <>
      <p className="text-sm text-ink-600">
        {caseStudy.client}
        {caseStudy.period ? ` · ${caseStudy.period}` : null}
      </p>
      <div className="mt-6">
        <CaseFigures figures={caseStudy.figures} />
      </div>
      {caseStudy.body ? <RichTextBody body={caseStudy.body} /> : null}
      <div className="mt-10 rounded-2xl bg-brand-900 p-6 text-white">
        <p className="text-lg font-bold">{ending.title}</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ButtonLink to={ending.primaryCta.href} variant="accent">
            {ending.primaryCta.label}
          </ButtonLink>
          <ButtonLink to={ending.secondaryCta.href} variant="outline-on-dark">
            {ending.secondaryCta.label}
          </ButtonLink>
        </div>
        <Link to={ending.backLink.href} className="mt-4 inline-block text-sm font-semibold text-brand-100 underline underline-offset-4">
          {ending.backLink.label}
        </Link>
      </div>
    </>
  )
}

/** A case as a page of its own, at the top of the cases page: what /casos/:slug shows without JavaScript, and to a visitor who landed on it. */
export function CaseStudyArticle({ caseStudy, ending, closeHref }: { caseStudy: CaseStudyData; ending: CaseEnding; closeHref: string }) {
  return (
    <Container className="py-12">
      <article aria-labelledby="case-titulo" className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-lg ring-1 ring-ink-200 md:p-10">
        {/* Stays under the site header while a long case is read, like the pop-up's close control. */}
        <div className="sticky top-16 z-10 -mx-2 flex justify-end bg-white/95 py-2">
          <Link to={closeHref} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            <CloseIcon className="size-5" />
            Fechar
          </Link>
        </div>
        <p className="w-fit rounded-full bg-ink-100 px-3 py-1 text-xs font-semibold text-ink-700">{caseStudy.sector}</p>
        <h2 id="case-titulo" className="mt-3 text-title font-bold text-ink-900">
          {caseStudy.title}
        </h2>
        <div className="mt-2">
          <CaseStudyBody caseStudy={caseStudy} ending={ending} />
        </div>
        <Link to={closeHref} className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
          {ending.closeLabel}
        </Link>
      </article>
    </Container>
  )
}
