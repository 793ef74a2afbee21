import { blogRss } from '~/blog/rss.server'
import { cacheTagHeaders, cacheTagsForRoutes } from '~/content/cache-tags'
import { getEnv } from '~/utils/env.server'
import { crawlerFileHeaders } from '~/utils/http.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** /blog/rss.xml: the blog's feed (RSS 2.0). */
export async function loader() {
  return new Response(await blogRss(getEnv().SITE_URL), {
    headers: { ...crawlerFileHeaders('application/rss+xml; charset=utf-8'), ...cacheTagHeaders(cacheTagsForRoutes(['routes/blog.rss[.]xml'])) },
  })
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
