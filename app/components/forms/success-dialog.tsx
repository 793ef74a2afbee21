import { useSiteSettings } from '~/components/hooks/use-site-settings'
import { ButtonLink, buttonClassName } from '~/components/ui/button'
import { ConfirmationDialog, DialogActions } from '~/components/ui/confirmation-dialog'
import { NewTabNote } from '~/components/ui/new-tab-note'
import { featuredSocialUrl } from '~/content/site-settings'
import { leadForms, type LeadFormKey } from '~/leads/lead-forms'
import { BookSessionLink } from './book-session-link'
import { WhatsAppHandoffLink } from './whatsapp-handoff-link'

/** The spec's two success dialogs: one after a contact form, one after a newsletter sign-up. */
export const successDialogs = {
  contact: {
    title: 'Mensagem Enviada!',
    description: 'Sua mensagem foi enviada com sucesso. Nossa equipe entrará em contato em poucos minutos.',
  },
  newsletter: {
    title: 'Inscrição Confirmada!',
    description: 'Obrigado por se inscrever! Você passará a receber nossas novidades e conteúdos exclusivos por e-mail.',
  },
} as const

/**
 * Shown after a successful send: a Radix dialog with JavaScript, the same
 * panel inline without it (the post/redirect/get lands on `?enviado=…`).
 */
export function SuccessDialog({ kind, form, open, closeHref }: { kind: keyof typeof successDialogs; form: LeadFormKey; open: boolean; closeHref: string }) {
  const { title, description } = successDialogs[kind]
  const socialUrl = featuredSocialUrl(useSiteSettings())
  return (
    <ConfirmationDialog open={open} closeHref={closeHref} title={title} description={description} className="my-6">
      <BookSessionLink fullWidth className="mt-6" />
      <DialogActions>
        <WhatsAppHandoffLink form={leadForms[form]} />
        <a href={socialUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: 'secondary' })}>
          Siga-nos no Instagram
          <NewTabNote />
        </a>
        <ButtonLink to={closeHref} replace preventScrollReset>
          Voltar ao site
        </ButtonLink>
      </DialogActions>
    </ConfirmationDialog>
  )
}
