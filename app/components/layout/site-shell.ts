import { useMatches } from '@remix-run/react'

/**
 * A route's `handle` that leaves the public site's shell out of its pages and
 * of every page below it (ADR 038): no header, footer or cookie banner, and
 * none of the consent and measurement scripts (the data layer, the tag
 * manager, web vitals, the first touch, the lead events, the subscription
 * script). The route renders a shell of its own: the admin area does.
 */
export const OWN_SHELL = { siteShell: false } as const

/** Whether this page sits in the public site's shell: unless a matched route's handle is OWN_SHELL. */
export function useSiteShell(): boolean {
  return !useMatches().some((match) => (match.handle as Partial<typeof OWN_SHELL> | undefined)?.siteShell === false)
}
