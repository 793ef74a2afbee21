import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { FormMessage } from '~/components/forms/lead-form-parts'
import type { useSiteForm } from '~/components/forms/site-form'
import { Container } from '~/components/ui/section'

/**
 * A page of the admin area that is one form (the sign-in, the first admin):
 * its title and lead, and the form posting to the page with the site's
 * form hook (`useSiteForm`): its validation and its form-wide message.
 */
export function AdminFormPage({
  title,
  lead,
  form,
  children,
}: {
  title: string
  lead: string
  form: ReturnType<typeof useSiteForm>['form']
  children: ReactNode
}) {
  return (
    <Container className="max-w-md py-16">
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      <p className="mt-3 text-ink-700">{lead}</p>
      <Form method="post" className="mt-8 space-y-5" {...form.props}>
        {form.validation}
        <FormMessage message={form.errors?.[0]} />
        {children}
      </Form>
    </Container>
  )
}
