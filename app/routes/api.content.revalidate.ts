import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { activeCachePurgeTargets, cachePurgeSettingsFromEnv } from '~/content/cache-purge.server'
import { revalidateContent } from '~/content/revalidate.server'
import { getEnv } from '~/utils/env.server'
import { migratedDatabase } from '../../db/client'

const options = () => {
  const env = getEnv()
  return { secret: env.SANITY_WEBHOOK_SECRET, db: () => migratedDatabase(env), purgeTargets: activeCachePurgeTargets(cachePurgeSettingsFromEnv(env)) }
}

/** Sanity's publish webhook (app/content/revalidate.server.ts; set-up in docs/content-source.md). */
export const action = ({ request }: ActionFunctionArgs) => revalidateContent(request, options())

/** GET and HEAD: 405, POST only. */
export const loader = ({ request }: LoaderFunctionArgs) => revalidateContent(request, options())
