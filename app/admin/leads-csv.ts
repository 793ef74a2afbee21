/**
 * The leads CSV (ADR 032): RFC 4180 (commas, double quotes, CRLF), UTF-8
 * with a byte-order mark so Excel shows accents, and every cell that a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a
 * carriage return) prefixed with an apostrophe: a visitor's "=HYPERLINK(…)"
 * stays text on the admin's machine.
 */
import { leadFormLabel } from '~/leads/lead-forms'
import { formatSortableDateTime } from '~/utils/dates'
import { leadStatusLabel, lostReasonLabel } from './lead-status'
import type { LeadRow } from './leads.server'

const BOM = '\uFEFF'

export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const COLUMNS: Array<[header: string, value: (row: LeadRow) => string | null]> = [
  ['Recebido em (Brasília)', (row) => formatSortableDateTime(row.createdAt)],
  ['Nome', (row) => row.name],
  ['E-mail', (row) => row.email],
  ['Telefone', (row) => row.phone],
  ['Empresa', (row) => row.company],
  ['Origem', (row) => leadFormLabel(row.source)],
  ['Mensagem', (row) => row.message],
  ['utm_source', (row) => row.utmSource],
  ['utm_medium', (row) => row.utmMedium],
  ['utm_campaign', (row) => row.utmCampaign],
  ['Página', (row) => row.pageUrl],
  ['Status', (row) => leadStatusLabel(row.status)],
  ['Motivo da perda', (row) => (row.lostReason ? lostReasonLabel(row.lostReason) : null)],
  ['Webhook', (row) => row.delivery],
  ['ID', (row) => row.id],
]

export function leadsCsv(rows: readonly LeadRow[]): string {
  const lines = [COLUMNS.map(([header]) => csvCell(header)).join(','), ...rows.map((row) => COLUMNS.map(([, value]) => csvCell(value(row))).join(','))]
  return `${BOM}${lines.join('\r\n')}\r\n`
}
