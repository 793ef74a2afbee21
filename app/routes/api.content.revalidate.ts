import type { ActionFunctionArgs } from '@remix-run/node'
import { revalidateContent } from '~/content/revalidate.server'
import { getEnv } from '~/utils/env.server'

export const action = ({ request }: ActionFunctionArgs) => revalidateContent(request, getEnv().SANITY_WEBHOOK_SECRET)

export const loader = () => new Response('Use POST', { status: 405, headers: { Allow: 'POST' } })
