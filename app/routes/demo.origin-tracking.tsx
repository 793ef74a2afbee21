import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { originDemoView } from '~/analytics/origin-demo.server'
import { OriginTrackingDemo } from '~/components/sections/origin-tracking-demo'
import { routeMeta } from '~/content/seo'
import { cacheControl } from '~/utils/http.server'

/** /demo/origin-tracking: this visit's own origin data, so never shared by a cache and kept out of search engines. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data({ view: await originDemoView(request, context) }, { headers: { 'Cache-Control': cacheControl.privateNoStore } })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, {
    seo: {
      title: 'Demonstração: rastreamento de origem',
      description: 'Veja os dados de origem que os formulários da Alavanca Digital enviam com um contato: campanha, anúncio, página e sessão.',
    },
    noIndex: true,
  })

export default function OriginTrackingDemoRoute() {
  return <OriginTrackingDemo view={useLoaderData<typeof loader>().view} />
}
