import { ServerRendered } from '~/components/ui/server-rendered'
import type { SiteSettings } from '~/content/site-settings'

// Imported by the server build only: in the browser's, `import.meta.env.SSR` is false and the import is gone.
const serverView = import.meta.env.SSR ? await import('./site-footer') : null

/**
 * The footer, rendered by the server only (ServerRendered): the same on
 * every page of a visit, made of links, so nothing in it needs JavaScript;
 * leaving it out of hydration keeps its code out of every page's bundle and
 * its work off the main thread while the page starts (ADR 028).
 */
export function SiteFooterSlot({ settings }: { settings: SiteSettings }) {
  return <ServerRendered view={serverView ? <serverView.SiteFooter settings={settings} /> : null} />
}
