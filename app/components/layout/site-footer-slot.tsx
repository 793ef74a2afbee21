import { ServerRendered } from '~/components/ui/server-rendered'
import type { SiteSettings } from '~/content/site-settings'

// Imported by the server build only: in the browser's, `import.meta.env.SSR` is false and the imports are gone.
const serverView = import.meta.env.SSR ? await import('./site-footer') : null
const builtIn = import.meta.env.SSR ? await import('~/content/built-in-site-settings') : null

/**
 * The footer, rendered by the server only (ServerRendered): the same on
 * every page of a visit, made of links, so nothing in it needs JavaScript;
 * leaving it out of hydration keeps its code out of every page's bundle and
 * its work off the main thread while the page starts (ADR 028).
 */
export function SiteFooterSlot({ settings }: { settings?: SiteSettings }) {
  // Without the root's settings (the error page of a refused post), the built-in copy.
  const shown = settings ?? builtIn?.fallbackSiteSettings
  return <ServerRendered view={serverView && shown ? <serverView.SiteFooter settings={shown} /> : null} />
}
