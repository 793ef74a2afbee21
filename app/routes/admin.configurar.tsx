import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { adminDatabase, adminHeaders, orUnavailable } from '~/admin/auth.server'
import { adminSetupView, handleAdminSetup } from '~/admin/setup-page.server'
import { AdminSetup } from '~/components/admin/admin-setup'
import { routeMeta } from '~/content/seo'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** /admin/configurar?token=…: the first admin, from the one-time link the server prints while there is none. */
export async function loader({ request }: LoaderFunctionArgs) {
  return orUnavailable(adminSetupView(await adminDatabase(), request))
}

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  return orUnavailable(handleAdminSetup(await adminDatabase(), request))
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Primeiro administrador · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminSetupRoute() {
  const { refusal } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <AdminSetup refusal={actionData?.refusal ?? refusal} result={actionData?.result} />
}
