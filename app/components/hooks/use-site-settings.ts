import { useRouteLoaderData } from '@remix-run/react'
import type { SiteSettings } from '~/content/site-settings'
import type { loader as rootLoader } from '~/root'

/**
 * The agency's settings as the root loader read them for this request (the
 * built-in copy when content is down), or undefined on the one page without
 * them: the error page of a post Remix refused (a page without an action) or
 * whose action threw, for which Remix runs no loader. The root loader itself
 * does not fail.
 */
export function useRootSettings(): SiteSettings | undefined {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings
}

/**
 * The settings, for a page's own components: a page renders only when the
 * loaders ran, the root's among them. Pages use these instead of querying
 * siteSettings again in their own loaders.
 */
export function useSiteSettings(): SiteSettings {
  const settings = useRootSettings()
  if (!settings) throw new Error('useSiteSettings: no data from the app/root.tsx loader (only the error page of a refused post lacks it)')
  return settings
}
