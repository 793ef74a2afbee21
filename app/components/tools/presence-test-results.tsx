import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useDeferredValidation } from '~/components/forms/deferred-validation'
import { useLeadErrorToast } from '~/components/forms/lead-form'
import { ConsentNotice, EmailField, FormMessage, PhoneField } from '~/components/forms/lead-form-parts'
import { LeadHiddenFields } from '~/components/forms/lead-hidden-fields'
import { ButtonLink, buttonClassName } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { Field } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import type { PresenceTestPage } from '~/content/schemas'
import { leadFormConstraints } from '~/leads/form-fields'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import type { PresenceTestLeadFields } from '~/tools/presence-test/lead-schema'
import { colourBand, type ColourBand, type TestResult } from '~/tools/presence-test/scoring'
import { ANSWERS_FIELD, RESULTS_PATH, RESULTS_STORAGE_KEY, RUN_PARAM, TEST_PATH } from '~/tools/presence-test/steps'
import type { ClientResults } from './presence-test-questions'
import { SentNotice, ToolFrame } from './tool-frame'

const bandStyles: Record<ColourBand, { text: string; bar: string; label: string }> = {
  green: { text: 'text-emerald-800', bar: '#047857', label: 'Excelente' },
  yellow: { text: 'text-amber-800', bar: '#b45309', label: 'Bom, com espaço para melhorar' },
  red: { text: 'text-red-800', bar: '#b91c1c', label: 'Precisa de atenção' },
}

/** The overall score and the persona: the teaser, and the top of the full result. */
export function ScoreSummary({ result }: { result: Pick<TestResult, 'overallScore' | 'persona'> }) {
  const band = bandStyles[colourBand(result.overallScore)]
  return (
    <div className="rounded-2xl bg-brand-50 p-6 text-center">
      <p className="text-sm font-semibold text-ink-700">Sua nota geral</p>
      <p className={cx('mt-1 text-5xl font-extrabold', band.text)} data-testid="overall-score">
        {result.overallScore}
        <span className="text-2xl">/100</span>
      </p>
      <p className="mt-1 text-sm font-semibold text-ink-700">{band.label}</p>
      <p className="mt-4 text-2xl font-bold text-ink-900" data-testid="persona">
        {result.persona.title}
      </p>
      <p className="mt-1 text-ink-700">{result.persona.subtitle}</p>
    </div>
  )
}

/** The category scores as bars: an SVG drawn on the server, with its values in words for screen readers. */
export function CategoryChart({ scores, title }: { scores: TestResult['categoryScores']; title: string }) {
  const rowHeight = 56
  const height = scores.length * rowHeight
  const summary = scores.map((score) => `${score.name}: ${score.percentage}%`).join('; ')
  return (
    <figure>
      <figcaption className="text-lg font-bold text-ink-900">{title}</figcaption>
      <svg viewBox={`0 0 600 ${height}`} role="img" aria-label={`${title}. ${summary}`} className="mt-4 w-full">
        {scores.map((score, index) => {
          const y = index * rowHeight
          const band = bandStyles[colourBand(score.percentage)]
          return (
            <g key={score.id}>
              <text x="0" y={y + 18} fontSize="16" fill="#1f2937">
                {score.name}
              </text>
              <rect x="0" y={y + 26} width="520" height="16" rx="8" fill="#e5e7eb" />
              <rect x="0" y={y + 26} width={Math.max(0, (score.percentage / 100) * 520)} height="16" rx="8" fill={band.bar} />
              <text x="600" y={y + 40} fontSize="16" fontWeight="700" textAnchor="end" fill="#1f2937">
                {score.percentage}%
              </text>
            </g>
          )
        })}
      </svg>
    </figure>
  )
}

/** The full result (after the lead): summary, chart, one advice per category, the closing advice and the ways forward. */
export function FullTestResult({ result, copy, sent }: { result: TestResult; copy: PresenceTestPage['results']; sent: boolean }) {
  const closing = result.recommendations.at(-1)
  return (
    <div className="grid gap-8">
      <SentNotice message="Dados enviados com sucesso!" sent={sent} form="presenceTest" />
      <ScoreSummary result={result} />
      <CategoryChart scores={result.categoryScores} title={copy.chartTitle} />
      <div>
        <h2 className="text-lg font-bold text-ink-900">{copy.adviceTitle}</h2>
        <dl className="mt-4 grid gap-4">
          {result.categoryScores.map((score, index) => (
            <div key={score.id} className="rounded-2xl bg-ink-50 p-4">
              <dt className="font-semibold text-ink-900">
                {score.name} · {score.percentage}%
              </dt>
              <dd className="mt-1 text-ink-700">{result.recommendations[index]}</dd>
            </div>
          ))}
        </dl>
        {closing ? <p className="mt-6 rounded-2xl bg-brand-900 p-6 font-semibold text-white">{closing}</p> : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/contato">Agendar consultoria gratuita</ButtonLink>
        <ButtonLink to={TEST_PATH} variant="secondary">
          {copy.restartLabel}
        </ButtonLink>
      </div>
    </div>
  )
}

/** The lead form's validator: zod and the schema load once the form nears the viewport, not with the page (ADR 028). */
const loadLeadValidator = () => import('~/tools/presence-test/presence-test-validation').then((module) => module.validatePresenceTestLead)
const LEAD_FORM_ID = 'teste-contato'

/** The teaser's lead form: the contact fields, the answers and (without JavaScript) the stored run. */
export function TestLeadForm({
  answers,
  runId,
  leadForm,
  actionData,
  text,
}: {
  answers: string
  runId: string | null
  leadForm: LeadFormFields
  actionData?: LeadActionData
  text: string
}) {
  useLeadErrorToast(actionData)
  const pending = useIsPending()
  const validation = useDeferredValidation(loadLeadValidator, { formId: LEAD_FORM_ID })
  const [form, fields] = useForm<PresenceTestLeadFields>({
    id: LEAD_FORM_ID,
    lastResult: actionData?.result,
    constraint: leadFormConstraints.tool,
    ...validation.options,
  })
  return (
    <Form
      method="post"
      action={runId ? `${RESULTS_PATH}?${RUN_PARAM}=${runId}` : RESULTS_PATH}
      {...getFormProps(form)}
      data-browser-validation={validation.ready ? '' : undefined}
      className="grid gap-4"
    >
      <p className="text-ink-700">{text}</p>
      <LeadHiddenFields {...leadForm} freshTimer={actionData?.timer} />
      <input type="hidden" name={ANSWERS_FIELD} value={answers} />
      {runId ? <input type="hidden" name={RUN_PARAM} value={runId} /> : null}
      <Field label="Nome completo" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: 'text' })} />
      <EmailField field={fields.email} />
      <PhoneField field={fields.phone} />
      <FormMessage message={actionData?.message ?? form.errors?.[0]} />
      <StatusButton status={pending ? 'pending' : 'idle'} size="lg" fullWidth>
        Ver meu resultado completo
      </StatusButton>
      <ConsentNotice />
    </Form>
  )
}

/**
 * With JavaScript and no stored run: the results come from the test page,
 * in the navigation state or else in localStorage (read once, then removed).
 * None → back to the test; unreadable → an error in the console and nothing shown.
 */
export function useClientResults(locationState: unknown): ClientResults | null | undefined {
  const navigate = useNavigate()
  const [results, setResults] = useState<ClientResults | null | undefined>(undefined)
  // Read once, when the page opens: a failed lead post later keeps the results on screen.
  const initialState = useRef(locationState)
  useEffect(() => {
    const fromState = (initialState.current as { presenceTest?: ClientResults } | null)?.presenceTest
    let stored: string | null = null
    try {
      stored = localStorage.getItem(RESULTS_STORAGE_KEY)
      localStorage.removeItem(RESULTS_STORAGE_KEY)
    } catch {
      stored = null
    }
    if (fromState) return setResults(fromState)
    if (!stored) {
      navigate(TEST_PATH, { replace: true })
      return
    }
    try {
      const parsed = JSON.parse(stored) as ClientResults
      if (typeof parsed.answers !== 'string' || typeof parsed.result?.overallScore !== 'number') throw new Error('formato inesperado')
      setResults(parsed)
    } catch (error) {
      console.error('Não foi possível ler os resultados salvos do teste', error)
      setResults(null)
    }
  }, [navigate])
  return results
}

type ResultsViewProps = {
  copy: PresenceTestPage['results']
  view:
    | { kind: 'client' }
    | { kind: 'missing' }
    | { kind: 'teaser'; run: { id: string; digits: string; result: TestResult } }
    | { kind: 'full'; run: { result: TestResult }; sent: boolean }
  leadForm: LeadFormFields | null
  actionData?: LeadActionData
  locationState: unknown
}

/** /ferramentas/resultados-teste: the teaser with the lead form first, the full result after the lead. */
export function PresenceTestResults({ copy, view, leadForm, actionData, locationState }: ResultsViewProps) {
  if (view.kind === 'missing') {
    return (
      <ToolFrame step={25} total={25} titleId="resultado-titulo" heading="h1" title={copy.teaserTitle}>
        <p className="text-ink-700">{copy.missing}</p>
        <ButtonLink to={TEST_PATH} className="mt-6">
          {copy.restartLabel}
        </ButtonLink>
      </ToolFrame>
    )
  }
  if (view.kind === 'full') {
    return (
      <ToolFrame step={25} total={25} titleId="resultado-titulo" heading="h1" title={copy.fullTitle}>
        <FullTestResult result={view.run.result} copy={copy} sent={view.sent} />
      </ToolFrame>
    )
  }
  if (view.kind === 'teaser' && leadForm) {
    return <Teaser copy={copy} result={view.run.result} answers={view.run.digits} runId={view.run.id} leadForm={leadForm} actionData={actionData} />
  }
  return <ClientTeaser copy={copy} leadForm={leadForm} actionData={actionData} locationState={locationState} />
}

function Teaser({
  copy,
  result,
  answers,
  runId,
  leadForm,
  actionData,
}: {
  copy: PresenceTestPage['results']
  result: TestResult
  answers: string
  runId: string | null
  leadForm: LeadFormFields
  actionData?: LeadActionData
}) {
  return (
    <ToolFrame step={25} total={25} titleId="resultado-titulo" heading="h1" title={copy.teaserTitle}>
      <ScoreSummary result={result} />
      <div className="mt-6">
        <TestLeadForm answers={answers} runId={runId} leadForm={leadForm} actionData={actionData} text={copy.formText} />
      </div>
    </ToolFrame>
  )
}

function ClientTeaser({ copy, leadForm, actionData, locationState }: Omit<ResultsViewProps, 'view'>) {
  const results = useClientResults(locationState)
  if (!results || !leadForm) {
    // The page's heading is always there (a page without an h1 fails axe's page-has-heading-one, and a
    // screen reader finds no title). Without JavaScript there is no result to read here: say so, with
    // the way back to the test; with it, the stored results replace this in a moment, or the test opens.
    return (
      <ToolFrame step={25} total={25} titleId="resultado-titulo" heading="h1" title={copy.teaserTitle}>
        <noscript>
          <p className="text-ink-700">{copy.missing}</p>
          <a href={TEST_PATH} className={buttonClassName({ className: 'mt-6' })}>
            {copy.restartLabel}
          </a>
        </noscript>
      </ToolFrame>
    )
  }
  return <Teaser copy={copy} result={results.result} answers={results.answers} runId={null} leadForm={leadForm} actionData={actionData} />
}
