import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FinalCallToAction, TitledItemGrid } from '~/components/sections/cards'
import { PageHero } from '~/components/sections/page-hero'
import { MetricsStrip } from '~/components/sections/services/metrics-strip'
import { ServiceCard } from '~/components/sections/services/service-card'
import { TestimonialCarousel } from '~/components/sections/testimonial-carousel'
import { ButtonLink, buttonClassName } from '~/components/ui/button'
import { Section, SectionHeading } from '~/components/ui/section'
import { getServicesPage } from '~/content/content.server'
import { withMetricTexts } from '~/content/metric-text.server'
import { routeMeta } from '~/content/seo'
import { cmsData } from '~/utils/http.server'

export async function loader({ context }: LoaderFunctionArgs) {
  const page = await getServicesPage(context.preview)
  return cmsData({ page: { ...page, metrics: withMetricTexts(page.metrics) } })
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function Services() {
  const { page } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle}>
        <ButtonLink to={page.hero.primaryCta.href} variant="accent" size="lg">
          {page.hero.primaryCta.label}
        </ButtonLink>
        {/* The spec's 'Ver Apresentação' did nothing; ours opens the overview below (ADR 008). */}
        <a href={page.hero.presentationCta.href} className={buttonClassName({ variant: 'outline-on-dark', size: 'lg' })}>
          {page.hero.presentationCta.label}
        </a>
      </PageHero>

      <Section tone="muted" spacing="sm">
        <MetricsStrip metrics={page.metrics} />
      </Section>

      <Section id="como-trabalhamos" aria-labelledby="apresentacao-titulo">
        <SectionHeading id="apresentacao-titulo" eyebrow={page.overview.eyebrow} title={page.overview.title} lead={page.overview.intro} />
        <TitledItemGrid items={page.overview.steps} numbered />
      </Section>

      <Section tone="muted" aria-labelledby="servicos-titulo">
        <SectionHeading id="servicos-titulo" title={page.servicesTitle} lead={page.servicesIntro} />
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {page.services.map((service) => (
            <li key={service._id}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      </Section>

      <Section>
        <SectionHeading id="depoimentos-servicos" title={page.testimonialsTitle} align="center" />
        <div className="mt-10">
          <TestimonialCarousel labelledBy="depoimentos-servicos" items={page.testimonials} perView={{ base: 1, md: 2, lg: 3 }} />
        </div>
      </Section>

      <Section tone="muted" spacing="sm" aria-labelledby="teste-presenca">
        <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-white p-8 ring-1 ring-ink-200 md:flex-row md:items-center">
          <div>
            <h2 id="teste-presenca" className="text-2xl font-bold text-ink-900">
              {page.presenceTest.title}
            </h2>
            <p className="mt-2 text-ink-600">{page.presenceTest.text}</p>
          </div>
          <ButtonLink to={page.presenceTest.button.href} variant="secondary">
            {page.presenceTest.button.label}
          </ButtonLink>
        </div>
      </Section>

      <FinalCallToAction cta={page.finalCta} />
    </>
  )
}
