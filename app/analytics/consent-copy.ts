/** The words of the banner and of the preferences page (pt-BR, ADR 031). */
export const CONSENT_COPY = {
  bannerTitle: 'Sua privacidade',
  bannerText:
    'Usamos cookies próprios para o site funcionar e para saber de onde vêm os contatos. Com a sua permissão, também usamos cookies de medição e de anúncios (Google e Meta). Você pode mudar a escolha quando quiser em Preferências de cookies.',
  accept: 'Aceitar',
  decline: 'Recusar',
  current: {
    aceito: 'Você aceitou os cookies de medição e de anúncios.',
    recusado: 'Você recusou os cookies de medição e de anúncios.',
    none: 'Você ainda não fez uma escolha.',
  },
} as const
