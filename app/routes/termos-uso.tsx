import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPageView } from '~/components/sections/legal-page'
import { loadLegalPage } from '~/content/legal-route.server'
import { routeMeta } from '~/content/seo'

/** /termos-uso: the terms of use, from its legalPage document. */
export const loader = ({ context }: LoaderFunctionArgs) => loadLegalPage('termos-uso', context.preview)

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function TermsOfUse() {
  return <LegalPageView page={useLoaderData<typeof loader>().page} />
}
