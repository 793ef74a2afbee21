import type { SubmissionResult } from '@conform-to/react'
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { FieldConstraint } from '~/leads/form-fields'
import type { FormValidationProps, ValidationState } from './form-validation'

/**
 * Every form of the site, one way (ADR 028): Conform's `useForm` with the
 * form's one zod schema, the same its action or loader reads with
 * (`parseWithZod`), and the shared `Field`s. The page loads only this up
 * front: the controls' ids, names, native constraints (which check the
 * basics with JavaScript off) and the server's reply. Conform and the schema
 * (about 40 KiB gzip) load on the first use of the form (pointer over it,
 * focus, input, submit) and then validate on blur (or on submit), again as
 * the visitor types, and on submit. A submit that comes before they have
 * loaded waits for them, so the visitor always sees the same messages.
 *
 *   const { form, fields } = useSiteForm({
 *     id: 'contato-home',
 *     constraint: leadFormConstraints.home,
 *     loadSchema: () => import('~/leads/form-schemas').then((module) => module.homeContactSchema),
 *     lastResult: actionData?.result,
 *   })
 *   <Form method="post" {...form.props}>{form.validation} …
 *     <Field label="Nome" errors={fields.name.errors} {...inputProps(fields.name, 'text')} />
 */

/** What a control needs: Conform's ids (`${formId}-${name}`), the native constraint, the first value and the errors shown. */
export type FormField = {
  id: string
  name: string
  formId: string
  constraint: FieldConstraint
  initialValue: unknown
  errors: string[] | undefined
}

/** The attributes of a text-like `<input>` (Conform's getInputProps, without Conform). */
export function inputProps(field: FormField, type: 'text' | 'email' | 'tel' | 'password') {
  const { minLength, maxLength, pattern } = field.constraint
  return { ...controlProps(field), type, minLength, maxLength, pattern, ...initialText(field) }
}

/** The attributes of a `<textarea>`. */
export function textareaProps(field: FormField) {
  const { minLength, maxLength } = field.constraint
  return { ...controlProps(field), minLength, maxLength, ...initialText(field) }
}

/** The attributes of a `<select>`. */
export function selectProps(field: FormField) {
  return { ...controlProps(field), ...initialText(field) }
}

/** The attributes of a checkbox, ticked again when the server answers with it ticked. */
export function checkboxProps(field: FormField) {
  return { ...controlProps(field), value: 'on', defaultChecked: field.initialValue === 'on' }
}

/** One checkbox per option of a multiple choice (Conform's getCollectionProps, without Conform). */
export function checkboxGroupProps(field: FormField, options: readonly string[]) {
  const chosen = ([] as unknown[]).concat(field.initialValue ?? [])
  return options.map((value) => ({
    key: value,
    id: `${field.id}-${value}`,
    name: field.name,
    form: field.formId,
    type: 'checkbox' as const,
    value,
    defaultChecked: chosen.includes(value),
  }))
}

const controlProps = ({ id, name, formId, constraint }: FormField) => ({ id, name, form: formId, required: constraint.required || undefined })

const initialText = ({ initialValue }: FormField) => (typeof initialValue === 'string' ? { defaultValue: initialValue } : {})

type Validation = { Component: (props: FormValidationProps) => ReactNode; schema: FormValidationProps['schema'] }

/** Errors and status from the server's reply: what the page shows until (and unless) the validation has loaded. */
function serverState(result: SubmissionResult<string[]> | null | undefined): ValidationState {
  const error = result?.error ?? {}
  return { errors: Object.fromEntries(Object.entries(error).map(([name, messages]) => [name, messages ?? undefined])), status: result?.status }
}

export type SiteFormOptions<Name extends string> = {
  id: string
  /** Every field of the form, with its native constraint (none: `{}`). */
  constraint: Record<Name, FieldConstraint>
  /** The form's one zod schema (also the server's), imported when the form is first used. */
  loadSchema: () => Promise<FormValidationProps['schema']>
  /** The server's reply to the last post (or its reading of a GET form's URL). */
  lastResult: SubmissionResult<string[]> | null | undefined
  /** Values the page starts with, beside the server's reply (a wizard's earlier steps). */
  defaultValue?: Partial<Record<NoInfer<Name>, unknown>>
  shouldValidate?: 'onBlur' | 'onSubmit'
  /** Runs with the first use too: a form whose success opens a dialog preloads it here (`preloadSuccessNotice`). */
  onFirstUse?: () => void
  /**
   * Fields emptied after each reply of the server (passwords). The server never
   * sends them back (`hideFields`), but with JavaScript the page stays, and its
   * inputs would keep what was typed.
   */
  clearAfterReply?: readonly NoInfer<Name>[]
}

export function useSiteForm<Name extends string>({
  id,
  constraint,
  loadSchema,
  lastResult,
  defaultValue,
  shouldValidate = 'onBlur',
  onFirstUse,
  clearAfterReply = [],
}: SiteFormOptions<Name>) {
  const hydrated = useHydrated()
  const [validation, setValidation] = useState<Validation | null>(null)
  const [state, setState] = useState<ValidationState | null>(null)
  const started = useRef(false)
  /** Conform's submit handler once the validation runs (or a pass-through if it cannot load). */
  const validatedSubmit = useRef<((event: FormEvent<HTMLFormElement>) => void) | null>(null)
  /** A submit that came before the validation: sent again through it as soon as it runs. */
  const heldSubmit = useRef<{ submitter: HTMLElement | null } | null>(null)

  const release = useCallback(() => {
    const held = heldSubmit.current
    heldSubmit.current = null
    const form = document.getElementById(id)
    if (held && form instanceof HTMLFormElement) form.requestSubmit(held.submitter ?? undefined)
  }, [id])

  const load = useCallback(() => {
    if (started.current) return
    started.current = true
    onFirstUse?.()
    Promise.all([import('./form-validation'), loadSchema()]).then(
      ([module, schema]) => setValidation({ Component: module.FormValidation, schema }),
      () => {
        // Offline or a new deploy: the server's checks still hold, so submits (a held one too) go as they are.
        validatedSubmit.current = () => {}
        release()
      },
    )
  }, [loadSchema, onFirstUse, release])

  const onReady = useCallback(
    (next: ValidationState, submit: (event: FormEvent<HTMLFormElement>) => void) => {
      validatedSubmit.current = submit
      setState(next)
      release()
    },
    [release],
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (validatedSubmit.current) return validatedSubmit.current(event)
    // Not loaded yet: hold the submit, and send it again through the validation once it is there.
    event.preventDefault()
    heldSubmit.current = { submitter: (event.nativeEvent as SubmitEvent).submitter }
    load()
  }

  const cleared = clearAfterReply.join(',')
  useEffect(() => {
    if (!lastResult || !cleared) return
    for (const name of cleared.split(',')) {
      const input = document.getElementById(`${id}-${name}`)
      if (input instanceof HTMLInputElement) input.value = ''
    }
  }, [lastResult, id, cleared])

  const shown = state ?? serverState(lastResult)
  const fields = {} as Record<Name, FormField>
  for (const name of Object.keys(constraint) as Name[]) {
    const initialValue = lastResult?.initialValue?.[name] ?? defaultValue?.[name]
    fields[name] = { id: `${id}-${name}`, name, formId: id, constraint: constraint[name], initialValue, errors: shown.errors[name] }
  }

  return {
    form: {
      /** Spread on the `<Form>`: its id, the submit handler, and the first-use triggers. */
      props: { id, noValidate: hydrated, onSubmit, onPointerEnter: load, onFocus: load, onInput: load },
      /** Render inside the form: nothing on screen; the validation once it has loaded. */
      validation: validation ? (
        <validation.Component
          id={id}
          schema={validation.schema}
          lastResult={lastResult}
          defaultValue={defaultValue}
          shouldValidate={shouldValidate}
          names={Object.keys(constraint)}
          onChange={onReady}
        />
      ) : null,
      errors: shown.errors[''],
      status: shown.status,
    },
    fields,
  }
}
