/**
 * Component tests as a person meets the component: Testing Library in a DOM
 * (jsdom; a test file opts in with `// @vitest-environment jsdom`), queried
 * by role and accessible name. A component that needs a route (Remix's Link,
 * useLocation, useNavigate) renders inside one, from @remix-run/testing.
 *
 *   renderInBrowser(<Field ... />)          // React in the browser, after hydration
 *   renderOnServer(<ConfirmationDialog />)  // the HTML a visitor without JavaScript gets
 */
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach } from 'vitest'
import { allowConsoleErrors } from './console-guard'

// Testing Library wraps renders and events in act(); React wants to be told it runs under a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

function inRoute(element: ReactElement, url: string) {
  const RemixStub = createRemixStub([{ path: '*', Component: () => element }])
  return <RemixStub initialEntries={[url]} />
}

/** Renders `element` with React in the document, as the page at `url`. */
export function renderInBrowser(element: ReactElement, { url = '/' }: { url?: string } = {}) {
  return render(inRoute(element, url))
}

/**
 * Renders `element` on the server, as the page at `url`, and puts that HTML in
 * the document without running React: what a visitor without JavaScript has.
 */
export function renderOnServer(element: ReactElement, { url = '/' }: { url?: string } = {}) {
  // The site's server renders under a static router; the stub's is a memory router, so React Router's
  // own hooks (RouterProvider, Link, useNavigate) ask for layout effects here, which React flags on the
  // server. Only that warning, from inside the stub, is let through. (The site's real server render
  // and its hydration are checked end to end: tests/e2e/hydration.spec.ts.)
  allowConsoleErrors(/^Warning: useLayoutEffect does nothing on the server[\s\S]*\n\s+at RemixStub \(/)
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToStaticMarkup(inRoute(element, url))
  return { container, ...within(container) }
}
