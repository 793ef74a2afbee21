import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLayoutEffect, useRef, type FormEvent } from 'react'
import type { z } from 'zod'

/**
 * A form's validation in the browser, loaded on the form's first use by
 * `useSiteForm` (site-form.tsx, ADR 028): Conform with the form's one zod
 * schema, the same the server reads with. It renders nothing: Conform
 * listens to the document's input and blur events for the form's id, and
 * this hands each field's errors, and Conform's submit handler, to the form,
 * which shows them. (The form's controls are rendered before Conform loads;
 * the state goes up so that they stay the same elements, with what was typed.)
 */

export type ValidationState = {
  /** Errors per field name; '' holds the form's own. */
  errors: Record<string, string[] | undefined>
  status: 'success' | 'error' | undefined
}

export type FormValidationProps = {
  id: string
  schema: z.ZodType
  lastResult: SubmissionResult<string[]> | null | undefined
  defaultValue: Record<string, unknown> | undefined
  shouldValidate: 'onBlur' | 'onSubmit'
  names: readonly string[]
  onChange: (state: ValidationState, submit: (event: FormEvent<HTMLFormElement>) => void) => void
}

export function FormValidation({ id, schema, lastResult, defaultValue, shouldValidate, names, onChange }: FormValidationProps) {
  const [form, fields] = useForm<Record<string, unknown>, unknown>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const state: ValidationState = {
    errors: { '': form.errors, ...Object.fromEntries(names.map((name) => [name, fields[name]?.errors])) },
    status: form.status,
  }
  // Before paint, and only when something changed: the form shows Conform's state as its own.
  const reported = useRef<string | null>(null)
  useLayoutEffect(() => {
    const key = JSON.stringify(state)
    if (key === reported.current) return
    reported.current = key
    onChange(state, form.onSubmit)
  })
  return null
}
