import { getFormProps, type FormMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { LeadHiddenFields } from '~/components/forms/lead-hidden-fields'
import { preloadOnIntent } from '~/components/ui/island'
import { showToast } from '~/components/ui/toast'
import { leadErrorMessages } from '~/leads/errors'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { preloadSuccessNotice } from './success-notice'

/**
 * The `<form>` of a lead form: a plain post (it works without JavaScript)
 * with Conform's props, the hidden fields every lead carries, and the
 * success notice's code fetched once the visitor reaches for the form.
 */
export function LeadFormElement<Schema extends Record<string, unknown>>({
  form,
  leadForm,
  actionData,
  browserValidation,
  className,
  children,
}: {
  form: FormMetadata<Schema, string[]>
  leadForm: LeadFormFields
  actionData: LeadActionData | undefined
  /** The form's validator has loaded (useDeferredValidation): rendered as `data-browser-validation`. */
  browserValidation: boolean
  className: string
  children: ReactNode
}) {
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      data-browser-validation={browserValidation ? '' : undefined}
      {...preloadOnIntent(preloadSuccessNotice)}
      className={className}
    >
      <LeadHiddenFields {...leadForm} freshTimer={actionData?.timer} />
      {children}
    </Form>
  )
}

/**
 * A form-level failure (rate limit, database): a toast with JavaScript, and
 * the same message inline so it is there without JavaScript too.
 */
export function useLeadErrorToast(actionData: LeadActionData | undefined) {
  useEffect(() => {
    if (actionData?.message) showToast({ type: 'error', title: leadErrorMessages.sendFailed, description: actionData.message })
    // The refusal goes to the data layer too (form_submission_error): the form-wide message, or the first field's.
    const form = actionData?.form
    const message = actionData?.message ?? Object.values(actionData?.result?.error ?? {}).flat()[0]
    if (form && message)
      void import('~/analytics/lead-events.client').then((events) => events.trackLeadError(form, message, actionData.message ? undefined : 400))
  }, [actionData])
}
