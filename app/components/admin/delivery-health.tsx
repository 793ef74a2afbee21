import { Form, Link } from '@remix-run/react'
import { deliveryHealthCopy as copy } from '~/admin/admin-copy'
import type { DeliveryHealth } from '~/admin/deliveries.server'
import { Button } from '~/components/ui/button'
import { Container } from '~/components/ui/section'
import { formatDateTime } from '~/utils/dates'
import { AdminHeading } from './admin-heading'
import { AdminTable, Cell, HeaderCell } from './admin-table'

/** /admin/entregas: what has not reached its destination, and one button to try every failed one again. */
export function DeliveryHealthView({ health, resent }: { health: DeliveryHealth; resent: number | null }) {
  return (
    <Container className="py-10">
      <AdminHeading title={copy.title} summary={copy.summary(health.failed, health.pending)} summaryTestId="resumo-entregas" />
      {resent !== null ? (
        <p role="status" className="mt-4 font-semibold text-ink-900">
          {copy.resent(resent)}
        </p>
      ) : null}
      {health.failed > 0 ? (
        <Form method="post" className="mt-6">
          <Button type="submit">{copy.resendAll}</Button>
        </Form>
      ) : null}
      {health.rows.length === 0 ? (
        <p className="mt-8 text-ink-700">{copy.empty}</p>
      ) : (
        <AdminTable
          label={copy.title}
          head={copy.columns.map((column) => (
            <HeaderCell key={column}>{column}</HeaderCell>
          ))}
        >
          {health.rows.map((row) => (
            <tr key={row.id}>
              <Cell>
                {row.leadId ? (
                  <>
                    <Link to={`/admin/leads/${row.leadId}#entregas`} className="font-semibold text-brand-700 underline">
                      {row.name}
                    </Link>
                    <br />
                    {row.email}
                  </>
                ) : (
                  (row.description ?? '—')
                )}
              </Cell>
              <Cell>{row.label}</Cell>
              <Cell>{row.unsendable ? copy.unsendable : (copy.statuses[row.status] ?? row.status)}</Cell>
              <Cell>{row.attempts}</Cell>
              <Cell wrap>{row.lastError ?? '—'}</Cell>
              <Cell nowrap>{row.status === 'pending' && !row.unsendable ? formatDateTime(row.nextAttemptAt) : '—'}</Cell>
            </tr>
          ))}
        </AdminTable>
      )}
    </Container>
  )
}
