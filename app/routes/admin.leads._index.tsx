import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { leadFiltersFrom, leadFiltersQuery } from '~/admin/lead-filters'
import type { StatusFormError } from '~/admin/lead-status'
import { changeLeadStatus, parseStatusChange, STATUS_FIELDS, statusChangedFlash, takeStatusChanged } from '~/admin/lead-status.server'
import { leadSources, listLeads } from '~/admin/leads.server'
import { LeadsTable } from '~/components/admin/leads-table'
import { routeMeta } from '~/content/seo'
import { readFormBody } from '~/utils/form-body.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** /admin/leads: the leads table, for signed-in admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  const { searchParams } = new URL(request.url)
  const filters = leadFiltersFrom(searchParams)
  const [leads, sources, { changed, setCookie }] = await Promise.all([listLeads(db, filters), leadSources(db), takeStatusChanged(request)])
  return data({ filters, leads, sources, changed }, { headers: setCookie ? { ...ADMIN_HEADERS, 'Set-Cookie': setCookie } : ADMIN_HEADERS })
}

/** The status of the rows ticked ('Aplicar aos marcados'), then back to the same view (post/redirect/get) with a one-time message of how many changed. */
export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const { db, admin } = await adminRequest(request)
  const body = await readFormBody(request, { fields: STATUS_FIELDS })
  if (!body.ok) {
    const statusError: StatusFormError = { message: body.refusal.message, field: 'lead' }
    return data({ statusError }, { status: body.refusal.status, headers: { ...ADMIN_HEADERS, ...body.refusal.headers } })
  }
  const parsed = parseStatusChange(body.formData)
  if (!parsed.ok) return data({ statusError: { message: parsed.message, field: parsed.field } }, { status: 400, headers: ADMIN_HEADERS })
  const outcome = await changeLeadStatus(db, admin, parsed.change)
  if (!outcome.ok) return data({ statusError: { message: outcome.message, field: 'lead' } as StatusFormError }, { status: 400, headers: ADMIN_HEADERS })
  const view = leadFiltersQuery(leadFiltersFrom(new URL(request.url).searchParams))
  return redirect(`/admin/leads${view}`, { headers: { ...ADMIN_HEADERS, 'Set-Cookie': await statusChangedFlash(request, outcome.changed) } })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Leads · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminLeadsRoute() {
  const { filters, leads, sources, changed } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <LeadsTable filters={filters} leads={leads} sources={sources} changed={answer ? null : changed} statusError={answer?.statusError ?? null} />
}
