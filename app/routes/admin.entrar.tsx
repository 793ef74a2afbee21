import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminDatabase, adminHeaders, adminOf, adminReturnPath, orUnavailable } from '~/admin/auth.server'
import { handleAdminLogin } from '~/admin/login.server'
import { AdminLogin } from '~/components/admin/admin-login'
import { routeMeta } from '~/content/seo'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** /admin/entrar: the sign-in page; a signed-in admin goes straight on. */
export async function loader({ request }: LoaderFunctionArgs) {
  const back = adminReturnPath(new URL(request.url).searchParams.get('voltar'))
  if (await orUnavailable(adminOf(await adminDatabase(), request))) throw redirect(back, { headers: ADMIN_HEADERS })
  return data({ back }, { headers: ADMIN_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  return orUnavailable(handleAdminLogin(request, { db: await adminDatabase(), clientIp: context.clientIp }))
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Entrar · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminLoginRoute() {
  const { back } = useLoaderData<typeof loader>()
  return <AdminLogin back={back} actionData={useActionData<typeof action>()} />
}
