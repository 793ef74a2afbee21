import { getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { Field, TextareaField } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { leadFormConstraints } from '~/leads/form-fields'
import type { HomeContactFields } from '~/leads/form-schemas'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { LeadFormElement, useLeadErrorToast } from './lead-form'
import { useLeadFormOptions } from './lead-form-options'
import { ConsentNotice, EmailField, FormMessage, PhoneField } from './lead-form-parts'

/** The home contact section's form: name, e-mail and phone required, the message optional. */
export function HomeContactForm({ leadForm, actionData }: { leadForm: LeadFormFields; actionData?: LeadActionData }) {
  useLeadErrorToast(actionData)
  const pending = useIsPending()
  const { options, ready } = useLeadFormOptions({
    id: 'contato-home',
    load: () => import('~/leads/lead-validation').then((module) => module.validateHomeContact),
    constraint: leadFormConstraints.home,
    actionData,
  })
  const [form, fields] = useForm<HomeContactFields>(options)
  return (
    <LeadFormElement
      form={form}
      leadForm={leadForm}
      actionData={actionData}
      browserValidation={ready}
      className="grid gap-4 rounded-2xl bg-white p-6 text-ink-900 shadow-xl md:grid-cols-2 md:p-8"
    >
      <Field
        label="Nome completo"
        className="md:col-span-2"
        autoComplete="name"
        errors={fields.name.errors}
        {...getInputProps(fields.name, { type: 'text' })}
      />
      <EmailField field={fields.email} />
      <PhoneField field={fields.phone} />
      <TextareaField label="Mensagem (opcional)" rows={4} className="md:col-span-2" errors={fields.message.errors} {...getTextareaProps(fields.message)} />
      <div className="flex flex-col gap-4 md:col-span-2">
        <FormMessage message={actionData?.message} />
        <StatusButton status={pending ? 'pending' : 'idle'} size="lg" fullWidth>
          Agendar Minha Sessão Estratégica
        </StatusButton>
        <ConsentNotice />
      </div>
    </LeadFormElement>
  )
}
