import { Form, Link } from '@remix-run/react'
import { agendaCopy as copy } from '~/admin/admin-copy'
import type { AgendaDay } from '~/admin/agenda.server'
import { Button } from '~/components/ui/button'
import { Container } from '~/components/ui/section'
import { formatWeekdayDate } from '~/utils/dates'
import { AdminAnswer, AdminHeading } from './admin-heading'
import { AdminTable, Cell, HeaderCell } from './admin-table'

/** /admin/agenda: the strategy sessions from today on, a table a day, each with cancel and (once started) 'Não compareceu'. */
export function AgendaView({ days, notice, message }: { days: AgendaDay[]; notice: string | null; message: string | null }) {
  const total = days.reduce((sum, day) => sum + day.rows.length, 0)
  return (
    <Container className="py-10">
      <AdminHeading title={copy.title} summary={copy.summary(total)} summaryTestId="total-agenda" />
      <p className="mt-4 max-w-3xl text-ink-700">{copy.intro}</p>
      <AdminAnswer notice={notice} message={message} />
      {days.length === 0 ? <p className="mt-8 text-ink-700">{copy.empty}</p> : null}
      {days.map(({ day, rows }) => (
        <section key={day} aria-labelledby={`dia-${day}`} className="mt-8">
          <h2 id={`dia-${day}`} className="text-xl font-bold text-ink-900 first-letter:uppercase">
            {formatWeekdayDate(day)}
          </h2>
          <AdminTable
            label={copy.tableLabel(formatWeekdayDate(day))}
            head={copy.columns.map((column) => (
              <HeaderCell key={column}>{column}</HeaderCell>
            ))}
          >
            {rows.map((row) => (
              <tr key={row.id}>
                <Cell nowrap>
                  {row.time}–{row.endTime}
                </Cell>
                <Cell>{row.specialist}</Cell>
                <Cell wrap>
                  <Link to={`/admin/leads/${row.lead.id}`} className="font-semibold text-brand-700 underline">
                    {row.lead.name}
                  </Link>
                </Cell>
                <Cell wrap>
                  {row.lead.email}
                  {row.lead.phone ? <br /> : null}
                  {row.lead.phone}
                </Cell>
                <Cell nowrap>{copy.statuses[row.status] ?? row.status}</Cell>
                <Cell nowrap>
                  {row.status === 'booked' ? (
                    <div className="flex gap-2">
                      <ChangeButton id={row.id} change="cancel" label={copy.cancel} who={`${row.lead.name}, ${row.time}`} />
                      {row.started ? <ChangeButton id={row.id} change="no_show" label={copy.noShow} who={`${row.lead.name}, ${row.time}`} /> : null}
                    </div>
                  ) : null}
                </Cell>
              </tr>
            ))}
          </AdminTable>
        </section>
      ))}
    </Container>
  )
}

function ChangeButton({ id, change, label, who }: { id: string; change: 'cancel' | 'no_show'; label: string; who: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="acao" value={change} />
      <Button type="submit" variant="secondary" size="sm" aria-label={`${label}: ${who}`}>
        {label}
      </Button>
    </Form>
  )
}
