import { getFormProps, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { FormMessage } from '~/components/forms/lead-form-parts'
import { Container } from '~/components/ui/section'

/**
 * A page of the admin area that is one form (the sign-in, the first admin):
 * its title and lead, and the form (Conform's `useForm` in the page's
 * component) posting to the page, with its form-wide message.
 */
export function AdminFormPage<Schema extends Record<string, unknown>>({
  title,
  lead,
  form,
  children,
}: {
  title: string
  lead: string
  form: FormMetadata<Schema, string[]>
  children: ReactNode
}) {
  return (
    <Container className="max-w-md py-16">
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      <p className="mt-3 text-ink-700">{lead}</p>
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        <FormMessage message={form.errors?.[0]} />
        {children}
      </Form>
    </Container>
  )
}

/**
 * Empties password fields after each reply of the server. The server never
 * sends them back (`hideFields`), but with JavaScript the page stays, and its
 * inputs would keep what was typed.
 */
export function useClearedAfterReply(formId: string, lastResult: SubmissionResult<string[]> | null | undefined, names: readonly string[]) {
  const cleared = names.join(',')
  useEffect(() => {
    if (!lastResult) return
    for (const name of cleared.split(',')) {
      const input = document.getElementById(`${formId}-${name}`)
      if (input instanceof HTMLInputElement) input.value = ''
    }
  }, [lastResult, formId, cleared])
}
