import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { dashboardCopy, formatCount } from '~/admin/dashboard-copy'
import { ScrollingTable } from '~/components/ui/scrolling-table'

/**
 * The dashboard's charts: SVG drawn on the server (no script, no library),
 * each an image whose accessible name carries its numbers, with a table twin
 * under 'Ver dados em tabela' that holds the same numbers and the links to
 * the leads they count. Nothing inside the image is focusable: the links
 * live in the tables and legends, where keyboards and screen readers reach
 * them. Fills are AA for graphics (3:1 or more on white); text is ink-700.
 */

export const CHART_TEXT = 'var(--color-chart-text)'
const GRID = 'var(--color-chart-grid)'
const BAR = 'var(--color-chart-bar)'
const TRACK = 'var(--color-chart-track)'

/** A link to the leads table as the admin area draws them. */
export function TableLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 underline">
      {children}
    </Link>
  )
}

/** A number that links to the leads it counts (plain text when there are none). */
export function CountLink({ count, to }: { count: number; to: string }) {
  return count > 0 ? <TableLink to={to}>{formatCount(count)}</TableLink> : <>{formatCount(count)}</>
}

/**
 * A round top for the value axis: 1, 2 or 5 times a power of ten, at least 1. `halved`: the axis also
 * marks its middle, and counts come whole, so the top is 2, 4 or 10 times a power of ten, at least 2
 * (a day chart of one lead reads 0, 1, 2, never "0,5").
 */
export function axisTop(max: number, { halved = false }: { halved?: boolean } = {}): number {
  const least = halved ? 2 : 1
  if (max <= least) return least
  const power = 10 ** Math.floor(Math.log10(max))
  const steps = halved ? [2, 4, 10] : [1, 2, 5, 10]
  return (steps.map((step) => step * power).find((top) => top >= max) ?? max) as number
}

/** The table twin: closed by default (the chart is the summary), native `<details>`, so it opens without JavaScript. */
export function ChartTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">{dashboardCopy.tableToggle}</summary>
      <ScrollingTable label={dashboardCopy.tableRegion(caption)} className="mt-2 rounded-xl ring-1 ring-ink-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50 text-ink-900">{head}</thead>
        <tbody className="divide-y divide-ink-200 text-ink-700">{children}</tbody>
      </ScrollingTable>
    </details>
  )
}

export type Bar = { label: string; value: number; href?: string }

/**
 * Horizontal bars, largest first (the order given): a label above each bar,
 * its count at the end. The table twin lists the same rows with their links.
 */
export function BarChart({ title, bars, valueHeader, emptyText }: { title: string; bars: Bar[]; valueHeader: string; emptyText: string }) {
  if (bars.length === 0) return <p className="mt-3 text-sm text-ink-700">{emptyText}</p>
  const rowHeight = 40
  const top = axisTop(Math.max(...bars.map((bar) => bar.value)))
  const summary = bars.map((bar) => `${bar.label}: ${formatCount(bar.value)}`).join('; ')
  return (
    <>
      <svg viewBox={`0 0 480 ${bars.length * rowHeight}`} role="img" aria-label={`${title}. ${summary}`} className="mt-3 w-full">
        {bars.map((bar, index) => {
          const y = index * rowHeight
          return (
            <g key={`${bar.label}-${index}`}>
              <text x="0" y={y + 14} fontSize="13" fill={CHART_TEXT}>
                {bar.label.length > 56 ? `${bar.label.slice(0, 55)}…` : bar.label}
              </text>
              <rect x="0" y={y + 20} width="420" height="12" rx="6" fill={TRACK} />
              <rect x="0" y={y + 20} width={Math.max(2, (bar.value / top) * 420)} height="12" rx="6" fill={BAR} />
              <text x="480" y={y + 31} fontSize="13" fontWeight="700" textAnchor="end" fill={CHART_TEXT}>
                {formatCount(bar.value)}
              </text>
            </g>
          )
        })}
      </svg>
      <ChartTable
        caption={title}
        head={
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {title}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {valueHeader}
            </th>
          </tr>
        }
      >
        {bars.map((bar, index) => (
          <tr key={`${bar.label}-${index}`}>
            <td className="px-3 py-2 break-all">{bar.href ? <TableLink to={bar.href}>{bar.label}</TableLink> : bar.label}</td>
            <td className="px-3 py-2 text-right">{formatCount(bar.value)}</td>
          </tr>
        ))}
      </ChartTable>
    </>
  )
}

export type Series = { key: string; label: string; colour: string }
export type Column = { key: string; label: string; values: Record<string, number> }

/**
 * Stacked columns (one per day), a segment per series, the value axis from
 * zero with three grid lines; only some column labels are drawn so they
 * never overlap (the table twin has every one).
 */
export function StackedColumns({ label, series, columns }: { label: string; series: Series[]; columns: Column[] }) {
  const width = 720
  const height = 240
  const left = 36
  const bottom = 24
  const plotHeight = height - bottom - 8
  const step = (width - left) / Math.max(1, columns.length)
  const totals = columns.map((column) => series.reduce((sum, one) => sum + (column.values[one.key] ?? 0), 0))
  const top = axisTop(Math.max(0, ...totals), { halved: true })
  const labelEvery = Math.ceil(columns.length / 8)
  const y = (value: number) => 8 + plotHeight - (value / top) * plotHeight
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="mt-4 w-full">
      {[0, top / 2, top].map((tick) => (
        <g key={tick}>
          <line x1={left} x2={width} y1={y(tick)} y2={y(tick)} stroke={GRID} strokeWidth="1" />
          <text x={left - 6} y={y(tick) + 4} fontSize="12" textAnchor="end" fill={CHART_TEXT}>
            {formatCount(tick)}
          </text>
        </g>
      ))}
      {columns.map((column, index) => {
        const x = left + index * step + step * 0.1
        let base = 0
        return (
          <g key={column.key}>
            {series.map((one) => {
              const value = column.values[one.key] ?? 0
              if (value === 0) return null
              const segment = (
                <rect
                  key={one.key}
                  x={x}
                  width={step * 0.8}
                  y={y(base + value)}
                  height={y(base) - y(base + value)}
                  fill={one.colour}
                  stroke="white"
                  strokeWidth="0.5"
                />
              )
              base += value
              return segment
            })}
            {index % labelEvery === 0 ? (
              <text x={x + step * 0.4} y={height - 6} fontSize="12" textAnchor="middle" fill={CHART_TEXT}>
                {column.label}
              </text>
            ) : null}
          </g>
        )
      })}
    </svg>
  )
}
