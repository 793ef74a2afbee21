import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { withBodyHtml } from '~/components/content/rich-text-html.server'
import { CaseStudyArticle, CaseStudyBody } from '~/components/sections/cases/case-study'
import { UrlDialog } from '~/components/ui/dialog'
import { getCaseStudy } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { cmsData } from '~/utils/http.server'
import type { loader as casesLoader } from './casos'

export async function loader({ params, context }: LoaderFunctionArgs) {
  return cmsData({ caseStudy: withBodyHtml(await getCaseStudy(params.slug ?? '', context.preview)) })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: args.data?.caseStudy.seo ?? { title: args.data?.caseStudy.title ?? 'Case', description: args.data?.caseStudy.summary ?? '' } })

/**
 * One case at its own URL. Opened from the cases grid in the hydrated page it
 * is a pop-up over it (a dialog, or a full-screen overlay for Quick2Sell and
 * Pantera); closing it goes back to /casos, so only one is ever open. Landed
 * on (a shared link, a reload) and without JavaScript the same content is an
 * article at the top of the page (UrlDialog).
 */
export default function CaseRoute() {
  const { caseStudy } = useLoaderData<typeof loader>()
  // The words around every case are the cases page's (the parent route's loader already has them).
  const ending = useRouteLoaderData<typeof casesLoader>('routes/casos')!.page.caseEnding
  const fullscreen = caseStudy.presentation === 'fullscreen'
  return (
    <UrlDialog
      closeHref="/casos"
      replaceOnClose={false}
      title={caseStudy.title}
      size={fullscreen ? 'full' : 'lg'}
      data-presentation={fullscreen ? 'fullscreen' : 'dialog'}
      fallback={<CaseStudyArticle caseStudy={caseStudy} ending={ending} closeHref="/casos" />}
    >
      <div className={fullscreen ? 'mx-auto max-w-3xl' : undefined}>
        <CaseStudyBody caseStudy={caseStudy} ending={ending} />
      </div>
    </UrlDialog>
  )
}
