import { Form } from '@remix-run/react'
import { bookingCopy } from '~/booking/booking-copy'
import type { ManagedSession } from '~/booking/booking-manage.server'
import { Button, ButtonLink } from '~/components/ui/button'

const copy = bookingCopy.manage

/**
 * /agendar/sessao's panel: the person's session from the link in its e-mails,
 * with a form of two submits (pick another time, cancel). A plain form: with
 * JavaScript off the browser posts it; with it, Remix does, in the page.
 */
export function ManagedSessionPanel({
  view,
  fields,
  intents,
  message,
}: {
  view: ManagedSession
  fields: { token: string; intent: string }
  intents: { cancel: string; reschedule: string }
  message: string | null
}) {
  if (view.status !== 'booked')
    return (
      <div role="status" className="grid gap-4 rounded-xl border border-ink-300 bg-white p-6">
        <p className="text-lg text-ink-900">{message ?? (view.status === 'cancelled' ? copy.cancelled : copy.otherStatus)}</p>
        <p className="text-ink-700">{bookingCopy.bookedWhen(view.session.label, view.session.specialist, '')}</p>
        <ButtonLink to="/agendar" className="justify-self-start">
          {copy.bookAgain}
        </ButtonLink>
      </div>
    )
  return (
    <div className="grid gap-6 rounded-xl border border-ink-300 bg-white p-6">
      <div className="grid gap-2">
        <p className="text-lg text-ink-700">{copy.greeting(view.firstName)}</p>
        <p className="text-xl font-bold text-ink-900">{bookingCopy.bookedWhen(view.session.label, view.session.specialist, view.session.meeting)}</p>
      </div>
      {message ? (
        <p role="alert" className="font-medium text-danger-600">
          {message}
        </p>
      ) : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name={fields.token} value={view.token} />
        <p className="text-ink-700">{copy.question}</p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name={fields.intent} value={intents.reschedule}>
            {copy.reschedule}
          </Button>
          <Button type="submit" name={fields.intent} value={intents.cancel} variant="secondary">
            {copy.cancel}
          </Button>
        </div>
      </Form>
    </div>
  )
}
