import type { AdminLoginData } from '~/admin/login.server'
import { inputProps, useSiteForm } from '~/components/forms/site-form'
import { Field } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { AdminFormPage } from './admin-form-page'

const copy = {
  title: 'Área administrativa',
  lead: 'Entre com o e-mail e a senha da sua conta de administrador para ver os leads.',
  email: 'E-mail',
  password: 'Senha',
  submit: 'Entrar',
} as const

/** /admin/entrar: the sign-in form (a plain post without JavaScript; the site's form hook with it). */
export function AdminLogin({ back, actionData }: { back: string; actionData: AdminLoginData | undefined }) {
  const { form, fields } = useSiteForm({
    id: 'admin-entrar',
    constraint: { email: { required: true, maxLength: 254 }, password: { required: true, maxLength: 1024 } },
    loadSchema: () => import('~/admin/login-schema').then((module) => module.adminLoginSchema),
    lastResult: actionData?.result,
    // Each refusal empties the password; the e-mail stays.
    clearAfterReply: ['password'],
  })
  const pending = useIsPending()
  return (
    <AdminFormPage title={copy.title} lead={copy.lead} form={form}>
      <input type="hidden" name="voltar" value={back} />
      <Field label={copy.email} autoComplete="username" errors={fields.email.errors} {...inputProps(fields.email, 'email')} />
      <Field label={copy.password} autoComplete="current-password" errors={fields.password.errors} {...inputProps(fields.password, 'password')} />
      <StatusButton status={pending ? 'pending' : 'idle'}>{copy.submit}</StatusButton>
    </AdminFormPage>
  )
}
