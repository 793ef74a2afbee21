import { Form, Link } from '@remix-run/react'
import { spamFolderCopy as copy, spamReasonLabels } from '~/admin/spam-copy'
import type { SpamPage } from '~/admin/spam.server'
import { Button } from '~/components/ui/button'
import { Container } from '~/components/ui/section'
import { leadFormLabel } from '~/leads/lead-forms'
import { formatDateTime } from '~/utils/dates'
import { AdminAnswer, AdminHeading } from './admin-heading'
import { AdminPager } from './admin-pager'
import { AdminTable, Cell, HeaderCell } from './admin-table'

export type SpamFolderProps = {
  spam: SpamPage
  retentionDays: number
  /** The lead a release just stored (post/redirect/get), for the confirmation and its link. */
  releasedLeadId: string | null
  /** Why the last release was refused. */
  message: string | null
}

/** /admin/spam: what the bot traps held, newest first, each with 'Não é spam'. */
export function SpamFolderView({ spam, retentionDays, releasedLeadId, message }: SpamFolderProps) {
  const pageLink = (page: number) => `?pagina=${page}`
  return (
    <Container className="py-10">
      <AdminHeading title={copy.title} summary={copy.total(spam.total)} summaryTestId="total-spam" />
      <p className="mt-4 max-w-3xl text-ink-700">{copy.intro}</p>
      <p className="mt-2 text-sm text-ink-700">{copy.retention(retentionDays)}</p>
      <AdminAnswer
        notice={
          releasedLeadId ? (
            <>
              {copy.released}{' '}
              <Link to={`/admin/leads/${releasedLeadId}`} className="text-brand-700 underline">
                {copy.seeLead}
              </Link>
            </>
          ) : null
        }
        message={message}
      />
      {spam.rows.length === 0 ? (
        <p className="mt-8 text-ink-700">{copy.empty}</p>
      ) : (
        <AdminTable
          label={copy.title}
          head={copy.columns.map((column) => (
            <HeaderCell key={column}>{column}</HeaderCell>
          ))}
        >
          {spam.rows.map((row) => (
            <tr key={row.id}>
              <Cell nowrap>{formatDateTime(row.receivedAt)}</Cell>
              <Cell>{leadFormLabel(row.form)}</Cell>
              <Cell>{spamReasonLabels[row.reason] ?? row.reason}</Cell>
              <Cell wrap>{row.name || copy.noName}</Cell>
              <Cell wrap>{row.email}</Cell>
              <Cell nowrap>
                <Form method="post">
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="pagina" value={spam.page} />
                  <Button type="submit" variant="secondary" size="sm">
                    {copy.release}
                  </Button>
                </Form>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      {spam.pages > 1 ? <AdminPager page={spam.page} pages={spam.pages} link={pageLink} /> : null}
    </Container>
  )
}
