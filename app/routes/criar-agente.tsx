import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { countFunnelSteps } from '~/analytics/funnel.server'
import { PageHero } from '~/components/sections/page-hero'
import { BriefingSent, BriefingWizard } from '~/components/tools/briefing-wizard'
import { Container } from '~/components/ui/section'
import { getBriefingPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { handleLeadAction, leadRouteHeaders, prepareLeadForm, type LeadActionData } from '~/leads/lead-action.server'
import { BRIEFING_PATH, briefingContact, briefingResults, briefingServerSchema, readBriefingStep } from '~/tools/briefing/briefing.server'
import { briefingFunnelStep } from '~/tools/briefing/options'
import { cacheControl } from '~/utils/http.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, { leadForm, headers }] = await Promise.all([getBriefingPage(context.preview), prepareLeadForm(request, 'briefing')])
  const sent = new URL(request.url).searchParams.get('enviado') === '1'
  return data({ page, leadForm, sent }, { headers })
}

export const headers = leadRouteHeaders

type StepData = { step: number; values: Record<string, string | string[]> }

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const step = await readBriefingStep(request)
  if ('refusal' in step) return step.refusal.response
  const funnelStep = briefingFunnelStep(step.from, step.step)
  if (funnelStep) await countFunnelSteps('briefing', [funnelStep])
  if (step.intent !== 'send') return data<StepData>({ step: step.step, values: step.values }, { headers: { 'Cache-Control': cacheControl.privateNoStore } })
  const outcome = await handleLeadAction({
    request,
    context,
    form: 'briefing',
    schema: briefingServerSchema,
    contact: briefingContact,
    results: briefingResults,
    confirmation: () => `${BRIEFING_PATH}?enviado=1`,
  })
  return outcome.response
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function CreateAgent() {
  const { page, leadForm, sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as (StepData & Partial<LeadActionData>) | LeadActionData | undefined
  const stepData = actionData && 'step' in actionData ? actionData : undefined
  const leadData = actionData && 'result' in actionData ? (actionData as LeadActionData) : undefined
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />
      <Container className="py-12 lg:py-16">
        {sent ? (
          <BriefingSent />
        ) : (
          <BriefingWizard
            key={stepData ? `etapa-${stepData.step}` : 'inicio'}
            page={page}
            step={stepData?.step ?? 1}
            values={stepData?.values ?? {}}
            leadForm={leadForm}
            actionData={leadData}
          />
        )}
      </Container>
    </>
  )
}
