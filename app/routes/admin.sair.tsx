import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { ADMIN_HEADERS, ADMIN_LOGIN_PATH, adminRequest, signOut } from '~/admin/auth.server'
import { ALLOW, requirePost } from '~/utils/methods.server'

/** /admin/sair: a post ends the session; a visit goes to the admin area (or its sign-in). */
export async function loader({ request }: LoaderFunctionArgs) {
  await adminRequest(request)
  throw redirect('/admin', { headers: ADMIN_HEADERS })
}

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, { allow: ALLOW.form, kind: 'text' })
  const { db, admin } = await adminRequest(request)
  return redirect(ADMIN_LOGIN_PATH, { headers: { ...ADMIN_HEADERS, 'Set-Cookie': await signOut(db, request, admin) } })
}
