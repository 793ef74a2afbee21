import { getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { useSiteSettings } from '~/components/hooks/use-site-settings'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { leadFormConstraints, serviceChoices } from '~/leads/form-fields'
import type { ContactPageFields } from '~/leads/form-schemas'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { LeadFormElement, useLeadErrorToast } from './lead-form'
import { useLeadFormOptions } from './lead-form-options'
import { ConsentNotice, EmailField, FormMessage, PhoneField } from './lead-form-parts'

/** The /contato form: name, e-mail, phone and message required; company and service optional. */
export function ContactPageForm({ leadForm, actionData }: { leadForm: LeadFormFields; actionData?: LeadActionData }) {
  const { services } = useSiteSettings()
  useLeadErrorToast(actionData)
  const pending = useIsPending()
  const { options, ready } = useLeadFormOptions({
    id: 'contato-pagina',
    load: () => import('~/leads/lead-validation').then((module) => module.validateContactPage),
    constraint: leadFormConstraints.contact,
    actionData,
  })
  const [form, fields] = useForm<ContactPageFields>(options)
  return (
    <LeadFormElement form={form} leadForm={leadForm} actionData={actionData} browserValidation={ready} className="grid gap-4 md:grid-cols-2">
      <Field label="Nome" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: 'text' })} />
      <EmailField field={fields.email} />
      <PhoneField field={fields.phone} />
      <Field label="Empresa (opcional)" autoComplete="organization" errors={fields.company.errors} {...getInputProps(fields.company, { type: 'text' })} />
      <SelectField
        label="Serviço de interesse (opcional)"
        className="md:col-span-2"
        placeholder="Selecione um serviço"
        options={serviceChoices(services)}
        errors={fields.service.errors}
        {...getSelectProps(fields.service)}
      />
      <TextareaField label="Mensagem" rows={5} className="md:col-span-2" errors={fields.message.errors} {...getTextareaProps(fields.message)} />
      <div className="flex flex-col gap-4 md:col-span-2">
        <FormMessage message={actionData?.message} />
        <StatusButton status={pending ? 'pending' : 'idle'} size="lg">
          Enviar Mensagem
        </StatusButton>
        <ConsentNotice />
      </div>
    </LeadFormElement>
  )
}
