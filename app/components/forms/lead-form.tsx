import type { SubmissionResult } from '@conform-to/react'
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useIsPending } from '~/components/ui/status-button'
import { showToast } from '~/components/ui/toast'
import { useHydrated } from '~/components/ui/use-hydrated'
import { leadErrorMessages } from '~/leads/errors'
import type { FieldConstraint } from '~/leads/form-fields'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormValidationProps, ValidationState } from './lead-form-validation'

/**
 * A lead form's state without its validation library (ADR 028). The page
 * loads only this up front: the controls' ids, names, native constraints
 * (which check the basics with JavaScript off) and the server's reply.
 * Conform and the form's zod schema (about 40 KiB gzip) load on the first
 * interaction with the form (pointer over it, focus, input, submit) and then
 * validate as before: on blur, then as the visitor types, and on submit.
 * A submit that comes before they have loaded waits for them, so the
 * visitor always sees the same Portuguese messages.
 *
 *   const { form, fields, pending } = useLeadForm({
 *     id: 'contato-home',
 *     constraint: leadFormConstraints.home,
 *     loadSchema: () => import('~/leads/form-schemas').then((module) => module.homeContactSchema),
 *     actionData,
 *   })
 *   <Form method="post" {...form.props}>{form.validation} …
 *     <Field label="Nome" errors={fields.name.errors} {...inputProps(fields.name, 'text')} />
 */

/** What a control needs: Conform's ids (`${formId}-${name}`), the native constraint, the server's value and the errors shown. */
export type LeadField = {
  id: string
  name: string
  formId: string
  constraint: FieldConstraint
  initialValue: unknown
  errors: string[] | undefined
}

/** The attributes of a text-like `<input>` (Conform's getInputProps, without Conform). */
export function inputProps(field: LeadField, type: 'text' | 'email' | 'tel') {
  const { minLength, maxLength, pattern } = field.constraint
  return { ...controlProps(field), type, minLength, maxLength, pattern, ...initialText(field) }
}

/** The attributes of a `<textarea>`. */
export function textareaProps(field: LeadField) {
  const { minLength, maxLength } = field.constraint
  return { ...controlProps(field), minLength, maxLength, ...initialText(field) }
}

/** The attributes of a `<select>`. */
export function selectProps(field: LeadField) {
  return { ...controlProps(field), ...initialText(field) }
}

/** The attributes of a checkbox, ticked again when the server answers with it ticked. */
export function checkboxProps(field: LeadField) {
  return { ...controlProps(field), value: 'on', defaultChecked: field.initialValue === 'on' }
}

const controlProps = ({ id, name, formId, constraint }: LeadField) => ({ id, name, form: formId, required: constraint.required || undefined })

const initialText = ({ initialValue }: LeadField) => (typeof initialValue === 'string' ? { defaultValue: initialValue } : {})

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

type Validation = { Component: (props: LeadFormValidationProps) => ReactNode; schema: LeadFormValidationProps['schema'] }
type PendingSubmit = { submitter: HTMLElement | null }

/** Errors and status from the server's reply: what the page shows until (and unless) the validation has loaded. */
function serverState(result: SubmissionResult<string[]> | undefined): ValidationState {
  const error = result?.error ?? {}
  const errors = Object.fromEntries(Object.entries(error).map(([name, messages]) => [name, messages ?? undefined]))
  return { errors, status: result?.status }
}

export function useLeadForm<Name extends string>({
  id,
  constraint,
  loadSchema,
  actionData,
  shouldValidate = 'onBlur',
  onFirstUse,
}: {
  id: string
  constraint: Record<Name, FieldConstraint>
  /** The form's one zod schema (also the server's), imported when the form is first used. */
  loadSchema: () => Promise<LeadFormValidationProps['schema']>
  actionData: LeadActionData | undefined
  shouldValidate?: 'onBlur' | 'onSubmit'
  /** Runs with the first interaction too: a form whose success opens a dialog preloads it here (`preloadSuccessNotice`). */
  onFirstUse?: () => void
}) {
  const hydrated = useHydrated()
  const pending = useIsPending()
  useLeadErrorToast(actionData)
  const [validation, setValidation] = useState<Validation | null>(null)
  const [state, setState] = useState<ValidationState | null>(null)
  const loading = useRef(false)
  const failed = useRef(false)
  const submitWithValidation = useRef<((event: FormEvent<HTMLFormElement>) => void) | null>(null)
  const pendingSubmit = useRef<PendingSubmit | null>(null)
  /** Fields left before the validation arrived: it checks them as soon as it runs, as a blur would have. */
  const blurred = useRef(new Set<string>())

  const resubmit = useCallback(() => {
    const waiting = pendingSubmit.current
    pendingSubmit.current = null
    const form = document.getElementById(id)
    if (waiting && form instanceof HTMLFormElement) form.requestSubmit(waiting.submitter ?? undefined)
  }, [id])

  const load = useCallback(() => {
    if (loading.current) return
    loading.current = true
    onFirstUse?.()
    Promise.all([import('./lead-form-validation'), loadSchema()])
      .then(([module, schema]) => setValidation({ Component: module.LeadFormValidation, schema }))
      .catch(() => {
        // Offline or a new deploy: the native constraints and the server's checks still hold.
        failed.current = true
        resubmit()
      })
  }, [loadSchema, onFirstUse, resubmit])

  const onReady = useCallback(
    (next: ValidationState, submit: (event: FormEvent<HTMLFormElement>) => void) => {
      submitWithValidation.current = submit
      setState(next)
      resubmit()
    },
    [resubmit],
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (submitWithValidation.current) return submitWithValidation.current(event)
    if (failed.current) return
    // Not loaded yet: hold the submit, and send it again through the validation once it is there.
    event.preventDefault()
    pendingSubmit.current = { submitter: (event.nativeEvent as SubmitEvent).submitter }
    load()
  }

  const shown = state ?? serverState(actionData?.result)
  const fields = {} as Record<Name, LeadField>
  for (const name of Object.keys(constraint) as Name[]) {
    const initialValue = actionData?.result?.initialValue?.[name]
    fields[name] = { id: `${id}-${name}`, name, formId: id, constraint: constraint[name], initialValue, errors: shown.errors[name] }
  }

  return {
    form: {
      /** Spread on the `<Form>`: its id, the submit handler, and the first-interaction triggers. */
      props: {
        id,
        // Without JavaScript the browser's own checks run; with it, ours (same rules, the spec's words).
        noValidate: hydrated,
        onSubmit,
        onPointerEnter: load,
        onFocus: load,
        onInput: load,
        onBlur: (event: FormEvent<HTMLFormElement>) => {
          if (!state && 'name' in event.target && typeof event.target.name === 'string') blurred.current.add(event.target.name)
        },
      },
      /** Render inside the form: nothing on screen, the validation once it has loaded. */
      validation: validation ? (
        <validation.Component
          id={id}
          schema={validation.schema}
          lastResult={actionData?.result}
          shouldValidate={shouldValidate}
          names={Object.keys(constraint)}
          blurred={blurred.current}
          onChange={onReady}
        />
      ) : null,
      errors: shown.errors[''],
      status: shown.status,
    },
    fields,
    pending,
  }
}
