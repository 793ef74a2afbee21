import { BookSessionLink } from '~/components/forms/book-session-link'
import { WhatsAppHandoffLink } from '~/components/forms/whatsapp-handoff-link'
import { ButtonLink } from '~/components/ui/button'
import { ConfirmationDialog, DialogActions } from '~/components/ui/confirmation-dialog'
import { leadForms } from '~/leads/lead-forms'

export const BRIEFING_SENT = {
  title: 'Briefing Enviado com Sucesso!',
  description: 'Recebemos as informações do seu agente de IA. Nossa equipe analisa o briefing e responde em até 24 horas.',
}

/** 'Briefing Enviado com Sucesso!': a dialog with JavaScript, the same panel as the page without it; 'Voltar ao Início' goes home. */
export function BriefingSent() {
  return (
    <ConfirmationDialog open closeHref="/" title={BRIEFING_SENT.title} description={BRIEFING_SENT.description} className="my-6">
      <BookSessionLink fullWidth className="mt-6" />
      <DialogActions>
        <WhatsAppHandoffLink form={leadForms.briefing} />
        <ButtonLink to="/">Voltar ao Início</ButtonLink>
      </DialogActions>
    </ConfirmationDialog>
  )
}
