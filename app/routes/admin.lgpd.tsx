import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { handleLgpdDeletion, lgpdView } from '~/admin/lgpd-page.server'
import { LgpdRequests } from '~/components/admin/lgpd-requests'
import { routeMeta } from '~/content/seo'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** /admin/lgpd?email=…: what the site holds for a person, its export, and its deletion (after a confirmation). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  return data({ view: await lgpdView(db, new URL(request.url).searchParams) }, { headers: ADMIN_HEADERS })
}

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const { db, admin } = await adminRequest(request)
  const outcome = await handleLgpdDeletion(db, admin, request)
  if (!outcome.ok) return data({ message: outcome.message }, { status: outcome.status, headers: ADMIN_HEADERS })
  return redirect(`/admin/lgpd?excluidos=${outcome.deleted.leads}&spam=${outcome.deleted.spam}`, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'LGPD · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminLgpdRoute() {
  const { view } = useLoaderData<typeof loader>()
  return <LgpdRequests view={view} message={useActionData<typeof action>()?.message ?? null} />
}
