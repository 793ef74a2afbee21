import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { loadSiteSettings } from '~/content/content.server'
import { whatsappHref } from '~/content/site-settings'
import { clearHandoffCookie, handoffMessage, readHandoff } from '~/leads/whatsapp-handoff.server'
import { METRICS, type MetricType } from '~/tools/calculator/metrics'
import { cacheControl } from '~/utils/http.server'
import { ALLOW, refuseMethods } from '~/utils/methods.server'

/**
 * /falar-no-whatsapp: 'Falar agora pelo WhatsApp' of every lead form's
 * confirmation (ADR 049). A redirect to the agency's WhatsApp with the
 * message from this visitor's own cookie, which the redirect deletes
 * (one tap, one message): private, never stored, out of search engines.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [settings, handoff] = await Promise.all([loadSiteSettings(context.preview), readHandoff(request)])
  const names = handoff && {
    service: settings.services.find((service) => service.slug === handoff.service)?.title,
    metric: Object.hasOwn(METRICS, handoff.metric ?? '') ? METRICS[handoff.metric as MetricType].name.split(':')[0] : null,
  }
  // No handoff (expired, refused, another browser): the settings' own first message.
  const href = handoff ? whatsappHref(settings, handoffMessage(handoff, names ?? {})) : whatsappHref(settings)
  return redirect(href, {
    headers: {
      'Cache-Control': cacheControl.privateNoStore,
      'X-Robots-Tag': 'noindex',
      // Whatever the visitor carried (used, expired, tampered): gone after this tap.
      'Set-Cookie': await clearHandoffCookie(request),
    },
  })
}

/** Read only: any other method gets its 405 (methods.server.ts). */
export const action = refuseMethods({ allow: ALLOW.page, kind: 'text' })
