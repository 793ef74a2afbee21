import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RichTextBody } from '~/components/content/rich-text-body'
import { withBodyHtml } from '~/components/content/rich-text-html.server'
import { FinalCallToAction } from '~/components/sections/cards'
import { FaqList } from '~/components/sections/faq-list'
import { PageHero } from '~/components/sections/page-hero'
import { ButtonLink } from '~/components/ui/button'
import { CheckIcon } from '~/components/ui/icons'
import { Container, Section, SectionHeading } from '~/components/ui/section'
import { getServicePage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { cmsData } from '~/utils/http.server'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const service = await getServicePage(params.slug ?? '', context.preview)
  return cmsData({ service: { ...service, page: withBodyHtml(service.page) } })
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.service.seo })

export default function ServiceRoute() {
  const { service } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero eyebrow={service.labels.eyebrow} title={service.title} subtitle={service.page.intro}>
        <ButtonLink to={service.cta.href} variant="accent" size="lg">
          {service.cta.label}
        </ButtonLink>
        {service.secondaryCta ? (
          <ButtonLink to={service.secondaryCta.href} variant="outline-on-dark" size="lg">
            {service.secondaryCta.label}
          </ButtonLink>
        ) : null}
      </PageHero>
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_20rem] lg:py-16">
        <article className="max-w-3xl">
          <p className="text-lead font-semibold text-brand-700">{service.tagline}</p>
          <p className="mt-3 text-lead text-ink-700">{service.description}</p>
          <RichTextBody body={service.page.body} />
        </article>
        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h2 className="text-lg font-bold text-ink-900">{service.labels.includedTitle}</h2>
            <ul className="mt-4 space-y-2">
              {service.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-ink-700">
                  <CheckIcon className="mt-1 size-4 shrink-0 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-ink-50 p-6">
            <h2 className="text-lg font-bold text-ink-900">
              {service.labels.caseLabel}: {service.caseStudy.title}
            </h2>
            <p className="mt-2 text-ink-700">{service.caseStudy.text}</p>
            <ButtonLink to={service.labels.casesLink.href} variant="ghost" size="sm" className="mt-3 -ml-3">
              {service.labels.casesLink.label}
            </ButtonLink>
          </div>
        </aside>
      </Container>
      {service.page.faq.length ? (
        <Section tone="muted" aria-labelledby="perguntas">
          <SectionHeading id="perguntas" title={service.labels.faqTitle} />
          <FaqList items={service.page.faq} />
        </Section>
      ) : null}
      <FinalCallToAction cta={service.page.finalCta} />
    </>
  )
}
