import { describe, expect, it } from 'vitest'
import { formatSummaries, medianRun, summarizeReport, type LighthouseReport } from '../../scripts/bench/lib/lighthouse-budget'

const category = (title: string, score: number, weights: Record<string, number>) => ({
  title,
  score,
  auditRefs: Object.entries(weights).map(([id, weight]) => ({ id, weight })),
})

/** A Lighthouse report reduced to what the budget reads: four categories and their audits. */
function report(scores: { performance: number; accessibility: number; 'best-practices': number; seo: number }): LighthouseReport {
  return {
    requestedUrl: 'http://127.0.0.1:4000/',
    categories: {
      performance: category('Performance', scores.performance, { 'largest-contentful-paint': 25 }),
      accessibility: category('Accessibility', scores.accessibility, { 'color-contrast': 7, list: 7 }),
      'best-practices': category('Best Practices', scores['best-practices'], { 'errors-in-console': 1 }),
      seo: category('SEO', scores.seo, { 'is-crawlable': 4.043, 'structured-data': 0 }),
    },
    audits: {
      'largest-contentful-paint': {
        id: 'largest-contentful-paint',
        title: 'Largest Contentful Paint',
        score: 0.93,
        scoreDisplayMode: 'numeric',
        displayValue: '2.6 s',
      },
      'color-contrast': { id: 'color-contrast', title: 'Contrast', score: 1, scoreDisplayMode: 'binary' },
      list: { id: 'list', title: 'Lists contain only li', score: scores.accessibility < 1 ? 0 : 1, scoreDisplayMode: 'binary' },
      'errors-in-console': { id: 'errors-in-console', title: 'No errors in the console', score: null, scoreDisplayMode: 'notApplicable' },
      'is-crawlable': { id: 'is-crawlable', title: 'Page is not blocked from indexing', score: 1, scoreDisplayMode: 'binary' },
      'structured-data': { id: 'structured-data', title: 'Structured data is valid', score: null, scoreDisplayMode: 'manual' },
    },
  }
}

describe('the Lighthouse budget', () => {
  it('passes a page with 95 performance and 100 elsewhere, listing the audits that still cost points', () => {
    const summary = summarizeReport('/', report({ performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 }))
    expect(summary.scores).toEqual({ performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 })
    expect(summary.overBudget).toEqual([])
    expect(summary.failing).toEqual([
      { category: 'performance', id: 'largest-contentful-paint', title: 'Largest Contentful Paint', score: 0.93, displayValue: '2.6 s' },
    ])
  })

  it('fails a page under 95 performance or under 100 in another category, naming the failing audit', () => {
    const summary = summarizeReport('/sobre', report({ performance: 0.94, accessibility: 0.93, 'best-practices': 1, seo: 1 }))
    expect(summary.overBudget).toEqual(['performance', 'accessibility'])
    expect(summary.failing.map((audit) => audit.id)).toEqual(['largest-contentful-paint', 'list'])
    const table = formatSummaries([{ ...summary, host: { hostIndex: 1180, cpuSlowdown: 3 } }])
    // Beside the scores, the phone they were measured on.
    expect(table).toMatch(/^\/sobre\s+94 ✗\s+93 ✗\s+100\s+100\s+1\.180 → 3×$/m)
    expect(table).toContain('  [acessibilidade] list: Lists contain only li (0)')
  })

  it('counts a category Lighthouse could not score as failed', () => {
    const broken = report({ performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 })
    broken.categories.performance!.score = null
    broken.runtimeError = { code: 'NO_FCP', message: 'The page did not paint any content.' }
    const summary = summarizeReport('/contato', broken)
    expect(summary.scores.performance).toBeNull()
    expect(summary.overBudget).toEqual(['performance'])
    expect(formatSummaries([summary])).toContain('erro do Lighthouse: The page did not paint any content.')
  })

  it('holds a page kept out of search engines to every SEO audit but is-crawlable, which must fail there', () => {
    const noindex = report({ performance: 0.99, accessibility: 1, 'best-practices': 1, seo: 0.66 })
    noindex.audits['is-crawlable']!.score = 0
    expect(summarizeReport('/resultado', noindex, { noindex: true }).overBudget).toEqual([])
    expect(summarizeReport('/resultado', noindex).overBudget).toEqual(['seo'])
    // An indexable private page is the defect.
    const indexable = report({ performance: 0.99, accessibility: 1, 'best-practices': 1, seo: 1 })
    expect(summarizeReport('/resultado', indexable, { noindex: true }).overBudget).toEqual(['seo'])
  })

  it('keeps the run with the median performance of several', () => {
    const runs = [0.91, 0.97, 0.84].map((performance) => report({ performance, accessibility: 1, 'best-practices': 1, seo: 1 }))
    expect(medianRun(runs).categories.performance!.score).toBe(0.91)
    expect(medianRun(runs.slice(0, 2)).categories.performance!.score).toBe(0.91)
    expect(() => medianRun([])).toThrow()
  })
})
