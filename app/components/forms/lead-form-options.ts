import type { FieldConstraint } from '~/leads/form-fields'
import type { LeadActionData } from '~/leads/lead-action.server'
import { useDeferredValidation, type FormValidator } from './deferred-validation'

/**
 * Conform's options for a lead form, as Conform documents them: the action's
 * last answer, the fields' native constraints (written without zod, so the
 * server's HTML and the hydrated form carry the same attributes), and the
 * form's validator in the browser once it has loaded (`useDeferredValidation`:
 * once the form is near the viewport; until then the server validates). A field is checked
 * when it loses focus (`onSubmit` for the one-field newsletter), then again on
 * every input.
 *
 *   const { options, ready } = useLeadFormOptions({ id, constraint, actionData, load: () => import('~/leads/lead-validation').then((module) => module.validateX) })
 *   const [form, fields] = useForm<XFields>(options)
 */
export function useLeadFormOptions<Value>({
  id,
  load,
  constraint,
  actionData,
  shouldValidate = 'onBlur',
}: {
  id: string
  load: () => Promise<FormValidator<Value>>
  constraint: Record<string, FieldConstraint>
  actionData: LeadActionData | undefined
  shouldValidate?: 'onBlur' | 'onSubmit'
}) {
  const validation = useDeferredValidation(load, { formId: id, shouldValidate })
  return { ready: validation.ready, options: { id, lastResult: actionData?.result, constraint, ...validation.options } }
}
