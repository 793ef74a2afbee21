import type { LoaderFunctionArgs } from '@remix-run/node'
import { permanentRedirect } from '~/utils/http.server'

/** Legacy English address linked by the spec's not-found page (ADR 003). */
export const loader = ({ request }: LoaderFunctionArgs) => permanentRedirect(request, '/contato')
