/**
 * The words of the admin area's shell (ADR 038): its navigation, who is
 * signed in, the pager of its tables and its error page.
 */

/** The area's sections, in the navigation's order; `end`: current only at that very address (the dashboard). */
export const ADMIN_SECTIONS: ReadonlyArray<{ to: string; label: string; end?: boolean }> = [
  { to: '/admin', label: 'Painel', end: true },
  { to: '/admin/leads', label: 'Leads' },
  { to: '/admin/agenda', label: 'Agenda' },
  { to: '/admin/entregas', label: 'Entregas' },
  { to: '/admin/spam', label: 'Spam' },
  { to: '/admin/lgpd', label: 'LGPD' },
  { to: '/admin/auditoria', label: 'Auditoria' },
]

export const adminShellCopy = {
  area: 'Área administrativa',
  signedInAs: 'Conectado como',
  signOut: 'Sair',
  previous: '← Anterior',
  next: 'Próxima →',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  notFoundTitle: 'Página não encontrada',
  notFound: 'Este endereço não existe na área administrativa, ou o que ele mostrava foi excluído.',
  errorTitle: 'Algo deu errado',
  error: 'Não foi possível mostrar esta página agora. Tente de novo em instantes.',
  back: 'Voltar para o painel',
} as const

/** /admin/entregas (app/components/admin/delivery-health.tsx): what waits or failed, a lead's or a publish's CDN purge. */
export const deliveryHealthCopy = {
  title: 'Entregas',
  summary: (failed: number, pending: number) => `${failed} com falha · ${pending} na fila`,
  resendAll: 'Reenviar todos os que falharam',
  resent: (count: number) => (count === 1 ? '1 entrega voltou para a fila.' : `${count} entregas voltaram para a fila.`),
  empty: 'Nenhuma entrega com falha ou na fila.',
  columns: ['Lead', 'Destino', 'Situação', 'Tentativas', 'Último erro', 'Próxima tentativa'],
  statuses: { pending: 'na fila', failed: 'falhou' } as Record<string, string>,
  /** A row whose destination this server has no settings for: it is not queued, whatever its status says. */
  unsendable: 'não pode ser enviada: destino não configurado',
  /** An attempt's answer code, of the kind its target says (`answerCode`: SMTP's for an e-mail server, HTTP's by default). */
  answerCode: (kind: 'http' | 'smtp' | undefined, code: number) => `${kind === 'smtp' ? 'SMTP' : 'HTTP'} ${code}`,
} as const

/**
 * 'Reenviar' of one of a lead's deliveries (/admin/leads/<id>) refused because its destination is not configured on
 * this server (`target`: its entry in the one list of targets, with its label and variables) or unknown here.
 */
export const unsendableDeliveryMessage = (name: string, target: { label: string; variables: readonly string[] } | undefined) =>
  target
    ? `Esta entrega não pode ser enviada: o destino “${target.label}” não está configurado neste servidor${target.variables.length > 0 ? ` (variáveis: ${target.variables.join(', ')})` : ''}. Ela continua como estava.`
    : `Esta entrega não pode ser enviada: o destino “${name}” não é conhecido neste servidor. Ela continua como estava.`

/** /admin/agenda (app/components/admin/agenda.tsx): the strategy sessions from today on. */
export const agendaCopy = {
  title: 'Agenda',
  summary: (count: number) => (count === 1 ? '1 sessão a partir de hoje' : `${count} sessões a partir de hoje`),
  intro: 'As Sessões Estratégicas Gratuitas marcadas pelo site, de hoje em diante, no horário de Brasília.',
  empty: 'Nenhuma sessão marcada de hoje em diante.',
  columns: ['Horário', 'Especialista', 'Lead', 'Contato', 'Situação', 'Ações'],
  tableLabel: (day: string) => `Sessões de ${day}`,
  statuses: { booked: 'marcada', no_show: 'não compareceu', cancelled: 'cancelada' } as Record<string, string>,
  cancel: 'Cancelar',
  noShow: 'Não compareceu',
  /** The lead's page: its sessions. */
  leadSection: 'Sessão estratégica',
} as const
