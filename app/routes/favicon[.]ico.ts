import { redirect } from '@remix-run/node'

/** Browsers and crawlers ask for /favicon.ico on their own; our icon is an SVG. */
export const loader = () => redirect('/favicon.svg', { status: 301 })
