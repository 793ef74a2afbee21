import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CaseStudyBody } from '~/components/sections/cases/case-study'
import { buttonClassName } from '~/components/ui/button'
import { UrlDialog } from '~/components/ui/dialog'
import { CloseIcon } from '~/components/ui/icons'
import { Container } from '~/components/ui/section'
import { getCaseStudy } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { cmsData } from '~/utils/http.server'

export async function loader({ params }: LoaderFunctionArgs) {
  const caseStudy = await getCaseStudy(params.slug ?? '')
  return cmsData({ caseStudy })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: args.data?.caseStudy.seo ?? { title: args.data?.caseStudy.title ?? 'Case', description: args.data?.caseStudy.summary ?? '' } })

/**
 * One case at its own URL. With JavaScript it is a pop-up over the cases grid
 * (a dialog, or a full-screen overlay for Quick2Sell and Pantera); closing it
 * goes back to /casos, so only one is ever open. Without JavaScript (and until
 * hydration) the same content is an article at the top of the page.
 */
export default function CaseRoute() {
  const { caseStudy } = useLoaderData<typeof loader>()
  const fullscreen = caseStudy.presentation === 'fullscreen'
  return (
    <UrlDialog
      closeHref="/casos"
      replaceOnClose={false}
      title={caseStudy.title}
      size={fullscreen ? 'full' : 'lg'}
      data-presentation={fullscreen ? 'fullscreen' : 'dialog'}
      fallback={
        <Container className="py-12">
          <article aria-labelledby="case-titulo" className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-lg ring-1 ring-ink-200 md:p-10">
            {/* Stays under the site header while a long case is read, like the pop-up's close control. */}
            <div className="sticky top-16 z-10 -mx-2 flex justify-end bg-white/95 py-2">
              <Link to="/casos" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
                <CloseIcon className="size-5" />
                Fechar
              </Link>
            </div>
            <p className="w-fit rounded-full bg-ink-100 px-3 py-1 text-xs font-semibold text-ink-700">{caseStudy.sector}</p>
            <h2 id="case-titulo" className="mt-3 text-title font-bold text-ink-900">
              {caseStudy.title}
            </h2>
            <div className="mt-2">
              <CaseStudyBody caseStudy={caseStudy} />
            </div>
            <Link to="/casos" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
              Fechar e ver todos os cases
            </Link>
          </article>
        </Container>
      }
    >
      <div className={fullscreen ? 'mx-auto max-w-3xl' : undefined}>
        <CaseStudyBody caseStudy={caseStudy} />
      </div>
    </UrlDialog>
  )
}
