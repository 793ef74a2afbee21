import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { Form } from '@remix-run/react'
import { Field, TextareaField } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { homeContactSchema, leadFormConstraints } from '~/leads/form-schemas'
import type { LeadActionData } from '~/leads/lead-action.server'
import { LeadHiddenFields, type LeadFormFields } from '~/leads/lead-hidden-fields'
import { ConsentNotice, FormMessage, maskPhoneInput, useLeadErrorToast } from './lead-form-parts'

/** The home contact section's form (spec lead-capture §2 "Home contact section"). */
export function HomeContactForm({ leadForm, actionData }: { leadForm: LeadFormFields; actionData?: LeadActionData }) {
  const [form, fields] = useForm<z.input<typeof homeContactSchema>>({
    id: 'contato-home',
    lastResult: actionData?.result,
    constraint: leadFormConstraints.home,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: homeContactSchema }),
  })
  const pending = useIsPending()
  useLeadErrorToast(actionData)
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-4 rounded-2xl bg-white p-6 text-ink-900 shadow-xl md:grid-cols-2 md:p-8">
      <LeadHiddenFields {...leadForm} />
      <Field label="Nome completo" className="md:col-span-2" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: 'text' })} />
      <Field label="E-mail" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: 'email' })} />
      <Field
        label="Telefone / WhatsApp"
        autoComplete="tel"
        inputMode="tel"
        placeholder="(11) 98765-4321"
        onInput={maskPhoneInput}
        errors={fields.phone.errors}
        {...getInputProps(fields.phone, { type: 'tel' })}
      />
      <TextareaField label="Mensagem (opcional)" rows={4} className="md:col-span-2" errors={fields.message.errors} {...getTextareaProps(fields.message)} />
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
