import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { auditFiltersFrom } from '~/admin/audit-log'
import { auditChoices, listAudit } from '~/admin/audit.server'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { AuditLogView } from '~/components/admin/audit-log'
import { routeMeta } from '~/content/seo'

/** /admin/auditoria: the audit log, newest first, filtered by the view in the URL (a GET form; nothing here changes anything). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  const filters = auditFiltersFrom(new URL(request.url).searchParams)
  const [entries, choices] = await Promise.all([listAudit(db, filters), auditChoices(db)])
  return data({ filters, entries, choices }, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Auditoria · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminAuditRoute() {
  const { filters, entries, choices } = useLoaderData<typeof loader>()
  return <AuditLogView filters={filters} entries={entries} choices={choices} />
}
