import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { bookingCopy } from '~/booking/booking-copy'
import { bookingOutsideFromEnv } from '~/booking/booking-effects.server'
import { askedDay, bookAsNewLead, bookFromPost, knownVisitor, loadBookingPage } from '~/booking/booking-page.server'
import { BookingPanel } from '~/components/booking/booking-panel'
import { PageHero } from '~/components/sections/page-hero'
import { Container } from '~/components/ui/section'
import { getSchedulingSettings } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { getEnv } from '~/utils/env.server'
import { cacheControl, passOnHeaders } from '~/utils/http.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'
import { migratedDatabase } from '../../db/client'

/** /agendar: the visitor's own free strategy session (issue 44), from their own cookie: private, never stored by a cache. */
const PRIVATE = { 'Cache-Control': cacheControl.privateNoStore }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv()
  const [settings, db] = await Promise.all([getSchedulingSettings(context.preview), migratedDatabase(env)])
  const day = askedDay(new URL(request.url).searchParams.get('dia'))
  return data(await loadBookingPage({ db, request, settings, now: new Date(), day, outside: bookingOutsideFromEnv(env) }), { headers: PRIVATE })
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const env = getEnv()
  const [settings, db] = await Promise.all([getSchedulingSettings(context.preview), migratedDatabase(env)])
  const post = { db, request, settings, now: new Date(), outside: bookingOutsideFromEnv(env) }
  // A visitor without a lead sends their contact with the time: /agendar's own lead form.
  const visitor = await knownVisitor(post)
  if (!visitor) return (await bookAsNewLead({ ...post, context })).response
  const result = await bookFromPost(post, visitor)
  if (result.ok) return redirect('/agendar', { status: 303, headers: { ...PRIVATE, ...result.headers } })
  const { message, field } = result
  return data({ message, field }, { status: result.status, headers: { ...PRIVATE, ...result.headers } })
}

/** A refusal's `Allow` (405) and the private policy reach the visitor, with JavaScript too. */
export const headers = passOnHeaders()

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, {
    seo: {
      title: 'Agende sua Sessão Estratégica Gratuita',
      description: 'Escolha o dia e o horário da sua Sessão Estratégica Gratuita com um especialista da Alavanca Digital.',
    },
    noIndex: true,
  })

export default function BookingRoute() {
  const view = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() ?? null
  return (
    <>
      <PageHero eyebrow={bookingCopy.hero.eyebrow} title={bookingCopy.hero.title} subtitle={bookingCopy.hero.subtitle} />
      <Container className="py-12 lg:py-16">
        <BookingPanel view={view} answer={answer} />
      </Container>
    </>
  )
}
