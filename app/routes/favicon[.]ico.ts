import { redirect } from '@remix-run/node'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** Browsers and crawlers ask for /favicon.ico on their own; our icon is an SVG. */
export const loader = () => redirect('/favicon.svg', { status: 301 })

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
