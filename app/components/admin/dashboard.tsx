import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { dashboardCopy as copy, formatCount, formatDuration, fullDay, shortDay } from '~/admin/dashboard-copy'
import { DASHBOARD_PERIODS } from '~/admin/dashboard-period'
import type { Dashboard, SalesFunnelRow } from '~/admin/dashboard.server'
import { leadFiltersFrom, leadFiltersQuery, type LeadFilters } from '~/admin/lead-filters'
import { FUNNEL_STAGES, LEAD_STATUS_WORDS } from '~/admin/lead-status'
import { cx } from '~/components/ui/class-names'
import { ScrollingTable } from '~/components/ui/scrolling-table'
import { Container } from '~/components/ui/section'
import { leadFormLabel, leadFormOf, OTHER_FORM_COLOUR } from '~/leads/lead-forms'
import { AdminSection } from './admin-table'
import { BarChart, ChartTable, CountLink, StackedColumns, TableLink, type Series } from './charts'

/** A source's colour in the charts: its form's, from the theme; grey for a source no form knows. */
const sourceColour = (source: string) => leadFormOf(source)?.colour ?? OTHER_FORM_COLOUR

const NO_FILTERS = leadFiltersFrom(new URLSearchParams())
/** The leads table filtered to what a figure counts. */
const leadsHref = (filters: Partial<LeadFilters>) => `/admin/leads${leadFiltersQuery(NO_FILTERS, filters)}`

function PeriodLinks({ days }: { days: number }) {
  return (
    <nav aria-label={copy.period} className="mt-4">
      <ul className="flex flex-wrap gap-2 text-sm">
        {DASHBOARD_PERIODS.map((option) => (
          <li key={option}>
            <Link
              to={`?periodo=${option}`}
              aria-current={option === days ? 'page' : undefined}
              className={
                option === days
                  ? 'inline-block rounded-full bg-brand-700 px-4 py-2 font-semibold text-white'
                  : 'inline-block rounded-full px-4 py-2 font-semibold text-brand-700 underline ring-1 ring-ink-200'
              }
            >
              {copy.days(option)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function LeadsPerDay({ dashboard }: { dashboard: Dashboard }) {
  const { period, daily } = dashboard
  const within = { de: period.first, ate: period.last }
  const shown = dashboard.sources.filter((row) => row.leads > 0)
  const series: Series[] = shown.map(({ source }) => ({ key: source, label: leadFormLabel(source), colour: sourceColour(source) }))
  const busyDays = daily.filter((day) => day.total > 0).map((day) => `${shortDay(day.day)}: ${formatCount(day.total)}`)
  const label = [
    `${copy.perDay}, ${copy.range(period.first, period.last)}: ${copy.total(dashboard.total)}`,
    shown.map((row) => `${leadFormLabel(row.source)}: ${formatCount(row.leads)}`).join('; '),
    busyDays.length ? copy.busyDays(busyDays) : copy.noLeads,
  ]
    .filter(Boolean)
    .join('. ')
  return (
    <AdminSection id="leads-por-dia" title={copy.perDay}>
      <StackedColumns label={label} series={series} columns={daily.map((day) => ({ key: day.day, label: shortDay(day.day), values: day.bySource }))} />
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label={copy.legend}>
        {shown.map((row) => (
          <li key={row.source} className="flex items-center gap-2 text-ink-700">
            <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3">
              <rect width="12" height="12" rx="2" fill={sourceColour(row.source)} />
            </svg>
            <TableLink to={leadsHref({ fonte: row.source, ...within })}>{`${leadFormLabel(row.source)}: ${formatCount(row.leads)}`}</TableLink>
          </li>
        ))}
      </ul>
      <ChartTable
        caption={copy.perDay}
        head={
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {copy.day}
            </th>
            {series.map((one) => (
              <th key={one.key} scope="col" className="px-3 py-2 text-right font-semibold">
                {one.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {copy.dayTotal}
            </th>
          </tr>
        }
      >
        {daily.map((day) => (
          <tr key={day.day}>
            <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
              {fullDay(day.day)}
            </th>
            {series.map((one) => (
              <td key={one.key} className="px-3 py-2 text-right">
                <CountLink count={day.bySource[one.key] ?? 0} to={leadsHref({ fonte: one.key, de: day.day, ate: day.day })} />
              </td>
            ))}
            <td className="px-3 py-2 text-right font-semibold">
              <CountLink count={day.total} to={leadsHref({ de: day.day, ate: day.day })} />
            </td>
          </tr>
        ))}
      </ChartTable>
    </AdminSection>
  )
}

function TopList({
  id,
  title,
  entries,
  filter,
  none,
  dashboard,
}: {
  id: string
  title: string
  entries: Dashboard['top']['utmSource']
  filter: 'utm_source' | 'utm_campaign' | 'entrada'
  none: string
  dashboard: Dashboard
}) {
  const within = { de: dashboard.period.first, ate: dashboard.period.last }
  // The leads table has no filter for "none": that bar has no link.
  const bars = entries.map((entry) => ({
    label: entry.value ?? none,
    value: entry.leads,
    href: entry.value === null ? undefined : leadsHref({ [filter]: entry.value, ...within }),
  }))
  return (
    <AdminSection id={id} title={title}>
      <BarChart title={title} bars={bars} valueHeader={copy.leadsColumn} emptyText={copy.noLeads} />
    </AdminSection>
  )
}

/** A table of figures: a row header, then numbers aligned right. */
function FigureTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <ScrollingTable label={copy.tableRegion(caption)} className="mt-3 rounded-xl ring-1 ring-ink-200" tableClassName="text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-ink-50 text-ink-900">
        <tr>
          {columns.map((column, index) => (
            <th key={column} scope="col" className={index === 0 ? 'px-3 py-2 font-semibold' : 'px-3 py-2 text-right font-semibold'}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-200 text-ink-700">{children}</tbody>
    </ScrollingTable>
  )
}

const duration = (seconds: number | null) => (seconds === null ? copy.noContact : formatDuration(seconds))

/** How fast sales answered the period's leads: over all, then by the hour they arrived. */
/** A row of labelled figures (label, value already formatted). */
function Figures({ figures, testId, className }: { figures: Array<[string, string]>; testId: string; className?: string }) {
  return (
    <dl className={cx('mt-3 grid grid-cols-2 gap-3', className)} data-testid={testId}>
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-ink-50 p-4">
          <dt className="text-sm text-ink-700">{label}</dt>
          <dd className="mt-1 text-lg font-bold text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function ContactTimesSection({ dashboard }: { dashboard: Dashboard }) {
  const { contact, contactByHour } = dashboard.sales
  const figures: Array<[string, string]> = [
    [copy.contactFigures.median, duration(contact.medianSeconds)],
    [copy.contactFigures.within5Minutes, copy.share(contact.within5Minutes, contact.leads)],
    [copy.contactFigures.within1Hour, copy.share(contact.within1Hour, contact.leads)],
    [copy.contactFigures.contacted, copy.share(contact.contacted, contact.leads)],
  ]
  return (
    <AdminSection id="primeiro-contato" title={copy.contactTitle}>
      <p className="mt-2 max-w-3xl text-sm text-ink-700">{copy.contactNote}</p>
      <Figures figures={figures} testId="primeiro-contato" className="lg:grid-cols-4" />
      <h3 className="mt-6 text-lg font-bold text-ink-900">{copy.byHour}</h3>
      {contactByHour.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">{copy.noLeads}</p>
      ) : (
        <FigureTable caption={copy.byHour} columns={copy.byHourColumns}>
          {contactByHour.map((row) => (
            <tr key={row.hour}>
              <th scope="row" className="px-3 py-2 font-normal">
                {copy.hour(row.hour)}
              </th>
              <td className="px-3 py-2 text-right">{formatCount(row.leads)}</td>
              <td className="px-3 py-2 text-right">{formatCount(row.contacted)}</td>
              <td className="px-3 py-2 text-right">{duration(row.medianSeconds)}</td>
              <td className="px-3 py-2 text-right">{copy.share(row.within5Minutes, row.leads)}</td>
              <td className="px-3 py-2 text-right">{copy.share(row.within1Hour, row.leads)}</td>
            </tr>
          ))}
        </FigureTable>
      )}
    </AdminSection>
  )
}

/** The sales funnel of the period's leads by source or campaign; each count opens those leads (none for "no campaign": the table has no such filter). */
function SalesFunnel({
  id,
  title,
  rows,
  filter,
  dashboard,
}: {
  id: string
  title: string
  rows: SalesFunnelRow[]
  filter: 'fonte' | 'utm_campaign'
  dashboard: Dashboard
}) {
  const within = { de: dashboard.period.first, ate: dashboard.period.last }
  const columns = ['leads', ...FUNNEL_STAGES] as const
  const headers = [filter === 'fonte' ? copy.source : 'utm_campaign', ...columns.map((column) => copy.salesColumns[column]), copy.salesColumns.booked]
  const name = (value: string | null) => (value === null ? copy.noCampaign : filter === 'fonte' ? leadFormLabel(value) : value)
  return (
    <AdminSection id={id} title={title}>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">{copy.noLeads}</p>
      ) : (
        <FigureTable caption={title} columns={headers}>
          {rows.map((row) => (
            <tr key={row.value ?? ''}>
              <th scope="row" className="px-3 py-2 font-semibold text-ink-900">
                {name(row.value)}
              </th>
              {columns.map((column) => (
                <td key={column} className="px-3 py-2 text-right">
                  {row.value === null ? (
                    formatCount(row[column])
                  ) : (
                    <CountLink
                      count={row[column]}
                      to={leadsHref({ [filter]: row.value, ...within, ...(column === 'leads' ? {} : { etapa: LEAD_STATUS_WORDS[column] }) })}
                    />
                  )}
                </td>
              ))}
              <td className="px-3 py-2 text-right">{formatCount(row.booked)}</td>
            </tr>
          ))}
        </FigureTable>
      )}
    </AdminSection>
  )
}

/** The strategy session (issue 44): the share of the period's leads that booked it, and how long after the lead. */
function BookingSection({ dashboard }: { dashboard: Dashboard }) {
  const { booking } = dashboard.sales
  const figures: Array<[string, string]> = [
    [copy.bookingFigures.booked, copy.share(booking.booked, booking.leads)],
    [copy.bookingFigures.median, booking.medianSeconds === null ? copy.noBooking : formatDuration(booking.medianSeconds)],
  ]
  return (
    <AdminSection id="sessoes" title={copy.bookingTitle}>
      <p className="mt-2 max-w-3xl text-sm text-ink-700">{copy.bookingNote}</p>
      <Figures figures={figures} testId="sessoes" />
    </AdminSection>
  )
}

function Funnel({ dashboard }: { dashboard: Dashboard }) {
  const within = { de: dashboard.period.first, ate: dashboard.period.last }
  const refused = dashboard.rateLimited.reduce((sum, row) => sum + row.posts, 0)
  return (
    <AdminSection id="funil" title={copy.funnel}>
      <p className="mt-2 max-w-3xl text-sm text-ink-700">{copy.funnelNote}</p>
      <FigureTable caption={copy.funnel} columns={copy.funnelColumns}>
        {dashboard.funnel.map((row) => (
          <tr key={row.tool}>
            <th scope="row" className="px-3 py-2 font-semibold text-ink-900">
              {copy.tools[row.tool]}
            </th>
            <td className="px-3 py-2 text-right">{formatCount(row.started)}</td>
            <td className="px-3 py-2 text-right">{formatCount(row.finished)}</td>
            <td className="px-3 py-2 text-right">
              <CountLink count={row.leads} to={leadsHref({ fonte: row.source, ...within })} />
            </td>
          </tr>
        ))}
      </FigureTable>
      <p className="mt-4 text-sm text-ink-700" data-testid="recusados">
        {copy.rateLimited(refused)}
        {dashboard.rateLimited.length > 0 ? ` (${dashboard.rateLimited.map((row) => `${row.form}: ${formatCount(row.posts)}`).join('; ')})` : ''}
      </p>
    </AdminSection>
  )
}

function Deliveries({ dashboard }: { dashboard: Dashboard }) {
  const { deliveries, period } = dashboard
  const states = (['delivered', 'pending', 'failed', 'skipped'] as const).filter((state) => state !== 'skipped' || deliveries.skipped > 0)
  return (
    <AdminSection id="entregas" title={copy.deliveries}>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {states.map((state) => (
          <div key={state} className="rounded-xl bg-ink-50 p-4">
            <dt className="text-sm text-ink-700">{copy.deliveryStates[state]}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink-900">
              <CountLink count={deliveries[state]} to={leadsHref({ entrega: state, de: period.first, ate: period.last })} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-ink-700">
        {copy.median}: <strong className="text-ink-900">{deliveries.medianSeconds === null ? copy.noMedian : formatDuration(deliveries.medianSeconds)}</strong>
      </p>
      <p className="mt-2 text-sm">
        <TableLink to="/admin/entregas">{copy.deliveriesLink}</TableLink>
      </p>
    </AdminSection>
  )
}

/** /admin: where the period's leads came from, the tools' funnel, and whether any lead failed to reach the webhook. */
export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { period } = dashboard
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold text-ink-900">{copy.title}</h1>
      <PeriodLinks days={period.days} />
      <p className="mt-4 text-ink-700" data-testid="resumo-periodo">
        <strong className="text-2xl text-ink-900">{copy.total(dashboard.total)}</strong> {copy.range(period.first, period.last)} ·{' '}
        {copy.change(dashboard.total, dashboard.previousTotal, period.days)}
      </p>
      <LeadsPerDay dashboard={dashboard} />
      <div className="grid gap-x-10 lg:grid-cols-2">
        <TopList id="utm-source" title={copy.utmSources} entries={dashboard.top.utmSource} filter="utm_source" none={copy.none.utm} dashboard={dashboard} />
        <TopList
          id="utm-campaign"
          title={copy.utmCampaigns}
          entries={dashboard.top.utmCampaign}
          filter="utm_campaign"
          none={copy.none.utm}
          dashboard={dashboard}
        />
        <TopList id="entrada" title={copy.landingPages} entries={dashboard.top.landingPage} filter="entrada" none={copy.none.landing} dashboard={dashboard} />
      </div>
      <ContactTimesSection dashboard={dashboard} />
      <BookingSection dashboard={dashboard} />
      <p className="mt-4 max-w-3xl text-sm text-ink-700">{copy.salesNote}</p>
      <div className="grid gap-x-10 lg:grid-cols-2">
        <SalesFunnel id="funil-vendas-origem" title={copy.salesBySource} rows={dashboard.sales.bySource} filter="fonte" dashboard={dashboard} />
        <SalesFunnel id="funil-vendas-campanha" title={copy.salesByCampaign} rows={dashboard.sales.byCampaign} filter="utm_campaign" dashboard={dashboard} />
      </div>
      <Funnel dashboard={dashboard} />
      <Deliveries dashboard={dashboard} />
    </Container>
  )
}
