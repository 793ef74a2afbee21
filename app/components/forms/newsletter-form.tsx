import { getInputProps, useForm } from '@conform-to/react'
import { useEffect } from 'react'
import { CheckboxField, Field } from '~/components/ui/field'
import { PrivacyPolicySentence } from '~/components/ui/privacy-policy-sentence'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { showToast } from '~/components/ui/toast'
import { NEWSLETTER_CONSENT } from '~/leads/consent'
import { leadFormConstraints, leadMessages } from '~/leads/form-fields'
import type { NewsletterFields } from '~/leads/form-schemas'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { LeadFormElement, useLeadErrorToast } from './lead-form'
import { useLeadFormOptions } from './lead-form-options'
import { FormMessage } from './lead-form-parts'

/**
 * The blog newsletter block: one e-mail and an explicit consent box. An
 * e-mail without '@' and '.' shows the spec's toast and nothing is sent.
 */
export function NewsletterForm({ leadForm, actionData }: { leadForm: LeadFormFields; actionData?: LeadActionData }) {
  useLeadErrorToast(actionData)
  const pending = useIsPending()
  const { options, ready } = useLeadFormOptions({
    id: 'newsletter-form',
    load: () => import('~/leads/lead-validation').then((module) => module.validateNewsletter),
    constraint: leadFormConstraints.newsletter,
    actionData,
    shouldValidate: 'onSubmit',
  })
  const [form, fields] = useForm<NewsletterFields>(options)
  const emailError = fields.email.errors?.[0]
  useEffect(() => {
    if (emailError === leadMessages.email) showToast({ type: 'error', title: leadMessages.email })
  }, [emailError, form.status])
  return (
    <LeadFormElement form={form} leadForm={leadForm} actionData={actionData} browserValidation={ready} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label="Seu melhor e-mail"
          className="flex-1"
          autoComplete="email"
          placeholder="voce@empresa.com.br"
          // Disabled while sending, but read-only rather than `disabled`: a disabled field is left out of the post.
          readOnly={pending}
          aria-disabled={pending || undefined}
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: 'email' })}
        />
        <StatusButton status={pending ? 'pending' : 'idle'} className="sm:mt-7">
          Inscrever-se
        </StatusButton>
      </div>
      <CheckboxField
        label={<PrivacyPolicySentence text={NEWSLETTER_CONSENT.label} linkClassName="text-brand-700" />}
        errors={fields.consent.errors}
        {...getInputProps(fields.consent, { type: 'checkbox' })}
      />
      <FormMessage message={actionData?.message} />
    </LeadFormElement>
  )
}
