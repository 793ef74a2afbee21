import { Form, Link } from '@remix-run/react'
import type { BookingPageView } from '~/booking/booking-page.server'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { describedBy, ErrorList, errorIdFor } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'

/** The field names of booking-page.server.ts (a browser module cannot import a server one). */
const SLOT_FIELD = 'horario'
const DAY_FIELD = 'dia'

export type BookingRefusal = { message: string; field: boolean }

/**
 * /agendar's panel: the session booked, or the days (links) and the chosen
 * day's times (radio buttons, a submit). Plain links and a form: with
 * JavaScript off the browser does it all; with it, Remix keeps it in the page.
 */
export function BookingPanel({ view, refusal }: { view: BookingPageView; refusal: BookingRefusal | null }) {
  if (view.booked) return <BookedSession booked={view.booked} firstName={view.visitor?.firstName ?? ''} />
  if (!view.visitor) return <UnknownVisitor message={refusal?.message ?? null} />
  return (
    // minmax(0, 1fr): the row of days scrolls inside the page instead of widening it.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <p className="text-lg text-ink-700">
        {view.visitor.firstName ? `${view.visitor.firstName}, escolha` : 'Escolha'} o dia e o horário da sua sessão de {view.meetingMinutes} minutos. Os
        horários estão no fuso de Brasília.
      </p>
      <DayLinks view={view} />
      {view.day ? (
        <SlotForm day={view.day} refusal={refusal} />
      ) : (
        <p className="text-ink-700">Não há horários livres nos próximos dias. Fale com a gente pelo WhatsApp.</p>
      )}
    </div>
  )
}

function DayLinks({ view }: { view: BookingPageView }) {
  return (
    <nav aria-label="Dias disponíveis">
      {/* role="list": Safari drops list semantics from a list without bullets. */}
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul role="list" className="flex gap-2 overflow-x-auto pb-2">
        {view.days.map((day) => {
          const current = day.day === view.day?.day
          const content = (
            <>
              <span className="text-xs font-semibold uppercase">{day.weekday}</span>
              <span className="text-base font-bold">{day.date}</span>
              <span className="text-xs">
                {day.blockedLabel ? 'fechado' : day.free === 0 ? 'lotado' : `${day.free} ${day.free === 1 ? 'horário' : 'horários'}`}
              </span>
            </>
          )
          const box = 'flex min-w-20 flex-col items-center gap-0.5 rounded-lg border px-3 py-2'
          return (
            <li key={day.day}>
              {day.free > 0 ? (
                <Link
                  to={`?${DAY_FIELD}=${day.day}`}
                  preventScrollReset
                  aria-current={current ? 'date' : undefined}
                  aria-label={`${day.label}: ${day.free} ${day.free === 1 ? 'horário livre' : 'horários livres'}`}
                  className={cx(box, current ? 'border-brand-700 bg-brand-700 text-white' : 'border-ink-300 bg-white text-ink-900 hover:border-brand-700')}
                >
                  {content}
                </Link>
              ) : (
                <span aria-label={`${day.label}: ${day.blockedLabel ?? 'sem horários livres'}`} className={cx(box, 'border-ink-200 bg-ink-100 text-ink-700')}>
                  {content}
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function SlotForm({ day, refusal }: { day: NonNullable<BookingPageView['day']>; refusal: BookingRefusal | null }) {
  const pending = useIsPending()
  const errors = refusal?.field ? [refusal.message] : null
  const aria = describedBy({ id: SLOT_FIELD, hasHint: false, errors })
  return (
    <Form method="post" preventScrollReset className="grid gap-6" aria-labelledby="horarios-titulo">
      <h2 id="horarios-titulo" className="text-2xl font-bold text-ink-900 first-letter:uppercase">
        {day.label}
      </h2>
      {refusal && !refusal.field ? (
        <p role="alert" className="font-medium text-danger-600">
          {refusal.message}
        </p>
      ) : null}
      <ErrorList id={errorIdFor(SLOT_FIELD)} errors={errors} />
      {day.specialists.map((specialist) => (
        <fieldset key={specialist.key} className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold text-ink-900">
            Com {specialist.name} <span className="font-normal text-ink-700">({specialist.meeting})</span>
          </legend>
          {specialist.slots.length === 0 ? (
            <p className="text-ink-700">Sem horários livres neste dia.</p>
          ) : (
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {specialist.slots.map((slot) => (
                <label
                  key={slot.value}
                  className="relative flex cursor-pointer items-center justify-center rounded-lg border border-ink-300 bg-white px-2 py-3 text-base font-semibold text-ink-900 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
                >
                  <input
                    type="radio"
                    name={SLOT_FIELD}
                    value={slot.value}
                    required
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
      <StatusButton status={pending ? 'pending' : 'idle'} pendingLabel="Agendando..." className="justify-self-start">
        Confirmar agendamento
      </StatusButton>
    </Form>
  )
}

function BookedSession({ booked, firstName }: { booked: NonNullable<BookingPageView['booked']>; firstName: string }) {
  return (
    <div role="status" className="grid gap-4 rounded-xl border border-success-600 bg-white p-6">
      <h2 className="text-2xl font-bold text-ink-900">{firstName ? `${firstName}, sua sessão está agendada!` : 'Sua sessão está agendada!'}</h2>
      <p className="text-lg text-ink-900">
        <span className="first-letter:uppercase">{booked.label}</span>, com {booked.specialist}
        {booked.meeting ? `, ${booked.meeting}` : ''}.
      </p>
      <ButtonLink to="/" variant="secondary" className="justify-self-start">
        Voltar ao site
      </ButtonLink>
    </div>
  )
}

function UnknownVisitor({ message }: { message: string | null }) {
  return (
    <div className="grid gap-4">
      {message ? (
        <p role="alert" className="font-medium text-danger-600">
          {message}
        </p>
      ) : null}
      <p className="text-lg text-ink-700">
        Para escolher um horário, conte antes quem você é e o que procura: leva menos de um minuto, e logo em seguida você agenda sem digitar nada de novo.
      </p>
      <ButtonLink to="/contato" className="justify-self-start">
        Enviar meus dados
      </ButtonLink>
    </div>
  )
}
