import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { ClientLoaderFunctionArgs } from '@remix-run/react'
import { useActionData, useLoaderData } from '@remix-run/react'
import { sendFunnelBeacon } from '~/analytics/funnel'
import { countFunnelSteps } from '~/analytics/funnel.server'
import { PageHero } from '~/components/sections/page-hero'
import { CalculatorSteps } from '~/components/tools/calculator'
import { Container } from '~/components/ui/section'
import { getCalculatorPage } from '~/content/content.server'
import type { CalculatorPage } from '~/content/schemas'
import { routeMeta } from '~/content/seo'
import { handleLeadAction, leadRouteHeaders } from '~/leads/lead-action.server'
import { calculatorLeadResults, loadCalculatorStep } from '~/tools/calculator/calculator.server'
import { calculatorLeadSchema } from '~/tools/calculator/lead-schema'
import { CALCULATOR_PATH, calculatorFunnelSteps, isBrowserStep, PARAMS, viewFromUrl } from '~/tools/calculator/steps'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, step] = await Promise.all([getCalculatorPage(context.preview), loadCalculatorStep(request)])
  await countFunnelSteps('calculator', step.funnel)
  return data({ page, view: step.view, leadForm: step.leadForm, stored: step.stored }, { status: step.status, headers: step.headers })
}

/** The page's content as the server last sent it, for the steps the browser works out itself (clientLoader). */
let lastContent: CalculatorPage | null = null
/** The addresses whose funnel steps this page already counted (a revalidation runs the clientLoader again). */
const counted = new Set<string>()

/**
 * With JavaScript, the steps that are arithmetic on the URL (pick a metric,
 * the form, the result) are worked out in the browser by the same
 * `viewFromUrl`, with the content the server already sent: a tap is answered
 * in the page, not after a round trip. The lead form (its signed timer) and
 * the stored full result still come from the server; so does the first view
 * (`hydrate`: on hydration `serverLoader` returns what the page was rendered
 * with, no request). The funnel steps a step worked out here completes are
 * posted as a beacon; the server counted those of the steps it answered.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url)
  const view = viewFromUrl(url)
  if (lastContent && isBrowserStep(view)) {
    if (!counted.has(url.href)) {
      counted.add(url.href)
      for (const step of calculatorFunnelSteps(url, view)) sendFunnelBeacon('calculator', step)
    }
    return { page: lastContent, view, leadForm: null, stored: null }
  }
  const fromServer = await serverLoader<typeof loader>()
  lastContent = fromServer.page
  return fromServer
}
clientLoader.hydrate = true as const

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const page = await getCalculatorPage(context.preview)
  const outcome = await handleLeadAction({
    request,
    context,
    form: 'calculator',
    schema: calculatorLeadSchema,
    results: (value) => calculatorLeadResults(value, page),
    // A trapped post's id names no lead: the same address, a result not found.
    confirmation: (lead) => `${CALCULATOR_PATH}?${PARAMS.result}=${lead.leadId}&${PARAMS.sent}=1`,
  })
  return outcome.response
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo, noIndex: args.location.search.length > 0 || undefined })

export default function Calculator() {
  const { page, view, leadForm, stored } = useLoaderData<typeof clientLoader>()
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
