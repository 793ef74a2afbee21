/**
 * The sales team's progress on a lead (ADR 048), for the server and the
 * pages alike: the statuses in their order, the reasons a lead is lost, and
 * the funnel's stages with their pt-BR names.
 *
 * novo → em contato → qualificado → cliente is the progression; perdido
 * leaves it, with a reason. Each stage of the progression the lead reached
 * keeps when it was first reached (leads.contacted_at, qualified_at,
 * won_at): the funnel counts them, and the time to first contact is
 * contacted_at − created_at. Moving a lead back down the progression (a
 * slip of the hand) clears the stages above it; perdido keeps what was
 * reached before it.
 */

export const LEAD_STATUSES = ['novo', 'em_contato', 'qualificado', 'cliente', 'perdido'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const leadStatusLabels: Record<LeadStatus, string> = {
  novo: 'Novo',
  em_contato: 'Em contato',
  qualificado: 'Qualificado',
  cliente: 'Cliente',
  perdido: 'Perdido',
}

export const LOST_REASONS = ['sem_resposta', 'sem_orcamento', 'fora_do_perfil', 'outra_agencia', 'adiado', 'contato_invalido'] as const
export type LostReason = (typeof LOST_REASONS)[number]

export const lostReasonLabels: Record<LostReason, string> = {
  sem_resposta: 'Não respondeu',
  sem_orcamento: 'Sem orçamento',
  fora_do_perfil: 'Fora do perfil da agência',
  outra_agencia: 'Escolheu outra agência',
  adiado: 'Adiou o projeto',
  contato_invalido: 'Contato inválido ou duplicado',
}

/** The stages past novo, in order: reaching one means every one before it was reached. */
export const FUNNEL_STAGES = ['em_contato', 'qualificado', 'cliente'] as const
export type FunnelStage = (typeof FUNNEL_STAGES)[number]

export const leadStatusLabel = (status: string): string => (leadStatusLabels as Record<string, string>)[status] ?? status
export const lostReasonLabel = (reason: string): string => (lostReasonLabels as Record<string, string>)[reason] ?? reason

/** The stages of the progression a status stands for having reached (perdido: none of its own). */
export function stagesReachedBy(status: LeadStatus): FunnelStage[] {
  const index = (FUNNEL_STAGES as readonly string[]).indexOf(status)
  return index === -1 ? [] : FUNNEL_STAGES.slice(0, index + 1)
}

export const leadStatusMessages = {
  noLeads: 'Selecione ao menos um lead.',
  tooMany: (max: number) => `Selecione no máximo ${max} leads por vez.`,
  status: 'Escolha um status da lista.',
  reason: 'Escolha o motivo da perda.',
  unknown: 'Lead não encontrado.',
} as const

/** A refused status form: its message, and the field it is about (the ticked rows, for `lead`). */
export type StatusFormError = { message: string; field: 'status' | 'motivo' | 'lead' }

/** The words of the status forms and their pages: the lead's page, the table's filters and bulk change (app/components/admin). */
export const leadStatusCopy = {
  status: 'Status',
  reason: 'Motivo da perda',
  reasonHint: 'Obrigatório quando o status é “Perdido”.',
  noReason: 'Escolha o motivo',
  save: 'Salvar status',
  saved: 'Status salvo.',
  lostBecause: (reason: string) => `Motivo: ${reason}`,
  stages: [
    ['Primeiro contato', 'contactedAt'],
    ['Qualificado em', 'qualifiedAt'],
    ['Cliente desde', 'wonAt'],
    ['Última mudança de status', 'statusChangedAt'],
  ] as const,
  anyStatus: 'Todos',
  stage: 'Chegou à etapa',
  anyStage: 'Qualquer uma',
  bulkTitle: 'Mudar o status dos leads marcados',
  bulkApply: 'Aplicar aos marcados',
  selectColumn: 'Marcar',
  select: (name: string) => `Marcar ${name}`,
  changed: (count: number) => (count === 1 ? 'Status de 1 lead alterado.' : `Status de ${count.toLocaleString('pt-BR')} leads alterados.`),
} as const
