import type { ReactNode } from 'react'
import { Image } from '~/components/content/image'
import { ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { Section, SectionHeading } from '~/components/ui/section'
import { editTarget } from '~/content/edit-links'
import type { HomePage } from '~/content/schemas'
import { FigureList, TitledItemGrid } from '../cards'
import { TestimonialCarousel } from '../testimonial-carousel'

export function AudienceSection({ audience }: { audience: HomePage['audience'] }) {
  return (
    <Section tone="muted" aria-labelledby="publico-titulo">
      <SectionHeading id="publico-titulo" eyebrow={audience.eyebrow} title={audience.title} lead={audience.intro} />
      <TitledItemGrid items={audience.profiles} />
    </Section>
  )
}

export function ApproachSection({ approach }: { approach: HomePage['approach'] }) {
  return (
    <Section aria-labelledby="como-trabalhamos-titulo">
      <SectionHeading id="como-trabalhamos-titulo" eyebrow={approach.eyebrow} title={approach.title} lead={approach.intro} />
      <TitledItemGrid items={approach.steps} numbered />
    </Section>
  )
}

export function ResultsSection({ results }: { results: HomePage['results'] }) {
  return (
    <Section tone="brand" aria-labelledby="resultados-titulo">
      <SectionHeading id="resultados-titulo" eyebrow={results.eyebrow} title={results.title} lead={results.intro} />
      <FigureList items={results.items} />
      <div className="mt-10">
        <ButtonLink to={results.cta.href} variant="accent">
          {results.cta.label}
        </ButtonLink>
      </div>
    </Section>
  )
}

const icons: Record<HomePage['salesServices']['cards'][number]['icon'], string> = {
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4.35-4.35',
  social: 'M7 8h10M7 12h6m-8 8 3-3h9a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7a3 3 0 0 0-3 3v10z',
  site: 'M3 5h18v14H3zM3 9h18M7 7h.01',
  strategy: 'M4 19V9m6 10V5m6 14v-7m4 7H2',
}

export function SalesServicesSection({ salesServices }: { salesServices: HomePage['salesServices'] }) {
  return (
    <Section tone="muted" aria-labelledby="como-aumentamos-titulo">
      <SectionHeading id="como-aumentamos-titulo" eyebrow={salesServices.eyebrow} title={salesServices.title} lead={salesServices.intro} />
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {salesServices.cards.map((card) => (
          <li key={card._key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <Icon className="size-6">
                <path d={icons[card.icon]} />
              </Icon>
            </span>
            <h3 className="mt-4 text-lg font-bold text-ink-900">{card.title}</h3>
            <p className="mt-2 leading-relaxed text-ink-600">{card.description}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10">
        <ButtonLink to={salesServices.cta.href} variant="secondary">
          {salesServices.cta.label}
        </ButtonLink>
      </div>
    </Section>
  )
}

export function ComparisonSection({ comparison }: { comparison: HomePage['comparison'] }) {
  return (
    <Section aria-labelledby="por-que-titulo">
      <SectionHeading id="por-que-titulo" eyebrow={comparison.eyebrow} title={comparison.title} lead={comparison.intro} />
      {/* Phones: each row as a card, both answers read together (no sideways scrolling). */}
      <ul className="mt-10 space-y-4 md:hidden">
        {comparison.rows.map((row) => (
          <li key={row._key} className="overflow-hidden rounded-2xl ring-1 ring-ink-200">
            <h3 className="bg-ink-50 px-5 py-3 font-semibold text-ink-900">{row.topic}</h3>
            <dl>
              <div className="px-5 py-3">
                <dt className="text-sm font-semibold text-ink-700">{comparison.othersLabel}</dt>
                <dd className="mt-1 text-ink-600">{row.others}</dd>
              </div>
              <div className="bg-brand-50 px-5 py-3">
                <dt className="text-sm font-bold text-brand-700">{comparison.usLabel}</dt>
                <dd className="mt-1 font-medium text-ink-900">{row.us}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-10 hidden rounded-2xl ring-1 ring-ink-200 md:block">
        <table className="w-full text-left">
          <caption className="sr-only">
            {comparison.othersLabel} comparadas com a {comparison.usLabel}
          </caption>
          <thead>
            <tr className="bg-ink-50">
              <th scope="col" className="px-5 py-4 text-sm font-semibold text-ink-600">
                <span className="sr-only">Tema</span>
              </th>
              <th scope="col" className="px-5 py-4 font-bold text-ink-700">
                {comparison.othersLabel}
              </th>
              <th scope="col" className="bg-brand-700 px-5 py-4 font-bold text-white">
                {comparison.usLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row._key} className="border-t border-ink-200">
                <th scope="row" className="px-5 py-4 font-semibold text-ink-900">
                  {row.topic}
                </th>
                <td className="px-5 py-4 text-ink-600">{row.others}</td>
                <td className="bg-brand-50 px-5 py-4 font-medium text-ink-900">{row.us}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  )
}

export function TestimonialsSection({ testimonials, ratingBadge }: { testimonials: HomePage['testimonials']; ratingBadge: HomePage['ratingBadge'] }) {
  return (
    // The carousel is the region, named by the heading; the section around it needs no name of its own.
    <Section tone="muted">
      <SectionHeading id="depoimentos-titulo" title={testimonials.title} lead={testimonials.subtitle} align="center" />
      <div className="mt-10" {...editTarget(testimonials)}>
        {/* Hydrated with the page: a part whose code came later would hold or undo a quick navigation (ADR 028). */}
        <TestimonialCarousel labelledBy="depoimentos-titulo" items={testimonials.items} />
      </div>
      <figure className="mt-10 flex flex-col items-center gap-2">
        <Image image={ratingBadge.image} className="h-20 w-60" />
        <figcaption className="text-sm text-ink-600">{ratingBadge.caption}</figcaption>
      </figure>
    </Section>
  )
}

/** The free strategy session with the CEO: the promise, and the form passed in as children. */
export function HomeContactSection({ contact, children }: { contact: HomePage['contact']; children: ReactNode }) {
  return (
    <Section id="sessao-estrategica" tone="brand" aria-labelledby="contato-home-titulo">
      <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
        <div>
          <SectionHeading id="contato-home-titulo" eyebrow={contact.eyebrow} title={contact.title} lead={contact.text} />
          <p className="mt-6 rounded-2xl bg-white/10 p-6 text-lg font-semibold text-white ring-1 ring-white/15">{contact.promise}</p>
        </div>
        <div>{children}</div>
      </div>
    </Section>
  )
}
