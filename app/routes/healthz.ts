import { cacheControl } from '~/utils/http.server'

/** Liveness probe for load balancers and the test harness. */
export async function loader() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': cacheControl.noStore } })
}
