import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { NewsletterForm } from '~/components/forms/newsletter-form'
import { SuccessDialog } from '~/components/forms/success-dialog'
import { PageHero } from '~/components/sections/page-hero'
import { Section } from '~/components/ui/section'
import { routeMeta } from '~/content/seo'
import { newsletterSchema } from '~/leads/form-schemas'
import { handleLeadAction, leadRouteHeaders, prepareLeadForm } from '~/leads/lead-action.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { leadForm, headers } = await prepareLeadForm(request, 'newsletter')
  const subscribed = new URL(request.url).searchParams.get('inscrito') === '1'
  return data({ leadForm, subscribed }, { headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await handleLeadAction({ request, context, form: 'newsletter', schema: newsletterSchema })
  if (outcome.status !== 'success') return outcome.response
  return redirect('/blog?inscrito=1#newsletter')
}

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, {
    title: 'Blog: IA, automação e marketing digital',
    description: 'Artigos práticos sobre inteligência artificial, automação e marketing digital para vender mais. Assine a newsletter e receba as novidades.',
  })

/** /blog: the hero and the newsletter block. The article listing comes with the blog issue. */
export default function Blog() {
  const { leadForm, subscribed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Nosso Blog"
        subtitle="Estratégias de inteligência artificial, automação e marketing digital para vender mais, explicadas por quem faz todos os dias."
      />
      <nav aria-label="Você está em" className="mx-auto max-w-[1200px] px-4 pt-6 text-sm text-ink-600 sm:px-6 lg:px-8">
        <ol className="flex gap-2">
          <li>
            <Link to="/" className="text-brand-700 underline">
              Início
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page">Blog</li>
        </ol>
      </nav>
      <Section id="newsletter" aria-labelledby="newsletter-titulo">
        <div className="mx-auto max-w-2xl rounded-3xl bg-brand-50 p-8 md:p-10">
          <h2 id="newsletter-titulo" className="text-2xl font-bold text-ink-900">
            Receba nossos conteúdos por e-mail
          </h2>
          <p className="mt-2 text-ink-700">Um e-mail por semana com o que está funcionando em IA, automação e tráfego pago. Sem spam; cancele quando quiser.</p>
          <div className="mt-6">
            <SuccessDialog kind="newsletter" open={subscribed} closeHref="/blog" />
            <NewsletterForm key={subscribed ? 'inscrito' : 'novo'} leadForm={leadForm} actionData={actionData} />
          </div>
        </div>
      </Section>
    </>
  )
}
