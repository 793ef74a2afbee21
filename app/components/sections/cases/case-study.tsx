import { Link } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button'
import { RichTextBody } from '~/content/portable-text'
import type { CaseCardData, CaseStudy } from '~/content/schemas'

export function CaseFigures({ figures }: { figures: CaseStudy['figures'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure._key} className="flex flex-col-reverse rounded-xl bg-brand-50 p-3">
          <dt className="text-xs font-medium text-ink-600">{figure.label}</dt>
          <dd className="text-xl font-extrabold text-brand-700">{figure.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A card of the cases grid. Clickable cases link to their own URL (the pop-up with JavaScript). */
export function CaseCard({ caseStudy }: { caseStudy: CaseCardData }) {
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
          <dt className="font-semibold text-ink-900">Desafio</dt>
          <dd className="text-ink-600">{caseStudy.challenge}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-900">Solução</dt>
          <dd className="text-ink-600">{caseStudy.solution}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-900">Resultados</dt>
          <dd className="text-ink-600">{caseStudy.results}</dd>
        </div>
      </dl>
      {caseStudy.clickable ? (
        <div className="mt-auto pt-6">
          <ButtonLink to={`/casos/${caseStudy.slug}`} preventScrollReset size="sm" aria-describedby={`case-${caseStudy.slug}`}>
            Ver case completo
          </ButtonLink>
        </div>
      ) : null}
    </article>
  )
}

/** The full story of a case: the pop-up's body and the case page's article. Ends with the three ways forward. */
export function CaseStudyBody({ caseStudy }: { caseStudy: CaseStudy }) {
  return (
    <>
      <p className="text-sm text-ink-600">
        {caseStudy.client}
        {caseStudy.period ? ` · ${caseStudy.period}` : null}
      </p>
      <div className="mt-6">
        <CaseFigures figures={caseStudy.figures} />
      </div>
      {caseStudy.body ? <RichTextBody value={caseStudy.body} /> : null}
      <div className="mt-10 rounded-2xl bg-brand-900 p-6 text-white">
        <p className="text-lg font-bold">Quer resultados assim no seu negócio?</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ButtonLink to="/contato" variant="accent">
            Agendar consultoria gratuita
          </ButtonLink>
          <ButtonLink to="/ferramentas/teste-presenca-digital" variant="outline-on-dark">
            Fazer o Teste de Presença Digital
          </ButtonLink>
        </div>
        <Link to="/" className="mt-4 inline-block text-sm font-semibold text-brand-100 underline underline-offset-4">
          Voltar para a página inicial
        </Link>
      </div>
    </>
  )
}
