import { numberFormat } from '~/utils/numbers'
import type { Metric } from './schemas'

/** A figure's number with 0, 1 or 2 decimals (the Studio allows those). */
const byDecimals = [0, 1, 2].map((decimals) => numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }))

/** A figure as the page shows it: prefix, the number in pt-BR, suffix ('8,2x', '+1.500'). */
export function metricText(metric: Pick<Metric, 'value' | 'decimals' | 'prefix' | 'suffix'>): string {
  const number = byDecimals[Math.min(Math.max(metric.decimals ?? 0, 0), 2)]!.format(metric.value)
  return `${metric.prefix ?? ''}${number}${metric.suffix ?? ''}`
}

export type MetricWithText = Metric & { text: string }

/**
 * The figures with their text made on the server: the browser renders the
 * text it is sent and never makes a number format while it hydrates (the
 * locale's data took 80-90 ms of the services page's hydration on the
 * benches' phone, issue 42).
 */
export const withMetricTexts = (metrics: readonly Metric[]): MetricWithText[] => metrics.map((metric) => ({ ...metric, text: metricText(metric) }))
