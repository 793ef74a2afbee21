import type { LoaderFunctionArgs } from '@remix-run/node'
import { ADMIN_HEADERS, adminRequest } from '~/admin/auth.server'
import { leadFiltersFrom } from '~/admin/lead-filters'
import { leadsCsv } from '~/admin/leads-csv'
import { exportLeadsFor } from '~/admin/leads.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/** /admin/leads.csv?<the table's filters>: the whole filtered view as a CSV file (the export is audited). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, admin } = await adminRequest(request)
  const rows = await exportLeadsFor(db, admin, leadFiltersFrom(new URL(request.url).searchParams))
  const day = new Date().toISOString().slice(0, 10)
  return new Response(leadsCsv(rows), {
    headers: {
      ...ADMIN_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
    },
  })
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
