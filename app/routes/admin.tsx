import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminDatabase, adminHeaders, adminOf } from '~/admin/auth.server'
import { AdminErrorMessage, AdminShell } from '~/components/admin/admin-shell'
import { OWN_SHELL } from '~/components/layout/site-shell'

/**
 * Every /admin page (ADR 038): the admin area's own shell instead of the
 * public site's (the handle tells root.tsx to leave out its header, footer,
 * cookie banner and measurement scripts), with the area's navigation for a
 * signed-in admin. This loader only reads who is signed in, for the
 * navigation; it guards nothing: each page's loader and action still begins
 * with `adminRequest`. Resource routes below (the CSV, the LGPD JSON) run
 * without it.
 */
export const handle = OWN_SHELL

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await adminOf(await adminDatabase(), request)
  return data({ email: admin?.email ?? null }, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>()
  return (
    <AdminShell email={email}>
      <Outlet />
    </AdminShell>
  )
}

/** A page of the area that failed (a lead not found): the area's shell still, with its navigation when the admin is known. */
export function ErrorBoundary() {
  const error = useRouteError()
  const email = useRouteLoaderData<typeof loader>('routes/admin')?.email ?? null
  return (
    <AdminShell email={email}>
      <AdminErrorMessage status={isRouteErrorResponse(error) ? error.status : 500} />
    </AdminShell>
  )
}
