/**
 * Web vitals to the data layer: CLS, INP, FCP, LCP
 * and TTFB from the `web-vitals` package, each pushed as a `web_vitals`
 * event with the metric's name, its rounded value and its rating. Loaded
 * after the page's load event (root.tsx): the metrics read buffered
 * performance entries, so starting then misses nothing.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
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

export function reportWebVitals(): void {
  const report = (metric: Metric) => pushToDataLayer(webVitalEvent(metric))
  for (const observe of [onCLS, onINP, onFCP, onLCP, onTTFB]) observe(report)
}
