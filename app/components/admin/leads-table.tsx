import { Form, Link } from '@remix-run/react'
import { DELIVERY_FILTERS, leadFiltersQuery, type LeadFilters, type LeadSort } from '~/admin/lead-filters'
import {
  FUNNEL_STAGES,
  LEAD_STATUS_WORDS,
  LEAD_STATUSES,
  leadStatusCopy,
  leadStatusLabel,
  leadStatusLabels,
  lostReasonLabel,
  type StatusFormError,
} from '~/admin/lead-status'
import type { LeadPage } from '~/admin/leads.server'
import { FormMessage } from '~/components/forms/lead-form-parts'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Container } from '~/components/ui/section'
import { leadFormLabel } from '~/leads/lead-forms'
import { formatDateTime } from '~/utils/dates'
import { AdminFiltersForm, DayRangeFields, FilterSelect } from './admin-filters'
import { AdminHeading } from './admin-heading'
import { AdminPager } from './admin-pager'
import { adminLinkClass, AdminTable, Cell, HeaderCell } from './admin-table'
import { LeadStatusFields } from './lead-status-fields'

const copy = {
  title: 'Leads',
  total: (total: number) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'lead' : 'leads'}`,
  empty: 'Nenhum lead nesta visão.',
  filtersTitle: 'Filtrar',
  search: 'Buscar (nome, e-mail, telefone, empresa, mensagem)',
  source: 'Origem',
  anySource: 'Todas',
  from: 'De',
  to: 'Até',
  delivery: 'Webhook',
  anyDelivery: 'Todos',
  utmSource: 'utm_source',
  utmCampaign: 'utm_campaign',
  landingPage: 'Página de entrada (ex.: /contato)',
  apply: 'Aplicar filtros',
  clear: 'Limpar',
  csv: 'Exportar CSV desta visão',
  bySource: 'Por origem',
  deliveryLabels: { pending: 'pendente', delivered: 'entregue', failed: 'falhou', skipped: 'não configurado' } as Record<string, string>,
  ...leadStatusCopy,
  sortedAsc: 'em ordem crescente',
  sortedDesc: 'em ordem decrescente',
} as const

/** The bulk change's form: the rows' boxes belong to it from inside the table (`form`). */
const BULK_FORM = 'status-em-lote'

const COLUMNS: Array<{ label: string; sort?: LeadSort }> = [
  { label: leadStatusCopy.selectColumn },
  { label: 'Recebido em', sort: 'recebido' },
  { label: 'Nome', sort: 'nome' },
  { label: 'E-mail', sort: 'email' },
  { label: 'Telefone' },
  { label: 'Origem', sort: 'fonte' },
  { label: leadStatusCopy.status },
  { label: 'Webhook' },
]

/** The view's filters (AdminFiltersForm: a GET form). */
function LeadFiltersForm({ filters, sources }: { filters: LeadFilters; sources: string[] }) {
  return (
    <AdminFiltersForm label={copy.filtersTitle} apply={copy.apply} clear={copy.clear} clearTo="/admin/leads" className="md:grid-cols-3">
      <Field id="filtro-busca" name="busca" type="search" label={copy.search} defaultValue={filters.busca ?? ''} className="md:col-span-3" />
      {[
        { name: 'fonte', label: copy.source, any: copy.anySource, options: sources.map((source) => ({ value: source, label: leadFormLabel(source) })) },
        {
          name: 'entrega',
          label: copy.delivery,
          any: copy.anyDelivery,
          options: DELIVERY_FILTERS.map((status) => ({ value: status, label: copy.deliveryLabels[status] ?? status })),
        },
        {
          name: 'status',
          label: copy.status,
          any: copy.anyStatus,
          // The filters' values are the statuses' pt-BR words, as the links keep them (lead-filters.ts).
          options: LEAD_STATUSES.map((status) => ({ value: LEAD_STATUS_WORDS[status], label: leadStatusLabels[status] })),
        },
        {
          name: 'etapa',
          label: copy.stage,
          any: copy.anyStage,
          options: FUNNEL_STAGES.map((stage) => ({ value: LEAD_STATUS_WORDS[stage], label: leadStatusLabels[stage] })),
        },
      ].map((select) => (
        <FilterSelect key={select.name} id={`filtro-${select.name}`} value={filters[select.name as keyof LeadFilters] as string | undefined} {...select} />
      ))}
      <DayRangeFields idPrefix="filtro" labels={copy} days={filters} />
      <Field id="filtro-utm-source" name="utm_source" label={copy.utmSource} defaultValue={filters.utm_source ?? ''} />
      <Field id="filtro-utm-campaign" name="utm_campaign" label={copy.utmCampaign} defaultValue={filters.utm_campaign ?? ''} />
      <Field id="filtro-entrada" name="entrada" label={copy.landingPage} defaultValue={filters.entrada ?? ''} />
      {filters.ordem !== 'recebido' ? <input type="hidden" name="ordem" value={filters.ordem} /> : null}
      {filters.direcao !== 'desc' ? <input type="hidden" name="direcao" value={filters.direcao} /> : null}
    </AdminFiltersForm>
  )
}

function SortHeader({ label, sort, filters }: { label: string; sort?: LeadSort; filters: LeadFilters }) {
  if (!sort) {
    return <HeaderCell>{label}</HeaderCell>
  }
  const active = filters.ordem === sort
  const next = active && filters.direcao === 'desc' ? 'asc' : 'desc'
  return (
    <HeaderCell aria-sort={active ? (filters.direcao === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link to={leadFiltersQuery(filters, { ordem: sort, direcao: next, pagina: 1 }) || '?'} className="underline underline-offset-2">
        {label}
        {active ? <span aria-hidden="true">{filters.direcao === 'asc' ? ' ↑' : ' ↓'}</span> : null}
        {active ? <span className="sr-only"> ({filters.direcao === 'asc' ? copy.sortedAsc : copy.sortedDesc})</span> : null}
      </Link>
    </HeaderCell>
  )
}

/** The bulk status change: the fields, then the rows ticked in the table below. */
function BulkStatusForm({ error, changed }: { error: StatusFormError | null; changed: number | null }) {
  return (
    <Form method="post" id={BULK_FORM} noValidate className="mt-6 rounded-2xl p-5 ring-1 ring-ink-200" aria-labelledby="status-em-lote-titulo">
      <h2 id="status-em-lote-titulo" className="text-sm font-bold text-ink-900">
        {copy.bulkTitle}
      </h2>
      {changed !== null ? (
        <p role="status" className="mt-2 font-semibold text-ink-900">
          {copy.changed(changed)}
        </p>
      ) : null}
      {error?.field === 'lead' ? <FormMessage message={error.message} /> : null}
      <div className="mt-3 grid gap-4 md:grid-cols-3 md:items-end">
        <LeadStatusFields idPrefix="lote" error={error} />
        <Button type="submit" variant="secondary" size="sm">
          {copy.bulkApply}
        </Button>
      </div>
    </Form>
  )
}

/** /admin/leads: the leads of the view in the URL, its counts per source, its CSV, and the status of the rows ticked. */
export function LeadsTable({
  filters,
  leads,
  sources,
  statusError = null,
  changed = null,
}: {
  filters: LeadFilters
  leads: LeadPage
  sources: string[]
  statusError?: StatusFormError | null
  changed?: number | null
}) {
  return (
    <Container className="py-10">
      <AdminHeading title={copy.title} summary={copy.total(leads.total)} summaryTestId="total-leads" />
      <LeadFiltersForm filters={filters} sources={sources} />
      <div className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <section aria-labelledby="por-origem">
          <h2 id="por-origem" className="text-sm font-bold text-ink-900">
            {copy.bySource}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm" data-testid="leads-por-origem">
            {leads.bySource.map((row) => (
              <li key={row.source} className="rounded-full bg-ink-50 px-3 py-1 text-ink-700 ring-1 ring-ink-200">
                {leadFormLabel(row.source)}: <strong className="text-ink-900">{row.leads.toLocaleString('pt-BR')}</strong>
              </li>
            ))}
          </ul>
        </section>
        {/* A document, not a page: the browser downloads it. */}
        <a href={`/admin/leads.csv${leadFiltersQuery(filters, { pagina: 1 })}`} className={adminLinkClass} download>
          {copy.csv}
        </a>
      </div>
      {leads.rows.length === 0 ? <p className="mt-8 text-ink-700">{copy.empty}</p> : <BulkStatusForm error={statusError} changed={changed} />}
      {leads.rows.length === 0 ? null : (
        <AdminTable
          label={copy.title}
          head={COLUMNS.map((column) => (
            <SortHeader key={column.label} label={column.label} sort={column.sort} filters={filters} />
          ))}
        >
          {leads.rows.map((lead) => (
            <tr key={lead.id}>
              <Cell>
                <input
                  type="checkbox"
                  name="lead"
                  value={lead.id}
                  form={BULK_FORM}
                  aria-label={copy.select(lead.name)}
                  className="size-5 cursor-pointer accent-brand-600"
                />
              </Cell>
              <Cell nowrap>{formatDateTime(lead.createdAt)}</Cell>
              <Cell>
                <Link to={`/admin/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
                  {lead.name}
                </Link>
              </Cell>
              <Cell>{lead.email}</Cell>
              <Cell nowrap>{lead.phone}</Cell>
              <Cell>{leadFormLabel(lead.source)}</Cell>
              <Cell>
                {leadStatusLabel(lead.status)}
                {lead.lostReason ? <span className="block text-xs text-ink-700">{lostReasonLabel(lead.lostReason)}</span> : null}
              </Cell>
              <Cell>{lead.delivery ? (copy.deliveryLabels[lead.delivery] ?? lead.delivery) : '—'}</Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <AdminPager page={leads.page} pages={leads.pages} link={(page) => leadFiltersQuery(filters, { pagina: page }) || '?'} />
    </Container>
  )
}
