/**
 * Input that arrives while React is hydrating the document goes to the
 * browser, not to React (remix-run/remix#10214).
 *
 * With single fetch, `<RemixBrowser>` suspends at the very top of the tree
 * until the page's data is decoded. A tap, a click or a key press in that
 * moment makes React 18 hydrate the root synchronously; the root then
 * suspends with no boundary above it, and React throws "Root did not
 * complete" (#345), which leaves the page without JavaScript. On a slow
 * phone that moment is long enough for a real visitor's first tap.
 *
 * Until hydration has committed, the discrete events React would hydrate for
 * (its own list, `discreteReplayableEvents` in react-dom 18) stop at the
 * window, in the capture phase, before React's listener on the document. Their
 * default actions still happen: a link still opens its page, a form is
 * still posted, a key still moves the focus. So the page works as it does
 * without JavaScript until React takes over.
 */
const DISCRETE_EVENTS =
  'mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel pointerdown pointerup dragend dragstart drop compositionend compositionstart keydown keypress keyup input textInput copy cut paste click change contextmenu reset submit'.split(
    ' ',
  )

const keepFromReact = (event: Event) => event.stopPropagation()

/** Called before `hydrateRoot` (entry.client.tsx). */
export function holdInputDuringHydration(): void {
  for (const type of DISCRETE_EVENTS) window.addEventListener(type, keepFromReact, true)
}

/**
 * Called once the page has hydrated, its layout and its content (root.tsx's
 * `PageHydrated`): React's handlers are in place. `<html data-hydrated>` says so from then on
 * (the end-to-end tests wait for it before they test what JavaScript does).
 */
export function releaseInputAfterHydration(): void {
  document.documentElement.dataset.hydrated = 'true'
  for (const type of DISCRETE_EVENTS) window.removeEventListener(type, keepFromReact, true)
}
