import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NotFound } from '~/components/sections/not-found'
import { fallbackSiteSettings as siteSettings } from '~/content/site-settings'
import { logJson } from '~/server/request-log'

/** Any path no other route claims: a real 404 status, logged once on the server. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  logJson({ level: 'warn', msg: 'not found', path: url.pathname + url.search, referer: request.headers.get('referer') })
  throw new Response('Not Found', { status: 404 })
}

export const meta: MetaFunction = () => [
  { title: `Página não encontrada | ${siteSettings.brand}` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function CatchAll() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
