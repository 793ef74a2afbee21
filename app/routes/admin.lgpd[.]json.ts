import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { ADMIN_HEADERS, adminRequest } from '~/admin/auth.server'
import { lgpdMessages } from '~/admin/lgpd-page.server'
import { isRequestEmail, normalizeRequestEmail, personData, recordExport } from '~/admin/lgpd.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** /admin/lgpd.json?email=…: everything held for the person, as a JSON file (the export is audited). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, admin } = await adminRequest(request)
  const email = normalizeRequestEmail(new URL(request.url).searchParams.get('email') ?? '')
  if (!isRequestEmail(email)) throw data(lgpdMessages.invalidEmail, { status: 400, headers: ADMIN_HEADERS })
  const held = await personData(db, email)
  await recordExport(db, admin, held)
  return new Response(JSON.stringify(held, null, 2), {
    headers: { ...ADMIN_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': 'attachment; filename="dados-lgpd.json"' },
  })
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'json' })
