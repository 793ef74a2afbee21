import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPageView } from '~/components/sections/legal-page'
import { loadLegalPage } from '~/content/legal-route.server'
import { routeMeta } from '~/content/seo'

/** /politica-privacidade: the privacy policy, from its legalPage document. */
export const loader = () => loadLegalPage('politica-privacidade')

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function PrivacyPolicy() {
  return <LegalPageView page={useLoaderData<typeof loader>().page} />
}
