import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { agendaMessages, changeBooking, comingAgenda } from '~/admin/agenda.server'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { bookingEffects, bookingOutsideFromEnv } from '~/booking/booking-effects.server'
import { AgendaView } from '~/components/admin/agenda'
import { getSchedulingSettings } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { getEnv } from '~/utils/env.server'
import { readFormBody } from '~/utils/form-body.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

const FIELDS = new Set(['id', 'acao'])

/** What a change just did (post/redirect/get): `?feito=cancelada` or `?feito=falta`. */
const NOTICES: Record<string, string> = { cancelada: agendaMessages.cancelled, falta: agendaMessages.noShow }

/** /admin/agenda: the strategy sessions from today on (issue 44). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ db }, settings] = await Promise.all([adminRequest(request), getSchedulingSettings(context.preview)])
  const names = new Map(settings.specialists.map((specialist) => [specialist.key, specialist.name]))
  const days = await comingAgenda(db, { now: new Date(), specialistName: (key) => names.get(key) ?? key })
  const done = new URL(request.url).searchParams.get('feito')
  return data({ days, notice: (done && NOTICES[done]) ?? null }, { headers: ADMIN_HEADERS })
}

/** 'Cancelar' or 'Não compareceu' on one session (post/redirect/get). */
export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const [{ db, admin }, settings] = await Promise.all([adminRequest(request), getSchedulingSettings(context.preview)])
  const body = await readFormBody(request, { fields: FIELDS })
  if (!body.ok) return data({ message: body.refusal.message }, { status: body.refusal.status, headers: { ...ADMIN_HEADERS, ...body.refusal.headers } })
  const change = body.formData.get('acao')
  const now = new Date()
  const effects = bookingEffects(bookingOutsideFromEnv(getEnv()), settings, now)
  const result = await changeBooking(db, { id: body.formData.get('id'), change, admin, now, effects })
  if (!result.ok) return data({ message: result.message }, { status: result.status, headers: ADMIN_HEADERS })
  return redirect(`/admin/agenda?feito=${change === 'cancel' ? 'cancelada' : 'falta'}`, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Agenda · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminAgendaRoute() {
  const { days, notice } = useLoaderData<typeof loader>()
  return <AgendaView days={days} notice={notice} message={useActionData<typeof action>()?.message ?? null} />
}
