import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { dashboardDaysFrom } from '~/admin/dashboard-period'
import { dashboardFigures } from '~/admin/dashboard.server'
import { DashboardView } from '~/components/admin/dashboard'
import { routeMeta } from '~/content/seo'

/** /admin: the dashboard of the last 7, 30 or 90 Brasília days (`?periodo=`), for signed-in admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  const days = dashboardDaysFrom(new URL(request.url).searchParams)
  return data({ dashboard: await dashboardFigures(db, days) }, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Painel · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminDashboardRoute() {
  const { dashboard } = useLoaderData<typeof loader>()
  return <DashboardView dashboard={dashboard} />
}
