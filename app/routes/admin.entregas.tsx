import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { deliveryHealth, resendFailedDeliveries } from '~/admin/deliveries.server'
import { DeliveryHealthView } from '~/components/admin/delivery-health'
import { routeMeta } from '~/content/seo'
import { deliveryTargetsFromEnv } from '~/server/delivery-targets.server'
import { getEnv } from '~/utils/env.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** /admin/entregas: deliveries that failed or wait, and a way to send every failed one again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  const resent = new URL(request.url).searchParams.get('reenviados')
  // The one list of targets (ADR 054): what each is called, which can send here, what a row of no lead is about.
  const health = await deliveryHealth(db, deliveryTargetsFromEnv(getEnv()))
  return data({ health, resent: resent === null ? null : Number(resent) || 0 }, { headers: ADMIN_HEADERS })
}

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const { db, admin } = await adminRequest(request)
  const count = await resendFailedDeliveries(db, admin, deliveryTargetsFromEnv(getEnv()))
  return redirect(`/admin/entregas?reenviados=${count}`, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Entregas · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminDeliveriesRoute() {
  const { health, resent } = useLoaderData<typeof loader>()
  return <DeliveryHealthView health={health} resent={resent} />
}
