import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { withBodyHtml } from '~/components/content/rich-text-html.server'
import { LegalPageView } from '~/components/sections/legal-page'
import { loadLegalPage } from '~/content/legal-route.server'
import { routeMeta } from '~/content/seo'
import { cmsData } from '~/utils/http.server'

/** /politica-privacidade: the privacy policy, from its legalPage document. */
export async function loader({ context }: LoaderFunctionArgs) {
  return cmsData({ page: withBodyHtml(await loadLegalPage('politica-privacidade', context.preview)) })
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function PrivacyPolicy() {
  return <LegalPageView page={useLoaderData<typeof loader>().page} />
}
