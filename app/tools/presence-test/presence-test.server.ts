import { redirect } from '@remix-run/node'
import { and, eq, isNull } from 'drizzle-orm'
import type { PresenceTestPage } from '~/content/schemas'
import { prepareLeadForm, type AcceptedLead } from '~/leads/lead-action.server'
import { getLeadPipeline, type LeadPipeline, type LeadResults } from '~/leads/lead-service.server'
import { readFormBody } from '~/utils/form-body.server'
import { cacheControl } from '~/utils/http.server'
import { readSignedValue, signValue } from '~/utils/signed-value.server'
import { isUuid } from '~/utils/uuid'
import { presenceTestRuns } from '../../../db/schema'
import { readStoredResult } from '../stored-results.server'
import { decodeAnswers, encodeAnswers } from './answers'
import { checkAnswers, InvalidAnswersError, scoreTest, type Advice, type Answer, type Question, type TestResult } from './scoring'
import { ANSWER_FIELD, RESULTS_PATH, RUN_PARAM, SELECT_ANSWER_MESSAGE, STATE_PARAM, testStepHref } from './steps'

/** The questions and advice of the content, as the scoring reads them. */
export function questionsOf(page: Pick<PresenceTestPage, 'questions'>): Question[] {
  return page.questions.map((question) => ({ id: question.id, categoryId: question.category, text: question.text, options: question.options }))
}

export function adviceOf(page: Pick<PresenceTestPage, 'advice' | 'closing'>): Advice {
  const categories = Object.fromEntries(page.advice.map(({ category, low, medium, high }) => [category, { low, medium, high }])) as Advice['categories']
  return { categories, closing: page.closing }
}

// ---------------------------------------------------------------------------
// The questions, one per screen, with the answers so far in a signed URL value

const STATE_PURPOSE = 'presence-test-answers'
/** How long an unfinished test can wait: a day (then it starts again, with a message). */
const STATE_MAX_AGE_MS = 24 * 60 * 60 * 1000

export const signAnswers = (digits: string, now?: number) => signValue(STATE_PURPOSE, digits, now)

export type TestStep =
  { ok: true; digits: string; state: string; previousHref: string | null } | { ok: false; problem: 'tampered' | 'expired'; message: string }

const STATE_PROBLEMS = {
  tampered: 'Não conseguimos ler o andamento do seu teste. Comece de novo: leva poucos minutos.',
  expired: 'Seu teste ficou parado por mais de um dia e expirou. Comece de novo: leva poucos minutos.',
} as const

/** The step the URL is at: the answers so far (verified), the value to carry to the next one and the link back. */
export function readTestStep(stateToken: string | null | undefined, questions: readonly Question[], now: number = Date.now()): TestStep {
  const token = stateToken || null
  let digits = ''
  if (token) {
    const read = readSignedValue(STATE_PURPOSE, token, { maxAgeMs: STATE_MAX_AGE_MS, now })
    if (!read.ok || decodeAnswers(read.value, questions) === null || read.value.length >= questions.length) {
      const problem = !read.ok && read.reason === 'expired' ? 'expired' : 'tampered'
      return { ok: false, problem, message: STATE_PROBLEMS[problem] }
    }
    digits = read.value
  }
  const previousHref = digits.length === 0 ? null : testStepHref(digits.length === 1 ? null : signAnswers(digits.slice(0, -1), now))
  // The first question carries no signed value (its page is cacheable); later ones carry the URL's own.
  return { ok: true, digits, state: token ?? '', previousHref }
}

/**
 * The test page's loader: the questions, the advice (the browser scores with
 * it), and the step the URL is at. The first question is the same for
 * everyone (a cacheable page); later ones carry the visitor's own progress.
 */
export function loadTestStep(request: Request, page: PresenceTestPage) {
  const questions = questionsOf(page)
  const token = new URL(request.url).searchParams.get(STATE_PARAM)
  const step = readTestStep(token, questions)
  const cache = token || !step.ok ? cacheControl.privateNoStore : cacheControl.cmsPage
  return { questions, advice: adviceOf(page), step, status: step.ok ? 200 : 400, headers: { 'Cache-Control': cache } }
}

/** `funnel`: the funnel steps this answer completes (ADR 040): the first answer starts the test, the last one finishes it. */
export type AnswerOutcome = { kind: 'redirect'; response: Response; funnel: Array<'started' | 'finished'> } | { kind: 'error'; status: number; message: string }

/**
 * One answer posted without JavaScript: the signed answers so far plus this
 * one. Next question → a redirect to its URL; the last one → the run is
 * stored under a new id and the visitor goes to its results.
 */
export async function answerQuestion(request: Request, page: PresenceTestPage, pipeline?: LeadPipeline): Promise<AnswerOutcome> {
  const body = await readFormBody(request, { fields: new Set([STATE_PARAM, ANSWER_FIELD]) })
  if (!body.ok) return { kind: 'error', status: body.refusal.status, message: body.refusal.message }
  const questions = questionsOf(page)
  const stateValue = body.formData.get(STATE_PARAM)
  const step = readTestStep(typeof stateValue === 'string' ? stateValue : null, questions)
  if (typeof stateValue !== 'string' || !step.ok) return { kind: 'error', status: 400, message: step.ok ? STATE_PROBLEMS.tampered : step.message }
  const question = questions[step.digits.length]!
  const posted = body.formData.get(ANSWER_FIELD)
  const value = typeof posted === 'string' && /^\d$/.test(posted) ? Number(posted) : NaN
  if (!question.options.some((option) => option.value === value)) return { kind: 'error', status: 400, message: SELECT_ANSWER_MESSAGE }
  const digits = step.digits + String(value)
  const started = step.digits.length === 0 ? (['started'] as const) : []
  if (digits.length < questions.length) return { kind: 'redirect', response: redirect(testStepHref(signAnswers(digits))), funnel: [...started] }

  const answers = decodeAnswers(digits, questions)!
  const runId = await storeRun(answers, scoreTest(answers, adviceOf(page)), null, pipeline)
  return { kind: 'redirect', response: redirect(`${RESULTS_PATH}?${RUN_PARAM}=${runId}`), funnel: [...started, 'finished'] }
}

// ---------------------------------------------------------------------------
// Runs: a finished test under an unguessable id

/** A run no lead claimed in this long is gone (its link says so). */
const RUN_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

async function database(pipeline?: LeadPipeline) {
  return (pipeline ?? (await getLeadPipeline())).db
}

async function storeRun(answers: Answer[], result: TestResult, leadId: string | null, pipeline?: LeadPipeline): Promise<string> {
  const db = await database(pipeline)
  const [row] = await db.insert(presenceTestRuns).values({ answers, result, leadId }).returning({ id: presenceTestRuns.id })
  return row!.id
}

export type StoredRun = { id: string; digits: string; result: TestResult; leadId: string | null }

export async function loadRun(id: string, pipeline?: LeadPipeline, now: number = Date.now()): Promise<StoredRun | null> {
  if (!isUuid(id)) return null
  const db = await database(pipeline)
  const [row] = await db.select().from(presenceTestRuns).where(eq(presenceTestRuns.id, id.toLowerCase())).limit(1)
  if (!row) return null
  if (!row.leadId && now - row.createdAt.getTime() > RUN_MAX_AGE_MS) return null
  return { id: row.id, digits: encodeAnswers(row.answers), result: row.result as unknown as TestResult, leadId: row.leadId }
}

/** After the lead: the run it came from gets the lead (without JavaScript), or a new run is stored (with it). Returns the run id. */
export async function attachRun(runId: string | undefined, answers: Answer[], result: TestResult, leadId: string, pipeline?: LeadPipeline): Promise<string> {
  if (isUuid(runId)) {
    const db = await database(pipeline)
    const updated = await db
      .update(presenceTestRuns)
      .set({ leadId })
      .where(and(eq(presenceTestRuns.id, runId.toLowerCase()), isNull(presenceTestRuns.leadId)))
      .returning({ id: presenceTestRuns.id, answers: presenceTestRuns.answers })
    if (updated[0] && encodeAnswers(updated[0].answers) === encodeAnswers(answers)) return updated[0].id
  }
  return storeRun(answers, result, leadId, pipeline)
}

// ---------------------------------------------------------------------------
// The lead from the results page

/** The answers a lead post carries, checked against the questions; null when they are not a full, valid set. */
export function postedAnswers(digits: string | undefined, page: Pick<PresenceTestPage, 'questions'>): Answer[] | null {
  const questions = questionsOf(page)
  const answers = decodeAnswers(digits ?? '', questions)
  if (!answers) return null
  try {
    checkAnswers(answers, questions)
    return answers
  } catch (error) {
    if (error instanceof InvalidAnswersError) return null
    throw error
  }
}

/** What the lead stores and sends as its results: the result computed here from the answers, never the browser's. */
export function testLeadResults(answers: Answer[], page: PresenceTestPage): Extract<LeadResults, { kind: 'test' }> {
  const result = scoreTest(answers, adviceOf(page))
  return { kind: 'test', ...result, answers }
}

/**
 * After the lead was stored: the run it belongs to (the posted one without
 * JavaScript, a new one with it) and the URL of its full result. Null when
 * the post carried no valid answers (the lead is kept; the visitor goes back to the test).
 */
export async function runAfterLead(value: { respostas: string; r?: string | undefined }, leadId: string, page: PresenceTestPage, pipeline?: LeadPipeline) {
  const answers = postedAnswers(value.respostas, page)
  if (!answers) return null
  const runId = await attachRun(value.r, answers, scoreTest(answers, adviceOf(page)), leadId, pipeline)
  return `${RESULTS_PATH}?${RUN_PARAM}=${runId}&enviado=1`
}

/**
 * The confirmation of a lead from the results page, for the action's answer:
 * a stored lead's run (runAfterLead); for a trapped post with valid answers,
 * the same address with the run it posted, or a new id that names no run
 * (no JavaScript posts one, JavaScript none), so a bot cannot tell the two
 * answers apart. Null sends the visitor back to the test.
 */
export async function resultsAfterLead(lead: AcceptedLead<{ respostas: string; r?: string | undefined }>, page: PresenceTestPage, pipeline?: LeadPipeline) {
  if (lead.stored) return runAfterLead(lead.value, lead.leadId, page, pipeline)
  if (!lead.value || !postedAnswers(lead.value.respostas, page)) return null
  const runId = isUuid(lead.value.r) ? lead.value.r.toLowerCase() : lead.leadId
  return `${RESULTS_PATH}?${RUN_PARAM}=${runId}&enviado=1`
}

// ---------------------------------------------------------------------------
// The results page

export type ResultsView = { kind: 'client' } | { kind: 'missing' } | { kind: 'teaser'; run: StoredRun } | { kind: 'full'; run: StoredRun; sent: boolean }

export async function loadResultsView(request: Request) {
  const url = new URL(request.url)
  const runId = url.searchParams.get(RUN_PARAM)
  const privateHeaders = () => new Headers({ 'Cache-Control': cacheControl.privateNoStore })
  if (!runId) {
    // With JavaScript the result comes from the test page (navigation state or localStorage): the form still needs its timer.
    const { leadForm, headers } = await prepareLeadForm(request, 'presenceTest')
    return { view: { kind: 'client' } as ResultsView, leadForm, status: 200, headers }
  }
  const run = await readStoredResult('presence test run', () => loadRun(runId))
  if (!run) return { view: { kind: 'missing' } as ResultsView, leadForm: null, status: 404, headers: privateHeaders() }
  if (run.leadId)
    return { view: { kind: 'full', run, sent: url.searchParams.get('enviado') === '1' } as ResultsView, leadForm: null, status: 200, headers: privateHeaders() }
  // The teaser shows this visitor's own run: never in a shared cache.
  const { leadForm } = await prepareLeadForm(request, 'presenceTest')
  return { view: { kind: 'teaser', run } as ResultsView, leadForm, status: 200, headers: privateHeaders() }
}
