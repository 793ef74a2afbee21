import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { revalidateContent } from '~/content/revalidate.server'
import { getEnv } from '~/utils/env.server'

/** Sanity's publish webhook (app/content/revalidate.server.ts; set-up in docs/content-source.md). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  revalidateContent(request, getEnv().SANITY_WEBHOOK_SECRET, Date.now(), context.purgePageCache)

/** GET and HEAD: 405, POST only. */
export const loader = ({ request }: LoaderFunctionArgs) => revalidateContent(request, getEnv().SANITY_WEBHOOK_SECRET)
