import type { ActionFunctionArgs } from '@remix-run/node'
import { funnelBeaconResponse } from '~/analytics/funnel.server'
import { cacheControl } from '~/utils/http.server'

/** POST /api/funil: the tools' funnel beacon (a step the browser ran itself; ADR 040). */
export const action = ({ request, context }: ActionFunctionArgs) => funnelBeaconResponse(request, undefined, { clientIp: context.clientIp })

/** A visit counts nothing: 405, as for any address that takes posts only. */
export const loader = () => new Response(null, { status: 405, headers: { Allow: 'POST', 'Cache-Control': cacheControl.privateNoStore } })
