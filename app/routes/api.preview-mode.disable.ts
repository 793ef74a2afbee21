import type { ActionFunctionArgs } from '@remix-run/node'
import { disablePreview, DISABLE_FIELDS } from '~/content/preview.server'
import { readFormBody } from '~/utils/form-body.server'
import { ALLOW, refuseMethods, requirePost, type ResourceRule } from '~/utils/methods.server'

const EXIT_METHODS: ResourceRule = { allow: ALLOW.postOnly, kind: 'text' }

/** POST /api/preview-mode/disable: leaves draft preview (the preview bar's button; content/preview.server.ts, ADR 037). */
export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, EXIT_METHODS)
  const body = await readFormBody(request, { fields: DISABLE_FIELDS })
  if (!body.ok) return new Response(body.refusal.message, { status: body.refusal.status, headers: body.refusal.headers })
  const redirect = body.formData.get('redirect')
  return disablePreview(request, typeof redirect === 'string' ? redirect : null)
}

/** A visit (not a post) changes nothing: 405, as for any form address. */
export const loader = refuseMethods(EXIT_METHODS)
