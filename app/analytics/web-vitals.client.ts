/**
 * Web vitals to the data layer (spec lead-capture §7.3): CLS, INP, FCP, LCP
 * and TTFB from the `web-vitals` package, each pushed as a `web_vitals`
 * event with the metric's name, its rounded value and its rating. Loaded
 * after hydration, which starts on the visitor's first intent (ADR 033): the
 * metrics read buffered performance entries, so starting late misses
 * nothing, with one exception. Chromium gives a late observer no Largest
 * Contentful Paint once the visitor has pressed a key or touched the page
 * (the usual first intent on a phone); the page's inline loader kept it
 * (EARLY_LCP_GLOBAL), and it is reported from there when the page is hidden,
 * if the library had none to report.
 */
import { LCPThresholds, onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import { EARLY_LCP_GLOBAL } from '~/utils/intent-loader'
import { pushToDataLayer } from './data-layer'

/**
 * The event for one metric. Times are whole milliseconds; CLS, a unitless
 * score where 0.1 is the line between good and poor, keeps three decimals
 * (rounded to an integer it would read 0 for nearly every page).
 */
export function webVitalEvent({ name, value, rating, id, navigationType }: Pick<Metric, 'name' | 'value' | 'rating' | 'id' | 'navigationType'>) {
  return {
    event: 'web_vitals',
    metric_name: name,
    metric_value: name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value),
    metric_rating: rating,
    metric_id: id,
    navigation_type: navigationType,
  }
}

/** LCP from the value the inline loader kept, rated by web-vitals' own thresholds. */
export function earlyLcpMetric(
  value: number,
  navigationType: Metric['navigationType'],
  id: string,
): Pick<Metric, 'name' | 'value' | 'rating' | 'id' | 'navigationType'> {
  const [good, poor] = LCPThresholds
  return { name: 'LCP', value, rating: value <= good! ? 'good' : value <= poor! ? 'needs-improvement' : 'poor', id, navigationType }
}

export function reportWebVitals(): void {
  // The page's navigation type, as the library names it (prerender and restore included): every metric it reports carries it.
  let navigationType: Metric['navigationType'] = 'navigate'
  const report = (metric: Pick<Metric, 'name' | 'value' | 'rating' | 'id' | 'navigationType'>) => {
    navigationType = metric.navigationType
    pushToDataLayer(webVitalEvent(metric))
  }
  let lcpReported = false
  for (const observe of [onCLS, onINP, onFCP, onTTFB]) observe(report)
  onLCP((metric) => {
    lcpReported = true
    report(metric)
  })
  const kept = (window as unknown as Record<string, { value: number | null } | undefined>)[EARLY_LCP_GLOBAL]
  if (!kept) return
  const onHidden = () => {
    if (document.visibilityState !== 'hidden') return
    document.removeEventListener('visibilitychange', onHidden, true)
    if (!lcpReported && kept.value !== null) report(earlyLcpMetric(kept.value, navigationType, `lcp-${crypto.randomUUID()}`))
  }
  document.addEventListener('visibilitychange', onHidden, true)
}
