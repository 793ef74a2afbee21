import type { ActionFunctionArgs } from '@remix-run/node'
import { funnelBeaconResponse } from '~/analytics/funnel.server'
import { ALLOW, refuseMethods, requirePost, type ResourceRule } from '~/utils/methods.server'

const BEACON_METHODS: ResourceRule = { allow: ALLOW.postOnly, kind: 'text' }

/** POST /api/funil: the tools' funnel beacon (a step the browser ran itself; ADR 040). */
export function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, BEACON_METHODS)
  return funnelBeaconResponse(request, undefined, { clientIp: context.clientIp })
}

/** A visit counts nothing: 405, as for any address that takes posts only. */
export const loader = refuseMethods(BEACON_METHODS)
