/**
 * The audit log's vocabulary (ADR 038), for the server and the page alike:
 * the actions the area records and their pt-BR names, how an entry's
 * details are shown, and the page's view in the URL (url-view.ts).
 *
 * An entry keeps who (the admin's own e-mail, or UNKNOWN_ADMIN), when, what
 * and how much: ids and counts, never a lead's name, e-mail or what a
 * person typed. Shown details are masked once more (a value with an `@`),
 * so an entry written carelessly by a later feature still shows no address.
 */
import { z } from 'zod'
import { leadFormLabel } from '~/leads/lead-forms'
import { isUuid } from '~/utils/uuid'
import { leadStatusLabel, lostReasonLabel } from './lead-status'
import { spamReasonLabels } from './spam-copy'
import { calendarDay, filterText, lenient, pageNumber, viewFrom, viewQuery } from './url-view'

export const AUDIT_ACTIONS = [
  'admin_setup',
  'admin_create_cli',
  'admin_password_cli',
  'admin_unlock_cli',
  'admin_sign_in',
  'admin_sign_in_failed',
  'admin_sign_out',
  'leads_export',
  'lgpd_export',
  'lgpd_delete',
  'delivery_resend',
  'delivery_resend_failed',
  'spam_release',
  'lead_status',
  'booking_cancel',
  'booking_no_show',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Who an entry written by `npm run admin:create` is written under: no admin was signed in. */
export const COMMAND_LINE_ACTOR = '(linha de comando)'

/** Who a refused sign-in is written under when the typed address is no admin's: what was typed may be anyone's, so it is not kept. */
export const UNKNOWN_ADMIN = '(desconhecido)'

export const auditActionLabels: Record<AuditAction, string> = {
  admin_setup: 'Primeiro admin criado pelo link de configuração',
  admin_create_cli: 'Admin criado pela linha de comando (npm run admin:create)',
  admin_password_cli: 'Senha trocada pela linha de comando (npm run admin:create)',
  admin_unlock_cli: 'Tentativas de entrada zeradas pela linha de comando (npm run admin:unlock)',
  admin_sign_in: 'Entrada na área administrativa',
  admin_sign_in_failed: 'Tentativa de entrada recusada',
  admin_sign_out: 'Saída da área administrativa',
  leads_export: 'Exportação de leads (CSV)',
  lgpd_export: 'Exportação LGPD (JSON)',
  lgpd_delete: 'Exclusão LGPD',
  delivery_resend: 'Reenvio de uma entrega',
  delivery_resend_failed: 'Reenvio das entregas com falha',
  spam_release: 'Lead liberado do spam',
  lead_status: 'Status de um lead alterado',
  booking_cancel: 'Sessão estratégica cancelada',
  booking_no_show: 'Falta registrada numa sessão estratégica',
}

/** An action's pt-BR name; one this list does not know yet (a newer feature's) shows its code. */
export const auditActionLabel = (action: string): string => (auditActionLabels as Record<string, string>)[action] ?? action

const DETAIL_LABELS: Record<string, string> = {
  leads: 'Leads',
  deliveries: 'Entregas',
  rows: 'Linhas',
  filters: 'Filtros',
  leadId: 'Lead',
  deliveryId: 'Entrega',
  bookingId: 'Agendamento',
  target: 'Destino',
  previousStatus: 'Situação anterior',
  status: 'Novo status',
  form: 'Formulário',
  reason: 'Motivo',
  spam: 'Envios suspeitos',
  admin: 'Administrador',
  address: 'Endereço IP',
  limit: 'Limite',
  cleared: 'Tentativas zeradas',
}

/** Why a sign-in was refused, beside why a post was held as spam (a lead's lost reason: lostReasonLabel). */
const REASON_LABELS: Record<string, string> = {
  ...spamReasonLabels,
  rate_limited: 'Muitas tentativas: bloqueada pelo limite',
}

/** Which sign-in limit refused an attempt (login-limits.server.ts). */
const LIMIT_LABELS: Record<string, string> = {
  device: 'deste dispositivo',
  address: 'deste endereço IP',
  email_address: 'deste e-mail neste endereço IP',
  email: 'deste e-mail',
}

/** A detail's value in pt-BR where its key has a vocabulary: a form's one name, a reason's words. */
const DETAIL_VALUES: Record<string, (value: string) => string> = {
  form: leadFormLabel,
  // A lead's status and lost reason: stored in English since migration 0015, in pt-BR words before it; entries of both kinds
  // are shown as written, each value read through the one mapping (lead-status.ts) rather than rewritten in the log.
  reason: (value) => REASON_LABELS[value] ?? lostReasonLabel(value),
  limit: (value) => LIMIT_LABELS[value] ?? value,
  // A lead's status (a delivery's, 'failed' or 'delivered', is no lead status and shows as it is).
  status: leadStatusLabel,
  previousStatus: leadStatusLabel,
}

export const auditCopy = {
  title: 'Auditoria',
  lead: 'Quem fez o quê na área administrativa, e quando (horário de Brasília). Os registros guardam ids e quantidades, nunca os dados dos leads.',
  total: (total: number) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'registro' : 'registros'}`,
  empty: 'Nenhum registro nesta visão.',
  filtersTitle: 'Filtrar registros',
  action: 'Ação',
  anyAction: 'Todas',
  admin: 'Administrador',
  anyAdmin: 'Todos',
  from: 'De',
  to: 'Até',
  apply: 'Filtrar',
  clear: 'Limpar',
  columns: { when: 'Quando', admin: 'Administrador', action: 'Ação', details: 'Detalhes' },
  yes: 'sim',
  no: 'não',
  none: '—',
  hidden: '(oculto)',
} as const

export type AuditDetail = { label: string; value: string; leadId?: string }

function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return auditCopy.none
  if (typeof value === 'boolean') return value ? auditCopy.yes : auditCopy.no
  if (Array.isArray(value)) return value.map(shownValue).join(', ')
  if (typeof value === 'object') {
    const entries = Object.entries(value)
    return entries.length === 0 ? auditCopy.none : entries.map(([key, inner]) => `${key}: ${shownValue(inner)}`).join('; ')
  }
  const text = String(value)
  return text.includes('@') ? auditCopy.hidden : text
}

/** An entry's details as the page lists them: a pt-BR name each (the key when unknown), values as text, addresses masked; a lead's id links to it. */
export function auditDetailsShown(details: Record<string, unknown>): AuditDetail[] {
  return Object.entries(details).map(([key, value]) => {
    const translate = typeof value === 'string' ? DETAIL_VALUES[key] : undefined
    // An admin's own address (the one `npm run admin:create` made) is no lead's: it shows, as in the admin column.
    const text = key === 'admin' && typeof value === 'string' ? value : shownValue(translate ? translate(value as string) : value)
    const shown = { label: DETAIL_LABELS[key] ?? key, value: text }
    return key === 'leadId' && isUuid(value) ? { ...shown, leadId: value } : shown
  })
}

export const auditFiltersSchema = z.object({
  acao: lenient(z.string().regex(/^[a-z0-9_]{1,64}$/)),
  admin: lenient(filterText),
  de: lenient(calendarDay),
  ate: lenient(calendarDay),
  pagina: pageNumber,
})

export type AuditFilters = z.output<typeof auditFiltersSchema>

/** The audit page's view in a URL's query (blank fields are no filter). */
export const auditFiltersFrom = (params: URLSearchParams): AuditFilters => viewFrom(auditFiltersSchema, params)

/** The query string of a view (page 1 left out), for the pager's links. */
export const auditFiltersQuery = (filters: AuditFilters, changes: Partial<AuditFilters> = {}): string => viewQuery({ ...filters, ...changes }, { pagina: 1 })
