import { Form } from '@remix-run/react'
import { bookingCopy as copy } from '~/booking/booking-copy'
import type { BookingPageView } from '~/booking/booking-page.server'
import { describedBy, ErrorList, errorIdFor, type FieldErrors } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'

/** The field names of booking-page.server.ts (a browser module cannot import a server one). */
const SLOT_FIELD = 'horario'
const REPLACE_FIELD = 'trocar'

export type BookingRefusal = { message: string; field: boolean }

/**
 * The chosen day's times, a radio button each (its label says the full date,
 * time and specialist), grouped by specialist. Errors mark every radio
 * invalid and point them at the message.
 */
export function SlotChoices({
  day,
  id,
  name,
  errors,
  checked,
}: {
  day: NonNullable<BookingPageView['day']>
  /** The field's id, which its error message's id is made from. */
  id: string
  name: string
  errors: FieldErrors
  /** The time picked before the form came back. */
  checked?: string
}) {
  const aria = describedBy({ id, hasHint: false, errors })
  return (
    <>
      <h2 id="horarios-titulo" className="text-2xl font-bold text-ink-900 first-letter:uppercase">
        {day.label}
      </h2>
      <ErrorList id={errorIdFor(id)} errors={errors} />
      {day.specialists.map((specialist) => (
        <fieldset key={specialist.key} className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold text-ink-900">
            {copy.withSpecialist(specialist.name)} <span className="font-normal text-ink-700">({specialist.meeting})</span>
          </legend>
          {specialist.slots.length === 0 ? (
            <p className="text-ink-700">{copy.noTimesForSpecialist}</p>
          ) : (
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {specialist.slots.map((slot) => (
                <label
                  key={slot.value}
                  className="relative flex cursor-pointer items-center justify-center rounded-lg border border-ink-300 bg-white px-2 py-3 text-base font-semibold text-ink-900 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
                >
                  <input
                    type="radio"
                    name={name}
                    value={slot.value}
                    required
                    defaultChecked={checked === slot.value}
                    aria-label={slot.label}
                    className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                    {...aria}
                  />
                  {slot.time}
                </label>
              ))}
            </div>
          )}
        </fieldset>
      ))}
    </>
  )
}

/**
 * A known visitor's times and the submit. A refusal (the slot was just
 * taken, or is not on the list) marks every radio invalid. `replacing`: the
 * time picked replaces the person's coming session.
 */
export function SlotForm({
  day,
  refusal,
  replacing = false,
}: {
  day: NonNullable<BookingPageView['day']>
  refusal: BookingRefusal | null
  replacing?: boolean
}) {
  const pending = useIsPending()
  return (
    <Form method="post" preventScrollReset className="grid gap-6" aria-labelledby="horarios-titulo">
      {refusal && !refusal.field ? (
        <p role="alert" className="font-medium text-danger-600">
          {refusal.message}
        </p>
      ) : null}
      {replacing ? <input type="hidden" name={REPLACE_FIELD} value="1" /> : null}
      <SlotChoices day={day} id={SLOT_FIELD} name={SLOT_FIELD} errors={refusal?.field ? [refusal.message] : null} />
      <StatusButton status={pending ? 'pending' : 'idle'} pendingLabel={copy.confirming} className="justify-self-start">
        {replacing ? copy.reschedule.confirm : copy.confirm}
      </StatusButton>
    </Form>
  )
}
