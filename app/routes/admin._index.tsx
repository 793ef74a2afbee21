import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { ADMIN_HEADERS, adminRequest } from '~/admin/auth.server'

/** /admin: until the dashboard arrives, the leads table. */
export async function loader({ request }: LoaderFunctionArgs) {
  await adminRequest(request)
  throw redirect('/admin/leads', { headers: ADMIN_HEADERS })
}
