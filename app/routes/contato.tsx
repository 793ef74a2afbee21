import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SuccessNotice } from '~/components/forms/success-notice'
import { useSiteSettings } from '~/components/hooks/use-site-settings'
import { ContactDetails } from '~/components/sections/contact-details'
import { FaqList } from '~/components/sections/faq-list'
import { PageHero } from '~/components/sections/page-hero'
import { island } from '~/components/ui/island'
import { Container, Section, SectionHeading } from '~/components/ui/section'
import { getContactPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction, leadRouteHeaders, prepareLeadForm } from '~/leads/lead-action.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** The form hydrates after the rest of the page (island.tsx): its code is not in the page's JavaScript up front. */
const ContactPageForm = island(() => import('~/components/forms/contact-page-form').then((module) => module.ContactPageForm))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, { leadForm, headers }] = await Promise.all([getContactPage(context.preview), prepareLeadForm(request, 'contact')])
  const sent = new URL(request.url).searchParams.get('enviado') === '1'
  return data({ page, leadForm, sent }, { headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const outcome = await handleLeadAction({ request, context, form: 'contact', schema: contactPageSchema, confirmation: () => '/contato?enviado=1' })
  return outcome.response
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function Contact() {
  const { page, leadForm, sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const settings = useSiteSettings()
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_22rem] lg:py-16">
        <section aria-labelledby="formulario-contato">
          <h2 id="formulario-contato" className="text-2xl font-bold text-ink-900">
            {page.formTitle}
          </h2>
          <div className="mt-6">
            <SuccessNotice form="contact" kind="contact" open={sent} closeHref="/contato" />
            <ContactPageForm key={sent ? 'enviado' : 'novo'} leadForm={leadForm} actionData={actionData} />
          </div>
        </section>
        <ContactDetails page={page} settings={settings} />
      </Container>
      <Section tone="muted" aria-labelledby="perguntas-contato">
        <SectionHeading id="perguntas-contato" title={page.faqTitle} />
        <FaqList items={page.faqs} />
      </Section>
    </>
  )
}
