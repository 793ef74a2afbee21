import type { LoaderFunctionArgs } from '@remix-run/node'
import { consentStylesheet } from '~/analytics/consent.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** /consentimento.css: the cookie choice applied without JavaScript (consent.server.ts). */
export function loader({ request }: LoaderFunctionArgs) {
  return consentStylesheet(request)
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
