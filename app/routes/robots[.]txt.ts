import { getEnv } from '~/utils/env.server'
import { crawlerFileHeaders } from '~/utils/http.server'
import { buildRobotsTxt } from '~/utils/robots.server'

/** /robots.txt: the crawler rules of app/utils/robots.server.ts, as plain text. */
export function loader() {
  return new Response(buildRobotsTxt({ siteUrl: getEnv().SITE_URL }), {
    headers: crawlerFileHeaders('text/plain; charset=utf-8'),
  })
}
