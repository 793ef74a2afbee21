import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADMIN_HEADERS, adminHeaders, adminRequest } from '~/admin/auth.server'
import { releaseMessages } from '~/admin/spam-copy'
import { listSuspectedSpam, releaseSpam } from '~/admin/spam.server'
import { SpamFolderView } from '~/components/admin/spam-folder'
import { routeMeta } from '~/content/seo'
import { getLeadPipeline } from '~/leads/lead-service.server'
import { SPAM_RETENTION_DAYS } from '~/leads/suspected-spam.server'
import { readFormBody } from '~/utils/form-body.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'
import { isUuid } from '~/utils/uuid'

const FIELDS = new Set(['id', 'pagina'])

/** A page number from the address or the form: a small positive integer, else the first page. */
const pageNumber = (value: string | null | undefined) => (value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1)

/** /admin/spam: the spam folder (ADR 039), 50 a page, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await adminRequest(request)
  const params = new URL(request.url).searchParams
  const released = params.get('liberado')
  const spam = await listSuspectedSpam(db, { page: pageNumber(params.get('pagina')) })
  return data({ spam, retentionDays: SPAM_RETENTION_DAYS, releasedLeadId: isUuid(released) ? released : null }, { headers: ADMIN_HEADERS })
}

/** 'Não é spam': the post becomes a lead and is queued for delivery (post/redirect/get). */
export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const { db, admin } = await adminRequest(request)
  const body = await readFormBody(request, { fields: FIELDS })
  if (!body.ok) return data({ message: body.refusal.message }, { status: body.refusal.status, headers: { ...ADMIN_HEADERS, ...body.refusal.headers } })
  const id = body.formData.get('id')
  if (!isUuid(id)) return data({ message: releaseMessages.invalid }, { status: 400, headers: ADMIN_HEADERS })
  const outcome = await releaseSpam(db, await getLeadPipeline(), id, admin)
  if (!outcome.ok) return data({ message: outcome.message }, { status: outcome.status, headers: ADMIN_HEADERS })
  const page = pageNumber(String(body.formData.get('pagina') ?? ''))
  return redirect(`/admin/spam?${page > 1 ? `pagina=${page}&` : ''}liberado=${outcome.leadId}`, { headers: ADMIN_HEADERS })
}

export const headers = adminHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, { seo: { title: 'Spam · Área administrativa', description: 'Acesso restrito à equipe da agência.' }, noIndex: true })

export default function AdminSpamRoute() {
  const { spam, retentionDays, releasedLeadId } = useLoaderData<typeof loader>()
  return <SpamFolderView spam={spam} retentionDays={retentionDays} releasedLeadId={releasedLeadId} message={useActionData<typeof action>()?.message ?? null} />
}
