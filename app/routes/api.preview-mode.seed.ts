import type { LoaderFunctionArgs } from '@remix-run/node'
import { enableSeedPreview } from '~/content/preview.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** GET /api/preview-mode/seed: draft preview over the seed, with no Sanity project (content/preview.server.ts, ADR 037). */
export const loader = ({ request }: LoaderFunctionArgs) => enableSeedPreview(request)

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
