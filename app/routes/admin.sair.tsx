import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { ADMIN_HEADERS, ADMIN_LOGIN_PATH, adminDatabase, requireAdmin, signOut } from '~/admin/auth.server'

/** /admin/sair: a post ends the session; a visit goes to the admin area (or its sign-in). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  throw redirect('/admin', { headers: ADMIN_HEADERS })
}

export async function action({ request }: ActionFunctionArgs) {
  const db = await adminDatabase()
  await requireAdmin(request, db)
  return redirect(ADMIN_LOGIN_PATH, { headers: { ...ADMIN_HEADERS, 'Set-Cookie': await signOut(db, request) } })
}
