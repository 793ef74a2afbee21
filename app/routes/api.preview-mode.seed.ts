import type { LoaderFunctionArgs } from '@remix-run/node'
import { enableSeedPreview } from '~/content/preview.server'

/** GET /api/preview-mode/seed: draft preview over the seed, with no Sanity project (content/preview.server.ts, ADR 037). */
export const loader = ({ request }: LoaderFunctionArgs) => enableSeedPreview(request)
