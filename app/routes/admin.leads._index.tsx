import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { leadFiltersFrom } from '~/admin/lead-filters'
import { leadSources, listLeads } from '~/admin/leads.server'
import { LeadsTable } from '~/components/admin/leads-table'
import { routeMeta } from '~/content/seo'

/** /admin/leads: the leads table, for signed-in admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  const filters = leadFiltersFrom(new URL(request.url).searchParams)
  const [leads, sources] = await Promise.all([listLeads(db, filters), leadSources(db)])
  return data({ filters, leads, sources }, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Leads · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminLeadsRoute() {
  const { filters, leads, sources } = useLoaderData<typeof loader>()
  return <LeadsTable filters={filters} leads={leads} sources={sources} />
}
