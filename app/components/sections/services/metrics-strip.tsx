import { useEffect, useRef, useState } from 'react'
import type { MetricWithText } from '~/content/metric-text.server'

/** Reveal once 30% of the strip is visible, items 200 ms apart. */
export const METRICS_REVEAL_THRESHOLD = 0.3
export const METRICS_STAGGER_MS = 200

/** Whether at least `threshold` of the element's height is inside the viewport now. */
function shownEnough(element: Element, threshold: number): boolean {
  const { top, bottom, height } = element.getBoundingClientRect()
  const visible = Math.min(bottom, window.innerHeight) - Math.max(top, 0)
  return height > 0 && visible / height >= threshold
}

/**
 * The four figures of the services page, as the server wrote them
 * (`withMetricTexts`, metric-text.server.ts). The server renders them visible (so
 * they show with JavaScript off, and until React runs); once React has
 * hydrated (`<html data-hydrated>`, set by root.tsx's `PageHydrated`, whose effect runs
 * after this one) CSS hides those not revealed, and this component reveals
 * them once, when 30% of the strip is in view. A
 * strip already in view at hydration is marked revealed at once, so it never
 * blinks. `prefers-reduced-motion` keeps them visible with no animation (app.css).
 */
export function MetricsStrip({ metrics }: { metrics: readonly MetricWithText[] }) {
  const ref = useRef<HTMLDListElement>(null)
  const [revealed, setRevealed] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    if (typeof IntersectionObserver === 'undefined' || shownEnough(element, METRICS_REVEAL_THRESHOLD)) {
      // On the element itself too: `PageHydrated`'s effect, right after this one, starts hiding what is not revealed.
      element.dataset.revealed = ''
      setRevealed(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true)
          observer.disconnect()
        }
      },
      { threshold: METRICS_REVEAL_THRESHOLD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <dl ref={ref} className="grid grid-cols-2 gap-6 lg:grid-cols-4" data-reveal="" data-revealed={revealed ? '' : undefined} aria-label="Nossos números">
      {metrics.map((metric, index) => (
        <div
          key={metric._key}
          className="reveal-item flex flex-col-reverse items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-ink-200"
          style={{ transitionDelay: `${index * METRICS_STAGGER_MS}ms` }}
          data-metric=""
        >
          <dt className="text-sm font-semibold text-ink-600">{metric.label}</dt>
          <dd className="text-4xl font-extrabold tracking-tight text-brand-700">{metric.text}</dd>
        </div>
      ))}
    </dl>
  )
}
