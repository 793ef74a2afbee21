import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { leadDetail, resendDelivery } from '~/admin/lead-detail.server'
import { LeadDetailView } from '~/components/admin/lead-detail'
import { routeMeta } from '~/content/seo'
import { readFormBody } from '~/utils/form-body.server'

const FIELDS = new Set(['intent', 'entrega'])

/** /admin/leads/<id>: everything stored for one lead, and its deliveries. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  const detail = await leadDetail(db, params.id ?? '')
  if (!detail) throw data(null, { status: 404, headers: ADMIN_HEADERS })
  return data({ detail, resent: new URL(request.url).searchParams.has('reenviado') }, { headers: ADMIN_HEADERS })
}

/** 'Reenviar': a new attempt of one of the lead's deliveries (post/redirect/get). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, admin } = await adminRequest(request)
  const body = await readFormBody(request, { fields: FIELDS })
  if (!body.ok) return data({ message: body.refusal.message }, { status: body.refusal.status, headers: { ...ADMIN_HEADERS, ...body.refusal.headers } })
  const outcome = await resendDelivery(db, admin, params.id ?? '', String(body.formData.get('entrega') ?? ''))
  if (!outcome.ok) return data({ message: outcome.message }, { status: 400, headers: ADMIN_HEADERS })
  return redirect(`/admin/leads/${params.id}?reenviado=1#entregas`, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Lead · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminLeadRoute() {
  const { detail, resent } = useLoaderData<typeof loader>()
  return <LeadDetailView detail={detail} resent={resent} message={useActionData<typeof action>()?.message ?? null} />
}
