/**
 * The sales team's progress on a lead (ADR 048), for the server and the
 * pages alike: the statuses in their order, the reasons a lead is lost, and
 * the funnel's stages with their pt-BR names.
 *
 * new → contacted → qualified → won is the progression (novo → em contato →
 * qualificado → cliente on the screen); lost (perdido) leaves it, with a
 * reason. Each stage of the progression the lead reached keeps when it was
 * first reached (STAGE_FIELDS: leads.contacted_at, qualified_at, won_at):
 * the funnel counts them, and the time to first contact is
 * contacted_at − created_at. Moving a lead back down the progression (a
 * slip of the hand) clears the stages above it; lost keeps what was reached
 * before it.
 *
 * Stored values are English (ADR 036); until migration 0015 they were the
 * pt-BR words of LEAD_STATUS_WORDS and LOST_REASON_WORDS, which live on
 * where a person sees or keeps them: the `status` and `etapa` filters of the
 * admin's links, the audit entries written before it, and a status form
 * rendered before the deploy.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'Novo',
  contacted: 'Em contato',
  qualified: 'Qualificado',
  won: 'Cliente',
  lost: 'Perdido',
}

/** Each status's pt-BR word: its value in the admin's URLs (`?status=`, `?etapa=`), and its stored value before migration 0015. */
export const LEAD_STATUS_WORDS = {
  new: 'novo',
  contacted: 'em_contato',
  qualified: 'qualificado',
  won: 'cliente',
  lost: 'perdido',
} as const satisfies Record<LeadStatus, string>
export type LeadStatusWord = (typeof LEAD_STATUS_WORDS)[LeadStatus]

export const LOST_REASONS = ['no_response', 'no_budget', 'poor_fit', 'other_agency', 'postponed', 'invalid_contact'] as const
export type LostReason = (typeof LOST_REASONS)[number]

export const lostReasonLabels: Record<LostReason, string> = {
  no_response: 'Não respondeu',
  no_budget: 'Sem orçamento',
  poor_fit: 'Fora do perfil da agência',
  other_agency: 'Escolheu outra agência',
  postponed: 'Adiou o projeto',
  invalid_contact: 'Contato inválido ou duplicado',
}

/** Each reason's stored value before migration 0015 (audit entries written then hold it). */
export const LOST_REASON_WORDS = {
  no_response: 'sem_resposta',
  no_budget: 'sem_orcamento',
  poor_fit: 'fora_do_perfil',
  other_agency: 'outra_agencia',
  postponed: 'adiado',
  invalid_contact: 'contato_invalido',
} as const satisfies Record<LostReason, string>

/** The stages past new, in order: reaching one means every one before it was reached. */
export const FUNNEL_STAGES = ['contacted', 'qualified', 'won'] as const
export type FunnelStage = (typeof FUNNEL_STAGES)[number]

/** The lead's field that keeps when it first reached each stage (null: not reached): its column for the queries, its value on the pages. */
export const STAGE_FIELDS = { contacted: 'contactedAt', qualified: 'qualifiedAt', won: 'wonAt' } as const satisfies Record<FunnelStage, string>
export type StageField = (typeof STAGE_FIELDS)[FunnelStage]

/** The pt-BR words of the `status` and `etapa` filters, in order. */
export const LEAD_STATUS_FILTER_WORDS = LEAD_STATUSES.map((status) => LEAD_STATUS_WORDS[status]) as [LeadStatusWord, ...LeadStatusWord[]]
export type FunnelStageWord = (typeof LEAD_STATUS_WORDS)[FunnelStage]
export const FUNNEL_STAGE_WORDS = FUNNEL_STAGES.map((stage) => LEAD_STATUS_WORDS[stage]) as [FunnelStageWord, ...FunnelStageWord[]]

const byWord = <T extends string>(words: Record<T, string>) => new Map(Object.entries(words).map(([value, word]) => [word as string, value as T]))
const statusByWord = byWord<LeadStatus>(LEAD_STATUS_WORDS)
const reasonByWord = byWord<LostReason>(LOST_REASON_WORDS)

/** The status a value names: a stored value, or its pt-BR word (a link's filter, an old audit entry, an old page's form). */
export const leadStatusOf = (value: string): LeadStatus | undefined =>
  (LEAD_STATUSES as readonly string[]).includes(value) ? (value as LeadStatus) : statusByWord.get(value)
/** The reason a value names: a stored value, or the one stored before migration 0015. */
export const lostReasonOf = (value: string): LostReason | undefined =>
  (LOST_REASONS as readonly string[]).includes(value) ? (value as LostReason) : reasonByWord.get(value)

/** The stage a value names (a stage, or its pt-BR word: the `etapa` filter's). */
export const funnelStageOf = (value: string): FunnelStage | undefined => {
  const status = leadStatusOf(value)
  return (FUNNEL_STAGES as readonly string[]).includes(status ?? '') ? (status as FunnelStage) : undefined
}

/** A status's pt-BR name, from its value or its old word (an audit entry from before migration 0015); an unknown value shows as it is. */
export const leadStatusLabel = (status: string): string => {
  const known = leadStatusOf(status)
  return known ? leadStatusLabels[known] : status
}
/** A reason's pt-BR name, from its value or its old one; an unknown value shows as it is. */
export const lostReasonLabel = (reason: string): string => {
  const known = lostReasonOf(reason)
  return known ? lostReasonLabels[known] : reason
}

/** The stages of the progression a status stands for having reached (lost: none of its own). */
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
    ['Primeiro contato', STAGE_FIELDS.contacted],
    ['Qualificado em', STAGE_FIELDS.qualified],
    ['Cliente desde', STAGE_FIELDS.won],
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
