import { getEnv } from '~/utils/env.server'
import { crawlerFileHeaders } from '~/utils/http.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'
import { buildRobotsTxt } from '~/utils/robots.server'

/** /robots.txt: the crawler rules of app/utils/robots.server.ts, as plain text. */
export function loader() {
  return new Response(buildRobotsTxt({ siteUrl: getEnv().SITE_URL }), {
    headers: crawlerFileHeaders('text/plain; charset=utf-8'),
  })
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
