import { Form } from '@remix-run/react'
import { LeadHiddenFields } from '~/components/forms/lead-hidden-fields'
import { Field, TextareaField } from '~/components/ui/field'
import { StatusButton } from '~/components/ui/status-button'
import { leadFormConstraints } from '~/leads/form-fields'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { useLeadForm } from './lead-form'
import { ConsentNotice, EmailField, FormMessage, PhoneField } from './lead-form-parts'
import { inputProps, textareaProps } from './site-form'
import { preloadSuccessNotice } from './success-notice'

/** The home contact section's form: name, e-mail and phone required, the message optional. */
export function HomeContactForm({ leadForm, actionData }: { leadForm: LeadFormFields; actionData?: LeadActionData }) {
  const { form, fields, pending } = useLeadForm({
    id: 'contato-home',
    constraint: leadFormConstraints.home,
    loadSchema: () => import('~/leads/form-schemas').then((module) => module.homeContactSchema),
    onFirstUse: preloadSuccessNotice,
    actionData,
  })
  return (
    <Form method="post" preventScrollReset {...form.props} className="grid gap-4 rounded-2xl bg-white p-6 text-ink-900 shadow-xl md:grid-cols-2 md:p-8">
      {form.validation}
      <LeadHiddenFields {...leadForm} freshTimer={actionData?.timer} />
      <Field label="Nome completo" className="md:col-span-2" autoComplete="name" errors={fields.name.errors} {...inputProps(fields.name, 'text')} />
      <EmailField field={fields.email} />
      <PhoneField field={fields.phone} />
      <TextareaField label="Mensagem (opcional)" rows={4} className="md:col-span-2" errors={fields.message.errors} {...textareaProps(fields.message)} />
      <div className="flex flex-col gap-4 md:col-span-2">
        <FormMessage message={actionData?.message} />
        <StatusButton status={pending ? 'pending' : 'idle'} size="lg" fullWidth>
          Agendar Minha Sessão Estratégica
        </StatusButton>
        <ConsentNotice />
      </div>
    </Form>
  )
}
