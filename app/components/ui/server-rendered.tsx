import type { ReactNode } from 'react'

/**
 * Markup that only the server renders, for parts of the root layout that
 * never change while the document lives (the cookie banner, the footer):
 * their code stays out of every page's JavaScript and React has nothing to
 * hydrate there. In the browser `view` is null (the module that renders it
 * is imported behind `import.meta.env.SSR`, so the client build drops it)
 * and the wrapper keeps the server's markup: React does not hydrate an
 * empty `dangerouslySetInnerHTML`, and the root layout never re-renders it
 * with anything else. Links inside are plain links (a full page load).
 *
 *   const serverView = import.meta.env.SSR ? await import('./site-footer') : null
 *   <ServerRendered view={serverView ? <serverView.SiteFooter … /> : null} />
 */
export function ServerRendered({ id, view }: { id?: string; view: ReactNode | null }) {
  if (view === null) return <div id={id} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  return <div id={id}>{view}</div>
}
