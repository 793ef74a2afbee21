import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { countFunnelSteps } from '~/analytics/funnel.server'
import { PageHero } from '~/components/sections/page-hero'
import { PresenceTestQuestions, TestRestart } from '~/components/tools/presence-test-questions'
import { Container } from '~/components/ui/section'
import { getPresenceTestPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { answerQuestion, loadTestStep } from '~/tools/presence-test/presence-test.server'
import { cacheControl, passOnHeaders } from '~/utils/http.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await getPresenceTestPage(context.preview)
  const { questions, advice, step, status, headers } = loadTestStep(request, page)
  return data({ page, questions, advice, step }, { status, headers })
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const outcome = await answerQuestion(request, await getPresenceTestPage(context.preview))
  if (outcome.kind === 'redirect') {
    await countFunnelSteps('presenceTest', outcome.funnel)
    return outcome.response
  }
  return data({ message: outcome.message }, { status: outcome.status, headers: { 'Cache-Control': cacheControl.privateNoStore } })
}

/** A refusal's `Allow` (405) reaches the visitor, with JavaScript too. */
export const headers = passOnHeaders()

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo, noIndex: args.location.search.length > 0 || undefined })

export default function PresenceTest() {
  const { page, questions, advice, step } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />
      <Container className="py-12 lg:py-16">
        {step.ok ? (
          <PresenceTestQuestions
            key={step.state}
            questions={questions}
            advice={advice}
            digits={step.digits}
            state={step.state}
            previousHref={step.previousHref}
            message={actionData?.message}
          />
        ) : (
          <TestRestart message={step.message} />
        )}
      </Container>
    </>
  )
}
