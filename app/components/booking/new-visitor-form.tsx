import { getInputProps, useForm } from '@conform-to/react'
import { bookingCopy as copy } from '~/booking/booking-copy'
import type { BookingPageView } from '~/booking/booking-page.server'
import { LeadFormElement, useLeadErrorToast } from '~/components/forms/lead-form'
import { useLeadFormOptions } from '~/components/forms/lead-form-options'
import { ConsentNotice, EmailField, FormMessage, PhoneField } from '~/components/forms/lead-form-parts'
import { Field } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { leadFormConstraints } from '~/leads/form-fields'
import type { BookingLeadFields } from '~/leads/form-schemas'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { SlotChoices } from './slot-form'

/**
 * /agendar for a visitor without a lead (issue 44): the times, then name,
 * e-mail and WhatsApp, one lead form (form `booking`) that books the time
 * picked. A plain post without JavaScript; with it, Conform checks each
 * field as the other lead forms do.
 */
export function NewVisitorForm({
  day,
  leadForm,
  actionData,
}: {
  day: NonNullable<BookingPageView['day']>
  leadForm: LeadFormFields
  actionData: LeadActionData | undefined
}) {
  useLeadErrorToast(actionData)
  const pending = useIsPending()
  const { options, ready } = useLeadFormOptions({
    id: 'agendar-contato',
    load: () => import('~/leads/lead-validation').then((module) => module.validateBookingLead),
    constraint: leadFormConstraints.booking,
    actionData,
  })
  const [form, fields] = useForm<BookingLeadFields>(options)
  const slot = fields.horario
  return (
    <LeadFormElement form={form} leadForm={leadForm} actionData={actionData} browserValidation={ready} className="grid gap-6">
      <SlotChoices
        day={day}
        id={slot.id}
        name={slot.name}
        errors={slot.errors}
        checked={typeof slot.initialValue === 'string' ? slot.initialValue : undefined}
      />
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-3 text-lg font-semibold text-ink-900">{copy.yourContact}</legend>
        <Field label="Nome" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: 'text' })} />
        <EmailField field={fields.email} />
        <PhoneField field={fields.phone} />
      </fieldset>
      <div className="grid gap-4">
        <FormMessage message={actionData?.message} />
        <StatusButton status={pending ? 'pending' : 'idle'} pendingLabel={copy.confirming} className="justify-self-start">
          {copy.confirm}
        </StatusButton>
        <ConsentNotice />
      </div>
    </LeadFormElement>
  )
}
