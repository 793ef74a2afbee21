import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { leadDetail, resendDelivery } from '~/admin/lead-detail.server'
import type { StatusFormError } from '~/admin/lead-status'
import { changeLeadStatus, parseStatusChange, STATUS_FIELDS } from '~/admin/lead-status.server'
import { LeadDetailView } from '~/components/admin/lead-detail'
import { getSchedulingSettings } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { deliveryTargetsFromEnv } from '~/server/delivery-targets.server'
import { getEnv } from '~/utils/env.server'
import { readFormBody } from '~/utils/form-body.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

const FIELDS = new Set(['intent', 'entrega', ...STATUS_FIELDS])

/** /admin/leads/<id>: everything stored for one lead, and its deliveries. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [{ db }, settings] = await Promise.all([adminRequest(request), getSchedulingSettings(context.preview)])
  const detail = await leadDetail(db, params.id ?? '', deliveryTargetsFromEnv(getEnv()))
  if (!detail) throw data(null, { status: 404, headers: ADMIN_HEADERS })
  const { searchParams } = new URL(request.url)
  const specialists = Object.fromEntries(settings.specialists.map((specialist) => [specialist.key, specialist.name]))
  return data({ detail, specialists, resent: searchParams.has('reenviado'), statusSaved: searchParams.has('status-salvo') }, { headers: ADMIN_HEADERS })
}

type ActionData = { message: string; statusError?: StatusFormError }

/** The lead's status ('Salvar status'), or 'Reenviar': a new attempt of one of its deliveries (post/redirect/get). */
export async function action({ request, params }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const { db, admin } = await adminRequest(request)
  const body = await readFormBody(request, { fields: FIELDS })
  if (!body.ok)
    return data<ActionData>({ message: body.refusal.message }, { status: body.refusal.status, headers: { ...ADMIN_HEADERS, ...body.refusal.headers } })
  if (body.formData.get('intent') === 'status') {
    // The lead is the page's: a posted `lead` is not read.
    body.formData.set('lead', params.id ?? '')
    const parsed = parseStatusChange(body.formData)
    if (!parsed.ok)
      return data<ActionData>({ message: '', statusError: { message: parsed.message, field: parsed.field } }, { status: 400, headers: ADMIN_HEADERS })
    const changed = await changeLeadStatus(db, admin, parsed.change)
    if (!changed.ok) throw data(null, { status: 404, headers: ADMIN_HEADERS })
    return redirect(`/admin/leads/${params.id}?status-salvo=1#status`, { headers: ADMIN_HEADERS })
  }
  // Only a target of the one list configured here can send it (ADR 054).
  const outcome = await resendDelivery(db, admin, params.id ?? '', String(body.formData.get('entrega') ?? ''), { targets: deliveryTargetsFromEnv(getEnv()) })
  if (!outcome.ok) return data<ActionData>({ message: outcome.message }, { status: 400, headers: ADMIN_HEADERS })
  return redirect(`/admin/leads/${params.id}?reenviado=1#entregas`, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Lead · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminLeadRoute() {
  const { detail, specialists, resent, statusSaved } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <LeadDetailView
      detail={detail}
      specialists={specialists}
      resent={resent}
      statusSaved={statusSaved}
      message={answer?.message || null}
      statusError={answer?.statusError ?? null}
    />
  )
}
