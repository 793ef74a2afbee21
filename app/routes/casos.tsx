import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { FinalCallToAction } from '~/components/sections/cards'
import { CaseCard } from '~/components/sections/cases/case-study'
import { PageHero } from '~/components/sections/page-hero'
import { TestimonialCard } from '~/components/sections/testimonial-card'
import { Section, SectionHeading } from '~/components/ui/section'
import { getCasesPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { cmsData } from '~/utils/http.server'

export async function loader({ context }: LoaderFunctionArgs) {
  return cmsData(await getCasesPage(context.preview))
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

/**
 * /casos, and the frame of /casos/:slug. A clickable card links to the case's
 * own URL; the child route (casos.$slug.tsx) shows it as a pop-up over this
 * grid with JavaScript, or as an article at the top of the page without it.
 */
export default function Cases() {
  const { page, cases } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />
      <Outlet />
      <Section tone="muted" aria-labelledby="lista-cases">
        <h2 id="lista-cases" className="sr-only">
          {page.listTitle}
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {cases.map((caseStudy) => (
            <li key={caseStudy._id}>
              <CaseCard caseStudy={caseStudy} labels={page.card} />
            </li>
          ))}
        </ul>
      </Section>
      <Section aria-labelledby="depoimentos-cases">
        <SectionHeading id="depoimentos-cases" title={page.testimonialsTitle} align="center" />
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {page.testimonials.map((testimonial) => (
            <li key={testimonial._id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </Section>
      <FinalCallToAction cta={page.finalCta} />
    </>
  )
}
