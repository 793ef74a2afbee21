/**
 * What `npm run lighthouse` (scripts/bench/lighthouse.ts) keeps of a Lighthouse
 * report: the four category scores against the project's budget
 * (performance at least 95 on the calibrated phone, issue 42; accessibility,
 * best practices and SEO 100) and the
 * audits that cost each category points, so a failure says what to fix.
 */

/** The part of a Lighthouse result (LHR) read here. */
export type LighthouseReport = {
  requestedUrl: string
  runtimeError?: { code: string; message: string }
  /** Lighthouse's CPU benchmark of the host at the run (higher is faster): the figures move with it. */
  environment?: { benchmarkIndex?: number }
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

/** The lowest score each category may get, out of 100. */
export const BUDGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }

export const CATEGORY_LABELS: Record<Category, string> = {
  performance: 'desempenho',
  accessibility: 'acessibilidade',
  'best-practices': 'boas práticas',
  seo: 'SEO',
}

export type FailingAudit = { category: Category; id: string; title: string; score: number; displayValue?: string }

export type PageSummary = {
  path: string
  /** Out of 100; null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>
  failing: FailingAudit[]
  /** Categories under budget. */
  overBudget: Category[]
  runtimeError?: string
  /** The host's index and the CPU slowdown its runs used (scripts/bench/lib/phone.ts). */
  host?: { hostIndex: number; cpuSlowdown: number }
}

/** A scored audit's modes; informative, manual and not-applicable ones never cost points. */
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings'])

/** SEO's audit that fails on a page kept out of search engines (`noindex`). */
const CRAWLABLE_AUDIT = 'is-crawlable'

export type SummaryOptions = {
  /**
   * The page is kept out of search engines on purpose (a visitor's own
   * result): its SEO budget is every other SEO audit passing, and
   * `is-crawlable` must fail (an indexable private page is the defect).
   */
  noindex?: boolean
}

export function summarizeReport(path: string, report: LighthouseReport, { noindex = false }: SummaryOptions = {}): PageSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = report.categories[category]?.score
      return [category, typeof score === 'number' ? Math.round(score * 100) : null]
    }),
  ) as Record<Category, number | null>
  const failing = CATEGORIES.flatMap((category) =>
    (report.categories[category]?.auditRefs ?? []).flatMap(({ id, weight }) => {
      const audit = report.audits[id]
      if (!audit || weight === 0 || audit.score === null || audit.score >= 1 || !SCORED_MODES.has(audit.scoreDisplayMode)) return []
      return [{ category, id, title: audit.title, score: audit.score, displayValue: audit.displayValue }]
    }),
  )
  const overBudget = CATEGORIES.filter((category) => {
    if (category === 'seo' && noindex) {
      const crawlable = report.audits[CRAWLABLE_AUDIT]?.score
      return crawlable !== 0 || failing.some((audit) => audit.category === 'seo' && audit.id !== CRAWLABLE_AUDIT)
    }
    return (scores[category] ?? 0) < BUDGET[category]
  })
  return { path, scores, failing, overBudget, runtimeError: report.runtimeError?.message }
}

/**
 * Of several runs of one page, the one with the median performance score
 * (Lighthouse's own advice: a single run's performance moves with the
 * machine; the other categories do not).
 */
export function medianRun(reports: readonly LighthouseReport[]): LighthouseReport {
  if (reports.length === 0) throw new Error('medianRun: no report')
  const performance = (report: LighthouseReport) => report.categories.performance?.score ?? -1
  return [...reports].sort((a, b) => performance(a) - performance(b))[Math.floor((reports.length - 1) / 2)]!
}

/** The table printed at the end: one row per page, then each page's failing audits below it. */
export function formatSummaries(summaries: PageSummary[]): string {
  const width = Math.max(6, ...summaries.map((summary) => summary.path.length)) + 2
  const header = ['página'.padEnd(width), ...CATEGORIES.map((category) => CATEGORY_LABELS[category].padStart(15)), '  índice → CPU'].join('')
  const rows = summaries.map((summary) =>
    [
      summary.path.padEnd(width),
      ...CATEGORIES.map((category) => {
        const score = summary.scores[category]
        const mark = summary.overBudget.includes(category) ? ' ✗' : '  '
        return `${score ?? '—'}${mark}`.padStart(15)
      }),
      summary.host ? `  ${summary.host.hostIndex.toLocaleString('pt-BR')} → ${summary.host.cpuSlowdown.toLocaleString('pt-BR')}×` : '',
    ].join(''),
  )
  const details = summaries
    .filter((summary) => summary.failing.length > 0 || summary.runtimeError)
    .map((summary) => {
      const lines = summary.failing.map(
        (audit) =>
          `  [${CATEGORY_LABELS[audit.category]}] ${audit.id}: ${audit.title} (${Math.round(audit.score * 100)})${audit.displayValue ? ` ${audit.displayValue}` : ''}`,
      )
      if (summary.runtimeError) lines.unshift(`  erro do Lighthouse: ${summary.runtimeError}`)
      return [`${summary.path}:`, ...lines].join('\n')
    })
  const limits = CATEGORIES.map((category) => `${CATEGORY_LABELS[category]} ≥ ${BUDGET[category]}`).join(', ')
  return [header, ...rows, '', `limites: ${limits} (✗: abaixo)`, ...(details.length > 0 ? ['', ...details] : [])].join('\n')
}
