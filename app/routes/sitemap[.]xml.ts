import { cacheTagHeaders, cacheTagsForRoutes } from '~/content/cache-tags'
import { sitemapEntries } from '~/content/sitemap.server'
import { getEnv } from '~/utils/env.server'
import { crawlerFileHeaders } from '~/utils/http.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'
import { buildSitemapXml } from '~/utils/sitemap.server'

/** /sitemap.xml: the pages registered in app/utils/sitemap.server.ts. */
export async function loader() {
  const xml = buildSitemapXml({ siteUrl: getEnv().SITE_URL, entries: await sitemapEntries() })
  return new Response(xml, {
    headers: { ...crawlerFileHeaders('application/xml; charset=utf-8'), ...cacheTagHeaders(cacheTagsForRoutes(['routes/sitemap[.]xml'])) },
  })
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
