import { useEffect } from 'react'
import { showToast } from '~/components/ui/toast'
import { leadErrorMessages } from '~/leads/errors'
import type { LeadActionData } from '~/leads/lead-action.server'

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
