import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true once React runs in the
 * browser. Lets a component render its no-JavaScript form first (a link, an
 * inline panel) and swap to the enhanced one without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
