import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { PresenceTestResults } from '~/components/tools/presence-test-results'
import { Container } from '~/components/ui/section'
import { getPresenceTestPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { handleLeadAction, leadRouteHeaders } from '~/leads/lead-action.server'
import { presenceTestLeadSchema } from '~/tools/presence-test/lead-schema'
import { loadResultsView, postedAnswers, resultsAfterLead, testLeadResults } from '~/tools/presence-test/presence-test.server'
import { TEST_PATH } from '~/tools/presence-test/steps'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, results] = await Promise.all([getPresenceTestPage(context.preview), loadResultsView(request)])
  return data({ copy: page.results, seo: page.seo, view: results.view, leadForm: results.leadForm }, { status: results.status, headers: results.headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const page = await getPresenceTestPage(context.preview)
  const outcome = await handleLeadAction({
    request,
    context,
    form: 'presenceTest',
    schema: presenceTestLeadSchema,
    results: (value) => {
      const answers = postedAnswers(value.respostas, page)
      return answers ? testLeadResults(answers, page) : undefined
    },
    confirmation: async (lead) => (await resultsAfterLead(lead, page)) ?? TEST_PATH,
  })
  return outcome.response
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.seo, noIndex: true })

export default function PresenceTestResultsRoute() {
  const { copy, view, leadForm } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  return (
    <Container className="py-12 lg:py-16">
      <PresenceTestResults copy={copy} view={view} leadForm={leadForm} actionData={actionData} locationState={location.state} />
    </Container>
  )
}
