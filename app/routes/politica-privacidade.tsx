import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPageView } from '~/components/sections/legal-page'
import { loadLegalPage } from '~/content/legal-route.server'
import { routeMeta } from '~/content/seo'

/** /politica-privacidade: the privacy policy, from its legalPage document. */
export const loader = ({ context }: LoaderFunctionArgs) => loadLegalPage('politica-privacidade', context.preview)

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function PrivacyPolicy() {
  return <LegalPageView page={useLoaderData<typeof loader>().page} />
}
