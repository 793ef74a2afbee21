import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useLayoutEffect, useRef, type FormEvent } from 'react'
import type { z } from 'zod'

/**
 * A lead form's validation in the browser, loaded on the form's first use by
 * `useLeadForm` (lead-form.tsx, ADR 028): Conform with the form's one zod
 * schema, the same the action parses with. It renders nothing: Conform
 * listens to the document's input and blur events for the form's id, and
 * this reports each field's errors, and Conform's submit handler, back to
 * the form, which shows them.
 */

export type ValidationState = {
  /** Errors per field name; '' holds the form's own. */
  errors: Record<string, string[] | undefined>
  status: 'success' | 'error' | undefined
}

export type LeadFormValidationProps = {
  id: string
  schema: z.ZodType
  lastResult: SubmissionResult<string[]> | undefined
  shouldValidate: 'onBlur' | 'onSubmit'
  names: readonly string[]
  /** Fields the visitor left before this loaded: checked at once, as their blur would have been. */
  blurred: ReadonlySet<string>
  onChange: (state: ValidationState, submit: (event: FormEvent<HTMLFormElement>) => void) => void
}

export function LeadFormValidation({ id, schema, lastResult, shouldValidate, names, blurred, onChange }: LeadFormValidationProps) {
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const state: ValidationState = {
    errors: { '': form.errors, ...Object.fromEntries(names.map((name) => [name, fields[name]?.errors])) },
    status: form.status,
  }
  const reported = useRef<string | null>(null)
  useLayoutEffect(() => {
    const key = JSON.stringify(state)
    if (key === reported.current) return
    reported.current = key
    onChange(state, form.onSubmit)
  })

  useEffect(() => {
    if (shouldValidate !== 'onBlur') return
    const element = document.getElementById(id)
    if (!(element instanceof HTMLFormElement)) return
    for (const name of blurred) {
      const control = element.elements.namedItem(name)
      if (control instanceof Element && control !== document.activeElement) control.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    }
  }, [id, blurred, shouldValidate])

  return null
}
