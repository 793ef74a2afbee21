import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * Whether this page is shown by the Studio's Presentation tool: in its frame,
 * or in a window it opened. False on the server and during hydration.
 */
export function useInStudio(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.self !== window.top || Boolean(window.opener),
    () => false,
  )
}
