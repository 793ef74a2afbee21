import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PageHero } from '~/components/sections/page-hero'
import { CalculatorSteps } from '~/components/tools/calculator'
import { Container } from '~/components/ui/section'
import { getCalculatorPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { handleLeadAction, leadRouteHeaders } from '~/leads/lead-action.server'
import { calculatorLeadResults, loadCalculatorStep } from '~/tools/calculator/calculator.server'
import { calculatorLeadSchema } from '~/tools/calculator/lead-schema'
import { CALCULATOR_PATH, PARAMS } from '~/tools/calculator/steps'

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, step] = await Promise.all([getCalculatorPage(), loadCalculatorStep(request)])
  return data({ page, view: step.view, leadForm: step.leadForm, stored: step.stored }, { status: step.status, headers: step.headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  const page = await getCalculatorPage()
  const outcome = await handleLeadAction({
    request,
    context,
    form: 'calculadora',
    schema: calculatorLeadSchema,
    results: (value) => calculatorLeadResults(value, page),
  })
  if (outcome.status !== 'success') return outcome.response
  if (!outcome.leadId) return redirect(CALCULATOR_PATH, { headers: outcome.headers })
  return redirect(`${CALCULATOR_PATH}?${PARAMS.result}=${outcome.leadId}&${PARAMS.sent}=1`, { headers: outcome.headers })
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo, noIndex: args.location.search.length > 0 || undefined })

export default function Calculator() {
  const { page, view, leadForm, stored } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />
      <Container className="py-12 lg:py-16">
        <CalculatorSteps page={page} view={view} leadForm={leadForm} stored={stored} actionData={actionData} />
      </Container>
    </>
  )
}
