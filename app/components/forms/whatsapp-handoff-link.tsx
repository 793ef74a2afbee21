import { pushToDataLayer } from '~/analytics/data-layer'
import { buttonClassName } from '~/components/ui/button'
import { NewTabNote } from '~/components/ui/new-tab-note'
import type { LeadFormConfig } from '~/leads/lead-forms'
import { WHATSAPP_HANDOFF } from '~/leads/whatsapp-handoff'

/**
 * 'Falar agora pelo WhatsApp' on a lead form's confirmation (ADR 049): a
 * plain link to our own redirect, the same for every visitor, so it works
 * without JavaScript and the page stays cacheable; the server fills the
 * message from the visitor's cookie. A tap is a data-layer event, with the
 * form's analytics name and place (`leadForms[key]`, or what a loader sent:
 * a page without lead forms need not load their list).
 */
export function WhatsAppHandoffLink({ form, className }: { form: Pick<LeadFormConfig, 'analyticsName' | 'location'>; className?: string }) {
  return (
    <a
      href={WHATSAPP_HANDOFF.path}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={buttonClassName({ variant: 'whatsapp', className })}
      onClick={() => pushToDataLayer({ event: WHATSAPP_HANDOFF.event, form_name: form.analyticsName, form_location: form.location })}
    >
      {WHATSAPP_HANDOFF.label}
      <NewTabNote />
    </a>
  )
}
