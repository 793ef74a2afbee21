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
