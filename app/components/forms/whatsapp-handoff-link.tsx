import { pushToDataLayer } from '~/analytics/data-layer'
import { buttonClassName } from '~/components/ui/button'
import { NewTabNote } from '~/components/ui/new-tab-note'
import { leadForms, type LeadFormKey } from '~/leads/lead-forms'
import { WHATSAPP_HANDOFF } from '~/leads/whatsapp-handoff'

/**
 * 'Falar agora pelo WhatsApp' on a lead form's confirmation (ADR 049): a
 * plain link to our own redirect, the same for every visitor, so it works
 * without JavaScript and the page stays cacheable; the server fills the
 * message from the visitor's cookie. A tap is a data-layer event.
 */
export function WhatsAppHandoffLink({ form, className }: { form: LeadFormKey; className?: string }) {
  return (
    <a
      href={WHATSAPP_HANDOFF.path}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={buttonClassName({ variant: 'whatsapp', className })}
      onClick={() => pushToDataLayer({ event: WHATSAPP_HANDOFF.event, form_name: leadForms[form].analyticsName, form_location: leadForms[form].location })}
    >
      {WHATSAPP_HANDOFF.label}
      <NewTabNote />
    </a>
  )
}
