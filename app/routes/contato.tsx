import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ContactPageForm } from '~/components/forms/contact-page-form'
import { SuccessDialog } from '~/components/forms/success-dialog'
import { SocialLinks } from '~/components/layout/social-links'
import { FaqList } from '~/components/sections/faq-list'
import { PageHero } from '~/components/sections/page-hero'
import { buttonClassName } from '~/components/ui/button'
import { Container, Section, SectionHeading } from '~/components/ui/section'
import { getFaqs } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { whatsappHref } from '~/content/site-settings'
import { useSiteSettings } from '~/content/use-site-settings'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction, leadRouteHeaders, prepareLeadForm } from '~/leads/lead-action.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const [faqs, { leadForm, headers }] = await Promise.all([getFaqs('contato'), prepareLeadForm(request, 'contato')])
  const sent = new URL(request.url).searchParams.get('enviado') === '1'
  return data({ faqs, leadForm, sent }, { headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await handleLeadAction({ request, context, form: 'contato', schema: contactPageSchema })
  if (outcome.status !== 'success') return outcome.response
  return redirect('/contato?enviado=1')
}

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, {
    title: 'Contato: fale com um especialista',
    description: 'Fale com a Alavanca Digital: formulário, WhatsApp, e-mail e telefone. Agende uma sessão estratégica gratuita e receba um plano para 3 meses.',
  })

export default function Contact() {
  const { faqs, leadForm, sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const settings = useSiteSettings()
  return (
    <>
      <PageHero
        eyebrow="Contato"
        title="Vamos conversar sobre o crescimento do seu negócio"
        subtitle="Conte o que você precisa: respondemos em poucos minutos no horário comercial e agendamos a sua sessão estratégica gratuita."
      />
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_22rem] lg:py-16">
        <section aria-labelledby="formulario-contato">
          <h2 id="formulario-contato" className="text-2xl font-bold text-ink-900">
            Envie sua mensagem
          </h2>
          <div className="mt-6">
            <SuccessDialog kind="contact" open={sent} closeHref="/contato" />
            <ContactPageForm key={sent ? 'enviado' : 'novo'} leadForm={leadForm} actionData={actionData} />
          </div>
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="informacoes-contato" className="rounded-2xl bg-brand-50 p-6">
            <h2 id="informacoes-contato" className="text-lg font-bold text-ink-900">
              Informações de contato
            </h2>
            <dl className="mt-4 space-y-3 text-ink-700">
              <div>
                <dt className="text-sm font-semibold text-ink-900">E-mail</dt>
                <dd>
                  <a className="text-brand-700 underline" href={`mailto:${settings.email}`}>
                    {settings.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-900">Telefone</dt>
                <dd>
                  <a className="text-brand-700 underline" href={`tel:${settings.phone.e164}`}>
                    {settings.phone.display}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-900">Horário de atendimento</dt>
                {settings.businessHours.map((slot) => (
                  <dd key={slot._key}>
                    {slot.days}: {slot.hours}
                  </dd>
                ))}
              </div>
            </dl>
          </section>
          <section aria-labelledby="presenca-digital" className="rounded-2xl bg-ink-50 p-6">
            <h2 id="presenca-digital" className="text-lg font-bold text-ink-900">
              Prefere conversar agora?
            </h2>
            <a
              href={whatsappHref(settings)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName({ variant: 'whatsapp', fullWidth: true, className: 'mt-4' })}
            >
              Conversar no WhatsApp<span className="sr-only"> (abre em nova aba)</span>
            </a>
            <SocialLinks profiles={settings.social} tone="light" className="mt-4" />
          </section>
        </aside>
      </Container>
      <Section tone="muted" aria-labelledby="perguntas-contato">
        <SectionHeading id="perguntas-contato" title="Perguntas frequentes" />
        <FaqList items={faqs} />
      </Section>
    </>
  )
}
