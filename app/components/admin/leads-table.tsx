import { Link } from '@remix-run/react'
import { DELIVERY_FILTERS, leadFiltersQuery, type LeadFilters, type LeadSort } from '~/admin/lead-filters'
import type { LeadPage } from '~/admin/leads.server'
import { Field, SelectField } from '~/components/ui/field'
import { Container } from '~/components/ui/section'
import { leadFormLabel } from '~/leads/lead-forms'
import { formatDateTime } from '~/utils/dates'
import { AdminFiltersForm, DayRangeFields } from './admin-filters'
import { AdminHeading } from './admin-heading'
import { AdminPager } from './admin-pager'
import { adminLinkClass, AdminTable, Cell, HeaderCell } from './admin-table'

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
  sortedAsc: 'em ordem crescente',
  sortedDesc: 'em ordem decrescente',
} as const

const COLUMNS: Array<{ label: string; sort?: LeadSort }> = [
  { label: 'Recebido em', sort: 'recebido' },
  { label: 'Nome', sort: 'nome' },
  { label: 'E-mail', sort: 'email' },
  { label: 'Telefone' },
  { label: 'Origem', sort: 'fonte' },
  { label: 'Webhook' },
]

/** The view's filters (AdminFiltersForm: a GET form). */
function LeadFiltersForm({ filters, sources }: { filters: LeadFilters; sources: string[] }) {
  return (
    <AdminFiltersForm label={copy.filtersTitle} apply={copy.apply} clear={copy.clear} clearTo="/admin/leads" className="md:grid-cols-3">
      <Field id="filtro-busca" name="busca" type="search" label={copy.search} defaultValue={filters.busca ?? ''} className="md:col-span-3" />
      <SelectField
        id="filtro-fonte"
        name="fonte"
        label={copy.source}
        defaultValue={filters.fonte ?? ''}
        placeholder={copy.anySource}
        options={sources.map((source) => ({ value: source, label: leadFormLabel(source) }))}
      />
      <DayRangeFields idPrefix="filtro" labels={copy} days={filters} />
      <SelectField
        id="filtro-entrega"
        name="entrega"
        label={copy.delivery}
        defaultValue={filters.entrega ?? ''}
        placeholder={copy.anyDelivery}
        options={DELIVERY_FILTERS.map((status) => ({ value: status, label: copy.deliveryLabels[status] ?? status }))}
      />
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

/** /admin/leads: the leads of the view in the URL, its counts per source, and its CSV. */
export function LeadsTable({ filters, leads, sources }: { filters: LeadFilters; leads: LeadPage; sources: string[] }) {
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
      {leads.rows.length === 0 ? (
        <p className="mt-8 text-ink-700">{copy.empty}</p>
      ) : (
        <AdminTable
          label={copy.title}
          head={COLUMNS.map((column) => (
            <SortHeader key={column.label} label={column.label} sort={column.sort} filters={filters} />
          ))}
        >
          {leads.rows.map((lead) => (
            <tr key={lead.id}>
              <Cell nowrap>{formatDateTime(lead.createdAt)}</Cell>
              <Cell>
                <Link to={`/admin/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
                  {lead.name}
                </Link>
              </Cell>
              <Cell>{lead.email}</Cell>
              <Cell nowrap>{lead.phone}</Cell>
              <Cell>{leadFormLabel(lead.source)}</Cell>
              <Cell>{lead.delivery ? (copy.deliveryLabels[lead.delivery] ?? lead.delivery) : '—'}</Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <AdminPager page={leads.page} pages={leads.pages} link={(page) => leadFiltersQuery(filters, { pagina: page }) || '?'} />
    </Container>
  )
}
