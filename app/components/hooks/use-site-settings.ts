import { useRouteLoaderData } from '@remix-run/react'
import type { SiteSettings } from '~/content/site-settings'
import type { loader as rootLoader } from '~/root'

/**
 * The agency's settings as the root loader read them for this request (the
 * built-in copy when content is down). Pages use these instead of querying
 * siteSettings again in their own loaders. The root loader does not fail
 * (its settings fall back, its first touch is pure), so every render has them.
 */
export function useSiteSettings(): SiteSettings {
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings
  if (!settings) throw new Error('Sem os dados do loader da raiz: o root.tsx não pode falhar (loadSiteSettings).')
  return settings
}
