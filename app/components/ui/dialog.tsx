import { useLocation, useNavigate } from '@remix-run/react'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import type { DialogContentProps } from './dialog-box'
import { useHydrated } from './use-hydrated'

const DialogBox = lazy(() => import('./dialog-box'))

/**
 * Dialogs: a thin, styled layer over @radix-ui/react-dialog. Radix gives focus
 * trapping, Escape and overlay click to close, focus return to the trigger,
 * `aria-modal`, and scroll locking. Radix itself lives in ./dialog-box, loaded
 * when a dialog first opens, so no page carries it up front (ADR 025).
 *
 * THE NO-JAVASCRIPT TWIN (every dialog needs one)
 * A Radix dialog only exists once React runs in the browser (its portal does
 * not render on the server). So every confirmation that opens in a dialog
 * must also be reachable without JavaScript, by URL:
 *
 *   1. The form posts to its route's action (a plain `<Form method="post">`).
 *   2. On success the action redirects (post/redirect/get) to a URL that says
 *      so, e.g. `/contato?enviado=1`.
 *   3. The loader reads that flag and the page renders
 *      `<ConfirmationDialog open={sent} closeHref="/contato" title=... />`
 *      (./confirmation-dialog.tsx).
 *      - Without JavaScript, or on a page loaded at that URL, it renders a
 *        `ConfirmationPanel`: the same title, text and actions, inline in the
 *        page with role="status", and a 'Fechar' link to `closeHref`.
 *      - Sent from the hydrated page it renders the Radix dialog, open; closing
 *        it navigates to `closeHref` (replace, no scroll jump), which drops the flag.
 *   Same URL, same content, same way out, whichever way the visitor came.
 */

export type UrlDialogProps = Omit<DialogContentProps, 'title'> & {
  title: ReactNode
  /** Where closing the dialog goes (the page without it). */
  closeHref: string
  /** What the page shows instead without JavaScript (and until hydration): the no-JS twin. */
  fallback: ReactNode
  /** Replace the history entry on close (a confirmation) or push a new one (a case you can go back to). */
  replaceOnClose?: boolean
  /** Called when the dialog closes; by default it navigates to `closeHref`. */
  onClose?: () => void
}

/** The history entry the document was loaded at, if it showed a URL dialog's twin: set once, in the browser. */
let landedOnKey: string | undefined

/**
 * The one no-JS twin pattern for dialogs the site opens by URL (a
 * confirmation after a send, a case at /casos/:key): without JavaScript the
 * page renders `fallback` in place, with a link to `closeHref`; a dialog the
 * visitor opens in the hydrated page (a card's link, a send) is the same
 * content as a Radix dialog whose closing navigates there.
 * (The mobile menu is the other kind: a :target panel, ADR 007.)
 *
 * A URL the visitor landed on (the server rendered the twin) stays the page
 * it was, with or without JavaScript: hydration does not turn what they are
 * already reading into a dialog, which would take their focus and scroll
 * position a second or two after the page showed (ADR 025). Only that
 * history entry is, whenever the visitor comes back to it: the next URL they
 * open from the hydrated page is a dialog (one case after another from the grid).
 */
export function UrlDialog({ closeHref, fallback, replaceOnClose = true, onClose, children, ...content }: UrlDialogProps) {
  const hydrated = useHydrated()
  const { key } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    // Once, with the first render's values, and only in the browser: mounted while hydrating, this is the history
    // entry the document was loaded at (its twin is the server's HTML). It runs before the render that follows hydration.
    if (!hydrated) landedOnKey ??= key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (!hydrated || key === landedOnKey) return <>{fallback}</>
  const close = onClose ?? (() => navigate(closeHref, { replace: replaceOnClose, preventScrollReset: true }))
  return (
    // While Radix's chunk loads (the first dialog of a visit) the twin stands in.
    <Suspense fallback={fallback}>
      <DialogBox {...content} onClose={close}>
        {children}
      </DialogBox>
    </Suspense>
  )
}
