/**
 * The first admin's setup page (/admin/configurar?token=…) below HTTP. The
 * loader shows the form while the link's token works, a pt-BR refusal (403
 * for a link that is not one, 410 for an expired or used one) otherwise, and
 * a 404 once any admin exists. The action reads the three declared fields
 * (bounded), parses them with the form's schema, creates the admin with the
 * token, signs them in and goes to /admin. Passwords are never sent back.
 */
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { readFormBody } from '~/utils/form-body.server'
import type { Database } from '../../db/client'
import { ADMIN_HEADERS, ADMIN_PATH, openAdminSession } from './auth.server'
import { weakAdminPassword } from './password-strength.server'
import { adminSetupMessages } from './setup-copy'
import { ADMIN_SETUP_FIELDS, adminSetupSchema } from './setup-schema'
import { adminExists, createFirstAdmin, setupTokenState, type SetupTokenState } from './setup.server'

export type AdminSetupData = { refusal: string | null; result?: SubmissionResult<string[]> }

const HIDDEN_FIELDS = ['password', 'confirmacao']

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''

/** Once an admin exists the page is gone, whatever the token. */
const notFound = () => data(null, { status: 404, headers: ADMIN_HEADERS })

/** A link that does not work (anymore): why, and what to do. */
function refused(state: Exclude<SetupTokenState, 'valid'>) {
  return data<AdminSetupData>({ refusal: adminSetupMessages[state] }, { status: state === 'unknown' ? 403 : 410, headers: ADMIN_HEADERS })
}

export async function adminSetupView(db: Database, request: Request) {
  if (await adminExists(db)) throw notFound()
  const state = await setupTokenState(db, tokenOf(request))
  return state === 'valid' ? data<AdminSetupData>({ refusal: null }, { headers: ADMIN_HEADERS }) : refused(state)
}

export async function handleAdminSetup(db: Database, request: Request) {
  if (await adminExists(db)) throw notFound()
  const body = await readFormBody(request, { fields: ADMIN_SETUP_FIELDS })
  if (!body.ok) {
    const { status, message, headers } = body.refusal
    return data<AdminSetupData>({ refusal: null, result: { status: 'error', error: { '': [message] } } }, { status, headers: { ...ADMIN_HEADERS, ...headers } })
  }
  const state = await setupTokenState(db, tokenOf(request))
  if (state !== 'valid') return refused(state)
  const submission = parseWithZod(body.formData, { schema: adminSetupSchema })
  if (submission.status !== 'success') {
    return data<AdminSetupData>({ refusal: null, result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400, headers: ADMIN_HEADERS })
  }
  const weakness = weakAdminPassword(submission.value.password, [submission.value.email])
  if (weakness) {
    return data<AdminSetupData>(
      { refusal: null, result: submission.reply({ fieldErrors: { password: [weakness] }, hideFields: HIDDEN_FIELDS }) },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  // The schema's e-mail and password rules and the strength check above are saveAdmin's: it accepts what passed here.
  const outcome = await createFirstAdmin(db, tokenOf(request), submission.value)
  if (!outcome.ok) {
    // Another post got there first: its admin exists now.
    if (outcome.reason === 'admin-exists') throw notFound()
    return refused(outcome.reason)
  }
  const setCookie = await openAdminSession(db, request, outcome.admin.id)
  return redirect(ADMIN_PATH, { headers: { ...ADMIN_HEADERS, 'Set-Cookie': setCookie } })
}
