import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { recordConsentChoice } from '~/analytics/consent.server'
import { CookiePreferences } from '~/components/sections/cookie-preferences'
import { routeMeta } from '~/content/seo'
import { consentOf } from '~/utils/cookies.server'
import { cacheControl, passOnHeaders } from '~/utils/http.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** /preferencias-de-cookies: the visitor's own choice, so never shared by a cache and kept out of search engines. */
export async function loader({ request }: LoaderFunctionArgs) {
  return data({ choice: await consentOf(request) }, { headers: { 'Cache-Control': cacheControl.privateNoStore } })
}

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const result = await recordConsentChoice(request)
  if (result.ok) return result.response
  return data({ message: result.message }, { status: result.status, headers: { 'Cache-Control': cacheControl.privateNoStore, ...result.headers } })
}

/** A refusal's `Allow` (405) reaches the visitor, with JavaScript too. */
export const headers = passOnHeaders()

export const meta: MetaFunction<typeof loader> = (args) =>
  routeMeta(args, {
    seo: { title: 'Preferências de cookies', description: 'Escolha se a Alavanca Digital pode usar cookies de medição e de anúncios na sua visita.' },
    noIndex: true,
  })

export default function CookiePreferencesRoute() {
  const { choice } = useLoaderData<typeof loader>()
  return <CookiePreferences choice={choice} message={useActionData<typeof action>()?.message ?? null} />
}
