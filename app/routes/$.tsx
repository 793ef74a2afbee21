import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NotFound } from '~/components/errors/not-found'
import { NOT_FOUND_MESSAGE } from '~/content/messages'
import { notFoundMeta } from '~/content/seo'
import { logJson } from '~/utils/log.server'

/** Any path no other route claims: a real 404 status, logged once on the server (the logger drops the query's and the Referer's values). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  logJson({ level: 'warn', msg: 'not found', path: url.pathname + url.search, referer: request.headers.get('referer') })
  throw new Response(NOT_FOUND_MESSAGE, { status: 404 })
}

// The brand comes from the root's site settings, like every other page's title.
export const meta: MetaFunction = notFoundMeta

export default function CatchAll() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
