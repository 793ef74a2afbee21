/**
 * The sign-in form's action (/admin/entrar), below HTTP: a bounded read of
 * the three declared fields, the schema, then `signIn`. The password is never
 * sent back; a refusal names no account ("E-mail ou senha incorretos.").
 */
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { readFormBody } from '~/utils/form-body.server'
import type { Database } from '../../db/client'
import { ADMIN_HEADERS, adminReturnPath, signIn } from './auth.server'
import { ADMIN_LOGIN_FIELDS, adminLoginSchema } from './login-schema'

export type AdminLoginData = { result: SubmissionResult<string[]> }

export async function handleAdminLogin(request: Request, { db, clientIp }: { db: Database; clientIp: string }) {
  const body = await readFormBody(request, { fields: ADMIN_LOGIN_FIELDS })
  if (!body.ok) {
    const { status, message, headers } = body.refusal
    return data<AdminLoginData>({ result: { status: 'error', error: { '': [message] } } }, { status, headers: { ...ADMIN_HEADERS, ...headers } })
  }
  const submission = parseWithZod(body.formData, { schema: adminLoginSchema })
  if (submission.status !== 'success') {
    return data<AdminLoginData>({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400, headers: ADMIN_HEADERS })
  }
  const outcome = await signIn(request, submission.value, { db, clientIp })
  if (!outcome.ok) {
    const headers: Record<string, string> = { ...ADMIN_HEADERS, ...(outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : {}) }
    return data<AdminLoginData>({ result: submission.reply({ formErrors: [outcome.message], hideFields: ['password'] }) }, { status: outcome.status, headers })
  }
  const headers = new Headers(ADMIN_HEADERS)
  headers.append('Set-Cookie', outcome.setCookie)
  headers.append('Set-Cookie', outcome.deviceCookie)
  return redirect(adminReturnPath(submission.value.voltar ?? null), { headers })
}
