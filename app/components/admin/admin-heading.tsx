import type { ReactNode } from 'react'
import { FormMessage } from '~/components/forms/lead-form-parts'

/** An admin page's title, with its one-line summary on the right (a test id names the summary). */
export function AdminHeading({ title, summary, summaryTestId }: { title: string; summary: string; summaryTestId: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-4">
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      <p className="text-ink-700" data-testid={summaryTestId}>
        {summary}
      </p>
    </div>
  )
}

/** Under an admin page's heading: what the last action did (a status), or why it was refused. */
export function AdminAnswer({ notice, message }: { notice: ReactNode; message: string | null }) {
  return (
    <>
      {notice ? (
        <p role="status" className="mt-4 font-semibold text-ink-900">
          {notice}
        </p>
      ) : null}
      {message ? (
        <div className="mt-4">
          <FormMessage message={message} />
        </div>
      ) : null}
    </>
  )
}
