import { Form } from '@remix-run/react'
import { LeadHiddenFields } from '~/components/forms/lead-hidden-fields'
import { useSiteSettings } from '~/components/hooks/use-site-settings'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { StatusButton } from '~/components/ui/status-button'
import { leadFormConstraints, serviceChoices } from '~/leads/form-fields'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { useLeadForm } from './lead-form'
import { ConsentNotice, EmailField, FormMessage, PhoneField } from './lead-form-parts'
import { inputProps, selectProps, textareaProps } from './site-form'
import { preloadSuccessNotice } from './success-notice'

/** The /contato form: name, e-mail, phone and message required; company and service optional. */
export function ContactPageForm({ leadForm, actionData }: { leadForm: LeadFormFields; actionData?: LeadActionData }) {
  const { services } = useSiteSettings()
  const { form, fields, pending } = useLeadForm({
    id: 'contato-pagina',
    constraint: leadFormConstraints.contact,
    loadSchema: () => import('~/leads/form-schemas').then((module) => module.contactPageSchema),
    onFirstUse: preloadSuccessNotice,
    actionData,
  })
  return (
    <Form method="post" preventScrollReset {...form.props} className="grid gap-4 md:grid-cols-2">
      {form.validation}
      <LeadHiddenFields {...leadForm} freshTimer={actionData?.timer} />
      <Field label="Nome" autoComplete="name" errors={fields.name.errors} {...inputProps(fields.name, 'text')} />
      <EmailField field={fields.email} />
      <PhoneField field={fields.phone} />
      <Field label="Empresa (opcional)" autoComplete="organization" errors={fields.company.errors} {...inputProps(fields.company, 'text')} />
      <SelectField
        label="Serviço de interesse (opcional)"
        className="md:col-span-2"
        placeholder="Selecione um serviço"
        options={serviceChoices(services)}
        errors={fields.service.errors}
        {...selectProps(fields.service)}
      />
      <TextareaField label="Mensagem" rows={5} className="md:col-span-2" errors={fields.message.errors} {...textareaProps(fields.message)} />
      <div className="flex flex-col gap-4 md:col-span-2">
        <FormMessage message={actionData?.message} />
        <StatusButton status={pending ? 'pending' : 'idle'} size="lg">
          Enviar Mensagem
        </StatusButton>
        <ConsentNotice />
      </div>
    </Form>
  )
}
