import type { LoaderFunctionArgs } from '@remix-run/node'
import { enablePreview } from '~/content/preview.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** GET /api/preview-mode/enable: the Presentation tool's way in to draft preview (content/preview.server.ts, ADR 037). */
export const loader = ({ request, context }: LoaderFunctionArgs) => enablePreview(request, undefined, undefined, { clientIp: context.clientIp })

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
