import type { LoaderFunctionArgs } from '@remix-run/node'
import { permanentRedirect } from '~/utils/http.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** Legacy English address linked by the spec's not-found page (ADR 003). */
export const loader = ({ request }: LoaderFunctionArgs) => permanentRedirect(request, '/servicos')

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
