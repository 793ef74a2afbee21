import { isDraining } from '~/server/lifecycle.server'
import { cacheControl } from '~/utils/http.server'

/** Readiness for load balancers and the test harness: 503 once the instance is stopping (SIGTERM). */
export async function loader() {
  const headers = { 'Cache-Control': cacheControl.noStore }
  if (isDraining()) return Response.json({ status: 'draining' }, { status: 503, headers })
  return Response.json({ status: 'ok' }, { headers })
}
