import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { LeadHiddenFields } from '~/components/forms/lead-hidden-fields'
import { CheckboxField, Field } from '~/components/ui/field'
import { PrivacyPolicySentence } from '~/components/ui/privacy-policy-sentence'
import { StatusButton } from '~/components/ui/status-button'
import { showToast } from '~/components/ui/toast'
import { NEWSLETTER_CONSENT } from '~/leads/consent'
import { leadFormConstraints, leadMessages } from '~/leads/form-fields'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { useLeadForm } from './lead-form'
import { FormMessage } from './lead-form-parts'
import { checkboxProps, inputProps } from './site-form'
import { preloadSuccessNotice } from './success-notice'

/**
 * The blog newsletter block: one e-mail and an explicit consent box. An
 * e-mail without '@' and '.' shows the spec's toast and nothing is sent.
 */
export function NewsletterForm({ leadForm, actionData }: { leadForm: LeadFormFields; actionData?: LeadActionData }) {
  const { form, fields, pending } = useLeadForm({
    id: 'newsletter-form',
    constraint: leadFormConstraints.newsletter,
    loadSchema: () => import('~/leads/form-schemas').then((module) => module.newsletterSchema),
    onFirstUse: preloadSuccessNotice,
    actionData,
    shouldValidate: 'onSubmit',
  })
  const emailError = fields.email.errors?.[0]
  useEffect(() => {
    if (emailError === leadMessages.email) showToast({ type: 'error', title: leadMessages.email })
  }, [emailError, form.status])
  return (
    <Form method="post" preventScrollReset {...form.props} className="flex flex-col gap-4">
      {form.validation}
      <LeadHiddenFields {...leadForm} freshTimer={actionData?.timer} />
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
          {...inputProps(fields.email, 'email')}
        />
        <StatusButton status={pending ? 'pending' : 'idle'} className="sm:mt-7">
          Inscrever-se
        </StatusButton>
      </div>
      <CheckboxField
        label={<PrivacyPolicySentence text={NEWSLETTER_CONSENT.label} linkClassName="text-brand-700" />}
        errors={fields.consent.errors}
        {...checkboxProps(fields.consent)}
      />
      <FormMessage message={actionData?.message} />
    </Form>
  )
}
