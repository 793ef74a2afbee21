import { getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { adminLoginSchema } from '~/admin/login-schema'
import type { AdminLoginData } from '~/admin/login.server'
import { Field } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { AdminFormPage, useClearedAfterReply } from './admin-form-page'

const copy = {
  title: 'Área administrativa',
  lead: 'Entre com o e-mail e a senha da sua conta de administrador para ver os leads.',
  email: 'E-mail',
  password: 'Senha',
  submit: 'Entrar',
} as const

/** /admin/entrar: the sign-in form (a plain post without JavaScript; Conform's validation with it). */
export function AdminLogin({ back, actionData }: { back: string; actionData: AdminLoginData | undefined }) {
  const [form, fields] = useForm<z.input<typeof adminLoginSchema>>({
    id: 'admin-entrar',
    lastResult: actionData?.result,
    constraint: { email: { required: true, maxLength: 254 }, password: { required: true, maxLength: 1024 } },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  })
  // Each refusal empties the password; the e-mail stays.
  useClearedAfterReply(form.id, actionData?.result, ['password'])
  const pending = useIsPending()
  return (
    <AdminFormPage title={copy.title} lead={copy.lead} form={form}>
      <input type="hidden" name="voltar" value={back} />
      <Field label={copy.email} autoComplete="username" errors={fields.email.errors} {...getInputProps(fields.email, { type: 'email' })} />
      <Field label={copy.password} autoComplete="current-password" errors={fields.password.errors} {...getInputProps(fields.password, { type: 'password' })} />
      <StatusButton status={pending ? 'pending' : 'idle'}>{copy.submit}</StatusButton>
    </AdminFormPage>
  )
}
