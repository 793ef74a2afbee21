import { describe, expect, it } from 'vitest'
import { webVitalEvent } from '~/analytics/web-vitals.client'

/** The web_vitals event: metric name, rounded value and rating. */
describe('the web_vitals event', () => {
  it('rounds times to whole milliseconds, for each timed metric', () => {
    for (const name of ['INP', 'FCP', 'LCP', 'TTFB'] as const) {
      expect(webVitalEvent({ name, value: 123.6, rating: 'good', id: `v6-${name}`, navigationType: 'navigate' })).toEqual({
        event: 'web_vitals',
        metric_name: name,
        metric_value: 124,
        metric_rating: 'good',
        metric_id: `v6-${name}`,
        navigation_type: 'navigate',
      })
    }
  })

  it('keeps CLS to three decimals (a whole number would read 0 on nearly every page)', () => {
    expect(webVitalEvent({ name: 'CLS', value: 0.12345, rating: 'needs-improvement', id: 'v6-cls', navigationType: 'reload' })).toMatchObject({
      metric_name: 'CLS',
      metric_value: 0.123,
      metric_rating: 'needs-improvement',
    })
  })
})
