import { Link } from '@remix-run/react'
import { auditActionLabel, auditCopy as copy, auditFiltersQuery, type AuditFilters } from '~/admin/audit-log'
import type { AuditPage } from '~/admin/audit.server'
import { Container } from '~/components/ui/section'
import { formatDateTime } from '~/utils/dates'
import { AdminFiltersForm, DayRangeFields, FilterSelect } from './admin-filters'
import { AdminHeading } from './admin-heading'
import { AdminPager } from './admin-pager'
import { adminLinkClass, AdminTable, Cell, HeaderCell } from './admin-table'

/** The view's filters (AdminFiltersForm: a GET form). */
function AuditFiltersForm({ filters, choices }: { filters: AuditFilters; choices: { actions: string[]; admins: string[] } }) {
  return (
    <AdminFiltersForm label={copy.filtersTitle} apply={copy.apply} clear={copy.clear} clearTo="/admin/auditoria" className="md:grid-cols-4">
      <FilterSelect
        id="auditoria-acao"
        name="acao"
        label={copy.action}
        value={filters.acao}
        any={copy.anyAction}
        options={choices.actions.map((action) => ({ value: action, label: auditActionLabel(action) }))}
      />
      <FilterSelect
        id="auditoria-admin"
        name="admin"
        label={copy.admin}
        value={filters.admin}
        any={copy.anyAdmin}
        options={choices.admins.map((email) => ({ value: email, label: email }))}
      />
      <DayRangeFields idPrefix="auditoria" labels={copy} days={filters} />
    </AdminFiltersForm>
  )
}

/** /admin/auditoria: who did what in the area, newest first, a page at a time, filtered by the view in the URL. */
export function AuditLogView({ filters, entries, choices }: { filters: AuditFilters; entries: AuditPage; choices: { actions: string[]; admins: string[] } }) {
  return (
    <Container className="py-10">
      <AdminHeading title={copy.title} summary={copy.total(entries.total)} summaryTestId="total-auditoria" />
      <p className="mt-2 max-w-3xl text-ink-700">{copy.lead}</p>
      <AuditFiltersForm filters={filters} choices={choices} />
      {entries.rows.length === 0 ? (
        <p className="mt-8 text-ink-700">{copy.empty}</p>
      ) : (
        <AdminTable
          label={copy.title}
          head={Object.values(copy.columns).map((column) => (
            <HeaderCell key={column}>{column}</HeaderCell>
          ))}
        >
          {entries.rows.map((entry) => (
            <tr key={entry.id}>
              <Cell nowrap>{formatDateTime(entry.createdAt, { seconds: true })}</Cell>
              <Cell wrap>{entry.adminEmail}</Cell>
              <Cell>{entry.label === entry.action ? <code>{entry.action}</code> : entry.label}</Cell>
              <Cell wrap>
                {entry.details.length === 0 ? (
                  copy.none
                ) : (
                  <ul>
                    {entry.details.map((detail) => (
                      <li key={detail.label}>
                        {detail.label}:{' '}
                        {detail.leadId ? (
                          <Link to={`/admin/leads/${detail.leadId}`} className={adminLinkClass}>
                            {detail.value}
                          </Link>
                        ) : (
                          detail.value
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <AdminPager page={entries.page} pages={entries.pages} link={(page) => auditFiltersQuery(filters, { pagina: page }) || '?'} />
    </Container>
  )
}
