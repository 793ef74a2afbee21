/**
 * The words of the spam folder (/admin/spam, ADR 039), read by its component,
 * its route and its server module alike.
 */
import type { SpamReason } from '../../db/schema'

export const spamFolderCopy = {
  title: 'Spam',
  total: (total: number) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'envio suspeito' : 'envios suspeitos'}`,
  intro:
    'Envios que caíram numa armadilha contra robôs (ou chegaram de um formulário expirado) com dados válidos. Eles não foram entregues. Se um deles for de uma pessoa, use “Não é spam”: ele vira um lead e segue para a entrega.',
  retention: (days: number) => `Cada envio fica aqui por ${days} dias e depois é excluído automaticamente.`,
  empty: 'Nenhum envio suspeito no momento.',
  columns: ['Recebido em', 'Formulário', 'Motivo', 'Nome', 'E-mail', 'Ação'],
  release: 'Não é spam',
  released: 'Lead liberado e enviado para entrega.',
  seeLead: 'Ver o lead',
  noName: '—',
} as const

/** Why each post was held. */
export const spamReasonLabels: Record<SpamReason, string> = {
  honeypot: 'Campo oculto preenchido',
  too_fast: 'Enviado rápido demais',
  expired: 'Formulário expirado',
  missing: 'Formulário sem confirmação',
  timer_invalid: 'Confirmação inválida',
}

export const releaseMessages = {
  invalid: 'Envio não identificado. Volte à pasta de spam e use o botão do envio.',
  unknown: 'Este envio não está mais na pasta de spam: ele já foi liberado ou excluído.',
  underway: 'Este envio já está sendo liberado. Atualize a página em instantes.',
  failed: 'Não foi possível liberar o lead agora. Tente novamente em instantes.',
} as const
