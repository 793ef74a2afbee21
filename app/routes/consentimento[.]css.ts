import type { LoaderFunctionArgs } from '@remix-run/node'
import { consentStylesheet } from '~/analytics/consent.server'

/** /consentimento.css: the cookie choice applied without JavaScript (consent.server.ts). */
export function loader({ request }: LoaderFunctionArgs) {
  return consentStylesheet(request)
}
