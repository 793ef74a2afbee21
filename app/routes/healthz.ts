import { isDraining } from '~/server/lifecycle.server'
import { cacheControl } from '~/utils/http.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** Readiness for load balancers and the test harness: 503 once the instance is stopping (SIGTERM). */
export async function loader() {
  const headers = { 'Cache-Control': cacheControl.noStore }
  if (isDraining()) return Response.json({ status: 'draining' }, { status: 503, headers })
  return Response.json({ status: 'ok' }, { headers })
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'json' })
