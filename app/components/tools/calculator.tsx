import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigate } from '@remix-run/react'
import { useMemo, useState, type FormEvent, type MouseEvent } from 'react'
import { afterNextPaint } from '~/analytics/funnel'
import { useDeferredValidation } from '~/components/forms/deferred-validation'
import { useLeadErrorToast } from '~/components/forms/lead-form'
import { ConsentNotice, EmailField, FormMessage, PhoneField } from '~/components/forms/lead-form-parts'
import { LeadHiddenFields } from '~/components/forms/lead-hidden-fields'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { Field } from '~/components/ui/field'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import type { CalculatorPage } from '~/content/schemas'
import { leadFormConstraints } from '~/leads/form-fields'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import type { StoredCalculatorResult } from '~/tools/calculator/calculator.server'
import type { CalculatorLeadFields } from '~/tools/calculator/lead-schema'
import {
  BAND_LABELS,
  formatInputValue,
  formatMetricValue,
  METRIC_TYPES,
  METRICS,
  type Band,
  type CalculatorResult,
  type InputErrors,
  type MetricType,
} from '~/tools/calculator/metrics'
import { backHref, CALCULATOR_PATH, calculatorHref, isBrowserStep, PARAMS, viewFromUrl, type CalculatorView, type RunProgress } from '~/tools/calculator/steps'
import { isPlainClick } from '~/utils/browser-events'
import { SentNotice, ToolFrame, useStepHeadingFocus } from './tool-frame'

export const CALCULATOR_SUCCESS = 'Obrigado! Em breve nossa equipe entrará em contato.'

const bandTone: Record<Band, string> = {
  good: 'bg-emerald-100 text-emerald-900',
  average: 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-900',
}

/** The calculator's validators: zod and the schemas load once a form nears the viewport, not with the page (ADR 028). */
const loadMetricInputsValidator = () => import('~/tools/calculator/calculator-validation').then((module) => module.validateMetricInputs)
const loadLeadValidator = () => import('~/tools/calculator/calculator-validation').then((module) => module.validateCalculatorLead)
const METRIC_FORM_ID = 'calc'
const LEAD_FORM_ID = 'calculadora-contato'

/**
 * Answers a link or a GET form to one of the calculator's steps in the page
 * (`useStepsAnsweredInPage`); false when the browser cannot work the step
 * out, and the router takes it as usual.
 */
type AnswerStep = (href: string) => boolean

/** A plain click on a link to a step the page answers itself: the router is told after the answer is painted. */
const answerClick = (answer: AnswerStep | undefined, href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  if (answer && isPlainClick(event) && answer(href)) event.preventDefault()
}

/** Step 1: the six metrics, each a link to its form. */
export function MetricPicker({ answer }: { answer?: AnswerStep }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {METRIC_TYPES.map((type) => (
        <li key={type}>
          <Link
            to={calculatorHref(type)}
            preventScrollReset
            onClick={answerClick(answer, calculatorHref(type))}
            className="flex h-full flex-col rounded-2xl p-4 ring-1 ring-ink-200 transition-colors hover:bg-brand-50 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="font-bold text-ink-900">{METRICS[type].name}</span>
            <span className="mt-1 text-sm text-ink-700">{METRICS[type].summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/**
 * Step 2: the metric's inputs in a GET form, so the result is a URL. With
 * JavaScript each field is checked on blur and all of them on submit, by the
 * schema around the same reading the server does, once it has loaded (right
 * after hydration); before that the page's clientLoader answers the messages
 * from the URL with that same reading, and without JavaScript the server does.
 */
export function MetricForm({
  metric,
  values,
  errors,
  progress,
  answer,
}: {
  metric: MetricType
  values: Record<string, string>
  errors: InputErrors
  progress: RunProgress | null
  answer?: AnswerStep
}) {
  const definition = METRICS[metric]
  // The server's reading of this URL, as a reply to the form.
  const lastResult = useMemo<SubmissionResult<string[]>>(
    () =>
      Object.keys(errors).length > 0
        ? { status: 'error' as const, initialValue: values, error: Object.fromEntries(Object.entries(errors).map(([id, message]) => [id, [message]])) }
        : { initialValue: values },
    [errors, values],
  )
  const validation = useDeferredValidation(loadMetricInputsValidator, { formId: METRIC_FORM_ID })
  const [form, fields] = useForm<Record<string, string>>({
    id: METRIC_FORM_ID,
    lastResult,
    constraint: Object.fromEntries(definition.inputs.map((input) => [input.id, { required: true }])),
    ...validation.options,
  })
  const formProps = getFormProps(form)
  // Conform validates first (once its validator has loaded); a submit it lets through is answered in the page.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event)
    if (event.defaultPrevented || !answer) return
    const search = new URLSearchParams([...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]))
    if (answer(`${CALCULATOR_PATH}?${search}`)) event.preventDefault()
  }
  return (
    <Form
      method="get"
      action={CALCULATOR_PATH}
      preventScrollReset
      {...formProps}
      onSubmit={onSubmit}
      data-browser-validation={validation.ready ? '' : undefined}
      className="grid gap-5"
    >
      <input type="hidden" name={PARAMS.metric} value={metric} />
      {progress ? <input type="hidden" name={PARAMS.progress} value={progress} /> : null}
      <p className="text-ink-700">{definition.summary}</p>
      {definition.inputs.map((input) => {
        const field = fields[input.id]
        return field ? (
          <Field
            label={input.label}
            hint={input.hint}
            inputMode="decimal"
            autoComplete="off"
            errors={field.errors}
            {...getInputProps(field, { type: 'text' })}
            key={input.id}
          />
        ) : null
      })}
      <StatusButton status="idle" size="lg" type="submit">
        Calcular
      </StatusButton>
    </Form>
  )
}

/** The number and its band, as the result and the full result show them. */
export function ResultFigure({ result }: { result: Pick<CalculatorResult, 'metricType' | 'value' | 'band'> }) {
  return (
    <div className="rounded-2xl bg-brand-50 p-6 text-center">
      <p className="text-sm font-semibold text-ink-700">{METRICS[result.metricType].name}</p>
      <p className="mt-2 text-4xl font-extrabold text-brand-800" data-testid="metric-value">
        {formatMetricValue(result.metricType, result.value)}
      </p>
      <p className={cx('mx-auto mt-3 w-fit rounded-full px-4 py-1 text-sm font-bold', bandTone[result.band])} data-band={result.band}>
        {BAND_LABELS[result.band]}
      </p>
    </div>
  )
}

/** The values the result came from. */
export function InputSummary({ result }: { result: Pick<CalculatorResult, 'metricType' | 'inputs'> }) {
  return (
    <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
      {METRICS[result.metricType].inputs.map((input) => (
        <div key={input.id} className="flex justify-between gap-3 rounded-xl bg-ink-50 px-3 py-2">
          <dt className="text-ink-700">{input.label}</dt>
          <dd className="font-semibold text-ink-900">{formatInputValue(result.inputs[input.id] ?? 0)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Step 4: the lead form, carrying the metric and its values for the server to compute again. */
export function CalculatorLeadForm({
  result,
  leadForm,
  actionData,
  copy,
}: {
  result: CalculatorResult
  leadForm: LeadFormFields
  actionData?: LeadActionData
  copy: CalculatorPage['leadForm']
}) {
  useLeadErrorToast(actionData)
  const pending = useIsPending()
  const validation = useDeferredValidation(loadLeadValidator, { formId: LEAD_FORM_ID })
  const [form, fields] = useForm<CalculatorLeadFields>({
    id: LEAD_FORM_ID,
    lastResult: actionData?.result,
    constraint: leadFormConstraints.tool,
    ...validation.options,
  })
  return (
    <Form method="post" {...getFormProps(form)} data-browser-validation={validation.ready ? '' : undefined} className="grid gap-4">
      <p className="text-ink-700">{copy.text}</p>
      <LeadHiddenFields {...leadForm} freshTimer={actionData?.timer} />
      <input type="hidden" name={PARAMS.metric} value={result.metricType} />
      {Object.entries(result.inputs).map(([id, value]) => (
        <input key={id} type="hidden" name={id} value={formatInputValue(value)} />
      ))}
      <Field label="Nome completo" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: 'text' })} />
      <EmailField field={fields.email} />
      <PhoneField field={fields.phone} />
      <FormMessage message={actionData?.message ?? form.errors?.[0]} />
      <StatusButton status={pending ? 'pending' : 'idle'} size="lg" fullWidth>
        Ver análise completa
      </StatusButton>
      <ConsentNotice />
    </Form>
  )
}

/** Step 5: the interpretation and the tips, once the lead was sent. */
export function FullResult({ message, tips, sent }: { message: string; tips: string[]; sent: boolean }) {
  return (
    <div className="grid gap-6">
      <SentNotice message={CALCULATOR_SUCCESS} sent={sent} form="calculator" />
      <div>
        <h3 className="text-lg font-bold text-ink-900">O que este número diz</h3>
        <p className="mt-2 text-ink-700">{message}</p>
      </div>
      <div>
        <h3 className="text-lg font-bold text-ink-900">Dicas para melhorar</h3>
        <ul className="mt-2 list-disc space-y-2 pl-5 text-ink-700">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={CALCULATOR_PATH} variant="secondary">
          Calcular outra métrica
        </ButtonLink>
        <ButtonLink to="/contato" variant="primary">
          Fale com um Especialista
        </ButtonLink>
      </div>
    </div>
  )
}

const TITLE_ID = 'calculadora-etapa'

/**
 * The view to show, and `answer`: with JavaScript, a step the browser can
 * work out (select, calculate, result: `isBrowserStep`) is shown at once, in
 * the tap's own frame, and the router is told (`navigate`) only after that
 * frame is painted. The URL, the history (Back and Forward), the
 * clientLoader and its funnel count then follow exactly as for a link or a
 * GET form, but the tap no longer waits for the router's navigation (about
 * 100 ms of each tap on the benches' phone, issue 42). The view answered here
 * is kept while the router has not moved and, once it has, as long as the
 * router's view says the same, so React keeps the same elements.
 */
function useStepsAnsweredInPage(serverView: CalculatorView): { view: CalculatorView; answer: AnswerStep } {
  const navigate = useNavigate()
  const [answered, setAnswered] = useState<{ from: CalculatorView; view: CalculatorView } | null>(null)
  const view = answered && (answered.from === serverView || JSON.stringify(answered.view) === JSON.stringify(serverView)) ? answered.view : serverView
  const answer: AnswerStep = (href) => {
    const next = viewFromUrl(new URL(href, window.location.href))
    if (!isBrowserStep(next)) return false
    setAnswered({ from: serverView, view: next })
    void afterNextPaint().then(() => navigate(href, { preventScrollReset: true }))
    return true
  }
  return { view, answer }
}

/** The calculator's five steps (select, calculate, result, lead form, full result), one at a time, as the URL says. */
export function CalculatorSteps({
  page,
  view: serverView,
  leadForm,
  stored,
  actionData,
}: {
  page: CalculatorPage
  view: CalculatorView
  leadForm: LeadFormFields | null
  stored: StoredCalculatorResult | null
  actionData?: LeadActionData
}) {
  const { view, answer } = useStepsAnsweredInPage(serverView)
  const back = backHref(view)
  const onBackClick = back ? answerClick(answer, back) : undefined
  useStepHeadingFocus(TITLE_ID, view.step === 'calculate' ? `calculate:${view.metric}` : view.step)
  return view.step === 'select' ? (
    <ToolFrame step={1} total={5} titleId={TITLE_ID} title="Qual métrica você quer calcular?">
      <MetricPicker answer={answer} />
    </ToolFrame>
  ) : view.step === 'calculate' ? (
    <ToolFrame step={2} total={5} backHref={back} onBackClick={onBackClick} titleId={TITLE_ID} title={METRICS[view.metric].name}>
      <MetricForm key={view.metric} metric={view.metric} values={view.values} errors={view.errors} progress={view.progress} answer={answer} />
    </ToolFrame>
  ) : view.step === 'result' ? (
    <ToolFrame step={3} total={5} backHref={back} onBackClick={onBackClick} titleId={TITLE_ID} title="Seu resultado">
      <ResultFigure result={view.result} />
      <InputSummary result={view.result} />
      <ButtonLink to={calculatorHref(view.result.metricType, view.result.inputs, 'contato')} preventScrollReset size="lg" fullWidth className="mt-6">
        Ver análise completa e dicas
      </ButtonLink>
    </ToolFrame>
  ) : view.step === 'lead' && leadForm ? (
    <ToolFrame step={4} total={5} backHref={back} titleId={TITLE_ID} title={page.leadForm.title}>
      <ResultFigure result={view.result} />
      <div className="mt-6">
        <CalculatorLeadForm result={view.result} leadForm={leadForm} actionData={actionData} copy={page.leadForm} />
      </div>
    </ToolFrame>
  ) : view.step === 'full' && stored ? (
    <ToolFrame step={5} total={5} backDisabled titleId={TITLE_ID} title="Sua análise completa">
      <ResultFigure result={stored} />
      <InputSummary result={stored} />
      <div className="mt-6">
        <FullResult message={stored.message} tips={stored.tips} sent={view.step === 'full' && view.sent} />
      </div>
    </ToolFrame>
  ) : (
    <ToolFrame step={5} total={5} backHref={CALCULATOR_PATH} titleId={TITLE_ID} title="Resultado não encontrado">
      <p className="text-ink-700">Este link de resultado não existe ou não é mais válido.</p>
      <ButtonLink to={CALCULATOR_PATH} className="mt-6">
        Fazer um novo cálculo
      </ButtonLink>
    </ToolFrame>
  )
}
