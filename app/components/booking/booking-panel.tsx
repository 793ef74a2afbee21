import { Link } from '@remix-run/react'
import { bookingCopy as copy } from '~/booking/booking-copy'
import type { BookingPageView } from '~/booking/booking-page.server'
import { WhatsAppHandoffLink } from '~/components/forms/whatsapp-handoff-link'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { island } from '~/components/ui/island'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { BookingRefusal } from './slot-form'

/** What /agendar's action answered: a known visitor's refused slot, or the lead form's reply. */
export type BookingAnswer = BookingRefusal | LeadActionData

/** The day a link shows, and the page's reschedule mode (booking-page.server.ts reads both from the address). */
const DAY_FIELD = 'dia'
const RESCHEDULE_FIELD = 'trocar'

/** The times' form hydrates after the rest of the page (island.tsx, ADR 028): its controls' code is not up front. */
const SlotForm = island(() => import('./slot-form').then((module) => module.SlotForm))

/** A new visitor's form (the times and their contact) hydrates the same way. */
const NewVisitorForm = island(() => import('./new-visitor-form').then((module) => module.NewVisitorForm))

const isLeadReply = (answer: BookingAnswer | null): answer is LeadActionData => answer !== null && 'result' in answer

/**
 * /agendar's panel: the session booked, or the days (links) and the chosen
 * day's times (radio buttons, a submit). Plain links and a form: with
 * JavaScript off the browser does it all; with it, Remix keeps it in the page.
 */
export function BookingPanel({ view, answer }: { view: BookingPageView; answer: BookingAnswer | null }) {
  if (view.booked && !view.rescheduling)
    return <BookedSession booked={view.booked} firstName={view.visitor?.firstName ?? ''} form={view.visitor?.form ?? null} />
  const noDays = <p className="text-ink-700">{copy.noDays}</p>
  if (!view.visitor) {
    const leadForm = view.leadForm
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
        <p className="text-lg text-ink-700">{copy.newVisitorIntro(view.meetingMinutes)}</p>
        <DayLinks view={view} />
        {view.day && leadForm ? <NewVisitorForm day={view.day} leadForm={leadForm} actionData={isLeadReply(answer) ? answer : undefined} /> : noDays}
      </div>
    )
  }
  // A slot refused now, or one refused when the contact was stored (the page knows the person since).
  const refusal = answer && !isLeadReply(answer) ? answer : view.notice ? { message: view.notice, field: true } : null
  return (
    // minmax(0, 1fr): the row of days scrolls inside the page instead of widening it.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      {view.booked ? (
        <div className="grid gap-3">
          <p className="text-lg text-ink-700">{copy.reschedule.intro(view.visitor.firstName, view.booked.label)}</p>
          <Link to="/agendar" className="justify-self-start font-semibold text-brand-700 underline underline-offset-2">
            {copy.reschedule.keep}
          </Link>
        </div>
      ) : (
        <p className="text-lg text-ink-700">{copy.intro(view.visitor.firstName, view.meetingMinutes)}</p>
      )}
      <DayLinks view={view} />
      {view.day ? <SlotForm day={view.day} refusal={refusal} replacing={view.rescheduling} /> : noDays}
    </div>
  )
}

function DayLinks({ view }: { view: BookingPageView }) {
  return (
    <nav aria-label={copy.days}>
      {/* role="list": Safari drops list semantics from a list without bullets. */}
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul role="list" className="flex gap-2 overflow-x-auto pb-2">
        {view.days.map((day) => {
          const current = day.day === view.day?.day
          const content = (
            <>
              <span className="text-xs font-semibold uppercase">{day.weekday}</span>
              <span className="text-base font-bold">{day.date}</span>
              <span className="text-xs">{day.blockedLabel ? copy.closed : day.free === 0 ? copy.full : copy.times(day.free)}</span>
            </>
          )
          const box = 'flex min-w-20 flex-col items-center gap-0.5 rounded-lg border px-3 py-2'
          return (
            <li key={day.day}>
              {day.free > 0 ? (
                <Link
                  to={`?${new URLSearchParams({ [DAY_FIELD]: day.day, ...(view.rescheduling ? { [RESCHEDULE_FIELD]: '1' } : {}) })}`}
                  preventScrollReset
                  aria-current={current ? 'date' : undefined}
                  aria-label={copy.dayWithTimes(day.label, day.free)}
                  className={cx(box, current ? 'border-brand-700 bg-brand-700 text-white' : 'border-ink-300 bg-white text-ink-900 hover:border-brand-700')}
                >
                  {content}
                </Link>
              ) : (
                // A span may not carry aria-label (HTML): the full words for a screen reader, the box for the eye.
                // `relative`: the hidden words are placed in the box, so they never widen the page beyond the row's scroll.
                <span className={cx(box, 'relative border-ink-200 bg-ink-100 text-ink-700')}>
                  <span className="sr-only">{copy.dayWithout(day.label, day.blockedLabel)}</span>
                  <span aria-hidden="true" className="contents">
                    {content}
                  </span>
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function BookedSession({
  booked,
  firstName,
  form,
}: {
  booked: NonNullable<BookingPageView['booked']>
  firstName: string
  form: NonNullable<BookingPageView['visitor']>['form'] | null
}) {
  return (
    <div role="status" className="grid gap-4 rounded-xl border border-success-600 bg-white p-6">
      <h2 className="text-2xl font-bold text-ink-900">{copy.booked(firstName)}</h2>
      <p className="text-lg text-ink-900">{copy.bookedWhen(booked.label, booked.specialist, booked.meeting)}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        {/* Its message names the session just booked (the booking's answer set the visitor's handoff anew). */}
        {form ? <WhatsAppHandoffLink form={form} /> : null}
        <ButtonLink to="/" variant="secondary">
          {copy.back}
        </ButtonLink>
      </div>
    </div>
  )
}
