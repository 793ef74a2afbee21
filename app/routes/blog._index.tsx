import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { NewsletterForm } from '~/components/forms/newsletter-form'
import { SuccessDialog } from '~/components/forms/success-dialog'
import { PageHero } from '~/components/sections/page-hero'
import { Breadcrumbs } from '~/components/ui/breadcrumbs'
import { Section } from '~/components/ui/section'
import { getBlogPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { newsletterSchema } from '~/leads/form-schemas'
import { handleLeadAction, leadRouteHeaders, prepareLeadForm } from '~/leads/lead-action.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, { leadForm, headers }] = await Promise.all([getBlogPage(), prepareLeadForm(request, 'newsletter')])
  const subscribed = new URL(request.url).searchParams.get('inscrito') === '1'
  return data({ page, leadForm, subscribed }, { headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await handleLeadAction({ request, context, form: 'newsletter', schema: newsletterSchema })
  if (outcome.status !== 'success') return outcome.response
  return redirect('/blog?inscrito=1#newsletter')
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

/** /blog: the hero and the newsletter block. The article listing comes with the blog issue. */
export default function Blog() {
  const { page, leadForm, subscribed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />
      <Breadcrumbs trail={[{ label: page.hero.eyebrow ?? page.hero.title }]} />
      <Section id="newsletter" aria-labelledby="newsletter-titulo">
        <div className="mx-auto max-w-2xl rounded-3xl bg-brand-50 p-8 md:p-10">
          <h2 id="newsletter-titulo" className="text-2xl font-bold text-ink-900">
            {page.newsletter.title}
          </h2>
          <p className="mt-2 text-ink-700">{page.newsletter.text}</p>
          <div className="mt-6">
            <SuccessDialog kind="newsletter" open={subscribed} closeHref="/blog" />
            <NewsletterForm key={subscribed ? 'inscrito' : 'novo'} leadForm={leadForm} actionData={actionData} />
          </div>
        </div>
      </Section>
    </>
  )
}
