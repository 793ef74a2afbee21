import { lazy, memo, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react'

/**
 * A part of a page that React hydrates after the rest (selective hydration,
 * React 18; issue 42, ADR 028): its code is a chunk of its own, imported
 * when hydration reaches it, so it is not in the page's JavaScript up front
 * and the rest of the page does not wait for it.
 *
 * - The server renders it in full (the document waits for every lazy part,
 *   entry.server.tsx), so the HTML is the same as without it, and without
 *   JavaScript nothing changes.
 * - Until its code arrives, React keeps the server's HTML as it is: a link
 *   in it navigates and a form in it posts as HTML, which the server answers
 *   as it does without JavaScript (tests/e2e/islands.spec.ts).
 * - Rendered in the browser without server HTML (a client navigation to the
 *   page), `fallback` shows until the code arrives.
 * - The same serves a part shown only on demand (a confirmation): its code
 *   loads when it first renders, or ahead of that with `preload`.
 * - An update that reaches the boundary before it has hydrated must not be
 *   urgent, or React throws the server's HTML away (#421, ADR 035). New
 *   loader data reaches it in Remix's transition, which waits for the
 *   island's code (tests/e2e/islands.spec.ts: a navigation within the page
 *   keeps the held form); the island is memoised, so a re-render of its page
 *   with the same props does not reach it at all.
 */
// `any` as in React's own `lazy<T extends ComponentType<any>>`: the island takes the component's props as they are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function island<Component extends ComponentType<any>>(load: () => Promise<Component>, fallback: ReactNode = null) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })))
  const Island = memo(function Island(props: ComponentProps<Component>) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    )
  })
  /** Fetches the island's code ahead of its first render (the browser keeps the module, so it loads once). */
  const preload = () => void load().catch(() => {})
  return Object.assign(Island, { preload })
}

/**
 * The handlers that fetch a part's code once the visitor reaches for what
 * shows it (the pointer over it, or the focus in it), so it opens at once:
 * a form whose send shows a confirmation.
 */
export function preloadOnIntent(preload: () => void) {
  return { onFocus: preload, onPointerEnter: preload }
}
