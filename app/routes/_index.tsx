import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SuccessNotice } from '~/components/forms/success-notice'
import { useSiteSettings } from '~/components/hooks/use-site-settings'
import {
  ApproachSection,
  AudienceSection,
  ComparisonSection,
  HomeContactSection,
  ResultsSection,
  SalesServicesSection,
  TestimonialsSection,
} from '~/components/sections/home/home-sections'
import { HomeHero } from '~/components/sections/home-hero'
import { island } from '~/components/ui/island'
import { getHomePage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { homeContactSchema } from '~/leads/form-schemas'
import { handleLeadAction, leadRouteHeaders, prepareLeadForm } from '~/leads/lead-action.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** The form hydrates after the rest of the page (island.tsx): its code is not in the page's JavaScript up front. */
const HomeContactForm = island(() => import('~/components/forms/home-contact-form').then((module) => module.HomeContactForm))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, { leadForm, headers }] = await Promise.all([getHomePage(context.preview), prepareLeadForm(request, 'home')])
  const sent = new URL(request.url).searchParams.get('enviado') === '1'
  return data({ page, leadForm, sent }, { headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const outcome = await handleLeadAction({ request, context, form: 'home', schema: homeContactSchema, confirmation: () => '/?enviado=1#sessao-estrategica' })
  return outcome.response
}

// The home keeps the brand's default title ('… Grow Smarter …'); the page's SEO gives the description.
export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { description: args.data?.page.seo.description })

export default function Home() {
  const { page, leadForm, sent } = useLoaderData<typeof loader>()
  const { heroStats } = useSiteSettings()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <HomeHero
        eyebrow={page.hero.eyebrow}
        title={page.hero.title}
        subtitle={page.hero.subtitle}
        primaryCta={page.hero.primaryCta}
        secondaryCta={page.hero.secondaryCta}
        stats={heroStats}
      />
      <AudienceSection audience={page.audience} />
      <ApproachSection approach={page.approach} />
      <ResultsSection results={page.results} />
      <SalesServicesSection salesServices={page.salesServices} />
      <ComparisonSection comparison={page.comparison} />
      <TestimonialsSection testimonials={page.testimonials} ratingBadge={page.ratingBadge} />
      <HomeContactSection contact={page.contact}>
        <SuccessNotice form="home" kind="contact" open={sent} closeHref="/" />
        {/* A new form after a successful send: the fields start empty. */}
        <HomeContactForm key={sent ? 'enviado' : 'novo'} leadForm={leadForm} actionData={actionData} />
      </HomeContactSection>
    </>
  )
}
