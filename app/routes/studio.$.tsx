import { data, type HeadersFunction, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { lazy, Suspense } from 'react'
import { ConnectProject, StudioLoading } from '~/components/studio-setup-guide'
import { useHydrated } from '~/components/ui/use-hydrated'
import { getEnv } from '~/utils/env.server'
import { cacheControl } from '~/utils/http.server'

/**
 * /studio/*: the embedded Sanity Studio. The page is rendered on the server
 * only as a shell; the Studio itself is a lazily imported browser chunk
 * (~/components/studio.client), so no other route ever loads its code. The
 * server sends this path a looser Content-Security-Policy of its own
 * (app/server/security-headers.ts). With no project configured the page
 * explains, in Portuguese, how to connect one.
 */
export async function loader() {
  const env = getEnv()
  const projectId = env.SANITY_STUDIO_PROJECT_ID ?? env.SANITY_PROJECT_ID
  const dataset = env.SANITY_STUDIO_DATASET ?? env.SANITY_DATASET
  return data(
    { studio: projectId ? { projectId, dataset } : null, siteUrl: env.SITE_URL },
    { headers: { 'Cache-Control': cacheControl.privateNoStore, 'X-Robots-Tag': 'noindex, nofollow' } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? cacheControl.privateNoStore,
  'X-Robots-Tag': 'noindex, nofollow',
})

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: loaderData?.studio ? 'Studio | Alavanca Digital' : 'Conectar o Studio | Alavanca Digital' },
  { name: 'robots', content: 'noindex, nofollow' },
]

const EmbeddedStudio = lazy(() => import('~/components/studio.client'))

export default function StudioRoute() {
  const { studio, siteUrl } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  if (!studio) return <ConnectProject siteUrl={siteUrl} />
  return (
    // Over the site's header and footer: the Studio needs the whole window.
    <div className="fixed inset-0 z-[100] bg-white" data-testid="studio-root">
      {hydrated ? (
        <Suspense fallback={<StudioLoading />}>
          <EmbeddedStudio projectId={studio.projectId} dataset={studio.dataset} />
        </Suspense>
      ) : (
        <StudioLoading needsJavaScript />
      )}
    </div>
  )
}
