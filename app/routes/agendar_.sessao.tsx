import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { bookingCopy } from '~/booking/booking-copy'
import { bookingOutsideFromEnv } from '~/booking/booking-effects.server'
import { changeFromPost, loadManagedSession } from '~/booking/booking-manage.server'
import { MANAGE_FIELDS, MANAGE_INTENTS } from '~/booking/manage-fields'
import { ManagedSessionPanel } from '~/components/booking/managed-session'
import { PageHero } from '~/components/sections/page-hero'
import { Container } from '~/components/ui/section'
import { getSchedulingSettings } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { getEnv } from '~/utils/env.server'
import { cacheControl, passOnHeaders } from '~/utils/http.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'
import { migratedDatabase } from '../../db/client'

/** /agendar/sessao?t=…: the person's own session, from the signed link in its e-mails (issue 44): private, never stored by a cache. */
const PRIVATE = { 'Cache-Control': cacheControl.privateNoStore }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [settings, db] = await Promise.all([getSchedulingSettings(context.preview), migratedDatabase(getEnv())])
  const token = new URL(request.url).searchParams.get(MANAGE_FIELDS.token)
  const view = await loadManagedSession({ db, token, settings, now: new Date() })
  return data(view, { status: view.ok || 'noLink' in view ? 200 : view.status, headers: PRIVATE })
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const env = getEnv()
  const [settings, db] = await Promise.all([getSchedulingSettings(context.preview), migratedDatabase(env)])
  const result = await changeFromPost({ db, request, settings, now: new Date(), outside: bookingOutsideFromEnv(env) })
  if (result.ok) return redirect(result.location, { status: 303, headers: { ...PRIVATE, ...result.headers } })
  return data({ message: result.message }, { status: result.status, headers: { ...PRIVATE, ...('headers' in result ? result.headers : {}) } })
}

/** A refusal's status and the private policy reach the visitor, with JavaScript too. */
export const headers = passOnHeaders()

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Sua Sessão Estratégica', description: 'Confira, remarque ou cancele a sua Sessão Estratégica Gratuita.' }, noIndex: true })

export default function ManagedSessionRoute() {
  const view = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() ?? null
  return (
    <>
      <PageHero eyebrow={bookingCopy.hero.eyebrow} title={bookingCopy.manage.title} />
      <Container className="py-12 lg:py-16">
        {view.ok ? (
          <ManagedSessionPanel view={view} fields={MANAGE_FIELDS} intents={MANAGE_INTENTS} message={answer?.message ?? null} />
        ) : (
          <div className="grid gap-4">
            {'noLink' in view ? (
              <p className="text-lg text-ink-700">{view.message}</p>
            ) : (
              <p role="alert" className="text-lg font-medium text-danger-600">
                {view.message}
              </p>
            )}
          </div>
        )}
      </Container>
    </>
  )
}
