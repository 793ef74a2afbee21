import { useRouteLoaderData } from '@remix-run/react'
import { fallbackSiteSettings, type SiteSettings } from '~/content/site-settings'
import type { loader as rootLoader } from '~/root'

/**
 * The agency's settings as the root loader read them for this request (the
 * built-in copy when content is down). Pages use these instead of querying
 * siteSettings again in their own loaders.
 */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings ?? fallbackSiteSettings
}
