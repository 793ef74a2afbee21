import { data, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HomeHero } from '~/components/sections/home-hero'
import {
  ApproachSection,
  AudienceSection,
  ComparisonSection,
  HomeContactSection,
  ResultsSection,
  SalesServicesSection,
  TestimonialsSection,
} from '~/components/sections/home/home-sections'
import { getHomePage, getSiteSettings } from '~/content/content.server'
import { cacheControl } from '~/utils/http.server'
import { routeMeta } from '~/utils/seo'

export async function loader() {
  const [page, settings] = await Promise.all([getHomePage(), getSiteSettings()])
  return data({ page, stats: settings.heroStats }, { headers: { 'Cache-Control': cacheControl.cmsPage } })
}

// The home keeps the brand's default title ('… Grow Smarter …'); the page's SEO gives the description.
export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { description: args.data?.page.seo.description })

export default function Home() {
  const { page, stats } = useLoaderData<typeof loader>()
  return (
    <>
      <HomeHero
        eyebrow={page.hero.eyebrow}
        title={page.hero.title}
        subtitle={page.hero.subtitle}
        primaryCta={page.hero.primaryCta}
        secondaryCta={page.hero.secondaryCta}
        stats={stats}
      />
      <AudienceSection audience={page.audience} />
      <ApproachSection approach={page.approach} />
      <ResultsSection results={page.results} />
      <SalesServicesSection salesServices={page.salesServices} />
      <ComparisonSection comparison={page.comparison} />
      <TestimonialsSection testimonials={page.testimonials} ratingBadge={page.ratingBadge} />
      <HomeContactSection contact={page.contact} />
    </>
  )
}
