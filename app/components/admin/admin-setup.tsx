import { getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { MAX_ADMIN_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH } from '~/admin/password-rules'
import { adminSetupCopy as copy } from '~/admin/setup-copy'
import type { AdminSetupData } from '~/admin/setup-page.server'
import { adminSetupSchema } from '~/admin/setup-schema'
import { Field } from '~/components/ui/field'
import { Container } from '~/components/ui/section'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { AdminFormPage, useClearedAfterReply } from './admin-form-page'

const password = { required: true, minLength: MIN_ADMIN_PASSWORD_LENGTH, maxLength: MAX_ADMIN_PASSWORD_LENGTH }

/**
 * /admin/configurar: the first admin's form (a plain post without
 * JavaScript; Conform's validation with it), or why the link does not work.
 */
export function AdminSetup({ refusal, result }: { refusal: string | null; result: AdminSetupData['result'] }) {
  const [form, fields] = useForm<z.input<typeof adminSetupSchema>>({
    id: 'admin-configurar',
    lastResult: result,
    constraint: { email: { required: true, maxLength: 254 }, password, confirmacao: password },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminSetupSchema }),
  })
  useClearedAfterReply(form.id, result, ['password', 'confirmacao'])
  const pending = useIsPending()
  if (refusal) {
    return (
      <Container className="max-w-md py-16">
        <h1 className="text-3xl font-bold text-ink-900">{copy.refusedTitle}</h1>
        <p role="alert" className="mt-4 text-ink-700">
          {refusal}
        </p>
      </Container>
    )
  }
  return (
    <AdminFormPage title={copy.title} lead={copy.lead} form={form}>
      <Field label={copy.email} autoComplete="username" errors={fields.email.errors} {...getInputProps(fields.email, { type: 'email' })} />
      <Field
        label={copy.password}
        hint={copy.passwordHint}
        autoComplete="new-password"
        errors={fields.password.errors}
        {...getInputProps(fields.password, { type: 'password' })}
      />
      <Field
        label={copy.confirmation}
        autoComplete="new-password"
        errors={fields.confirmacao.errors}
        {...getInputProps(fields.confirmacao, { type: 'password' })}
      />
      <StatusButton status={pending ? 'pending' : 'idle'}>{copy.submit}</StatusButton>
    </AdminFormPage>
  )
}
