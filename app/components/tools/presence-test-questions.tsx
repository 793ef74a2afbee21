import { Form, useNavigate } from '@remix-run/react'
import { useEffect, useState, type FormEvent } from 'react'
import { ButtonLink, buttonClassName } from '~/components/ui/button'
import { StatusButton } from '~/components/ui/status-button'
import { showToast } from '~/components/ui/toast'
import { useHydrated } from '~/components/ui/use-hydrated'
import { decodeAnswers } from '~/tools/presence-test/answers'
import { CATEGORIES, progressPercent, scoreTest, type Advice, type Question, type TestResult } from '~/tools/presence-test/scoring'
import { ANSWER_FIELD, RESULTS_PATH, RESULTS_STORAGE_KEY, SELECT_ANSWER_MESSAGE, STATE_PARAM, TEST_PATH } from '~/tools/presence-test/steps'
import { useFunnelCount } from './funnel-count'
import { ToolFrame, useStepHeadingFocus } from './tool-frame'

const categoryName = (id: string) => CATEGORIES.find((category) => category.id === id)?.name ?? id

/** What the test page hands the results page with JavaScript (navigation state and localStorage). */
export type ClientResults = { answers: string; result: TestResult }

/**
 * One question per screen. Without JavaScript each answer is a
 * post that carries the signed answers so far (the server moves on or asks
 * again); with it the same form moves on in the browser, and finishing
 * scores the answers here and opens the results page with them.
 */
export function PresenceTestQuestions({
  questions,
  advice,
  digits: initialDigits,
  state,
  previousHref,
  message,
}: {
  questions: Question[]
  advice: Advice
  digits: string
  state: string
  previousHref: string | null
  message?: string | null
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [digits, setDigits] = useState(initialDigits)
  const [error, setError] = useState<string | null>(message ?? null)
  const countStep = useFunnelCount('presenceTest')
  useEffect(() => setDigits(initialDigits), [initialDigits])

  const index = Math.min(digits.length, questions.length - 1)
  useStepHeadingFocus('teste-pergunta', index)
  const question = questions[index]!
  const last = index === questions.length - 1
  const chosen = digits.length > index ? digits[index] : undefined

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    const value = new FormData(event.currentTarget).get(ANSWER_FIELD)
    if (typeof value !== 'string') {
      setError(SELECT_ANSWER_MESSAGE)
      showToast({ type: 'error', title: SELECT_ANSWER_MESSAGE })
      return
    }
    setError(null)
    if (index === 0) countStep('started')
    const next = digits.slice(0, index) + value
    if (next.length < questions.length) {
      setDigits(next)
      return
    }
    const answers = decodeAnswers(next, questions)!
    const results: ClientResults = { answers: next, result: scoreTest(answers, advice) }
    try {
      localStorage.setItem(RESULTS_STORAGE_KEY, JSON.stringify(results))
    } catch {
      // Storage blocked: the navigation state still carries the results.
    }
    countStep('finished')
    navigate(RESULTS_PATH, { state: { presenceTest: results } })
  }

  return (
    <ToolFrame
      step={index + 1}
      total={questions.length}
      progress={progressPercent(index + 1, questions.length)}
      titleId="teste-pergunta"
      title={
        <span>
          <span className="block text-sm font-semibold tracking-wide text-brand-700 uppercase">{categoryName(question.categoryId)}</span>
          {question.text}
        </span>
      }
    >
      <Form method="post" onSubmit={onSubmit} className="grid gap-6" key={question.id}>
        <input type="hidden" name={STATE_PARAM} value={state} />
        <fieldset aria-describedby={error ? 'teste-erro' : undefined}>
          <legend className="sr-only">{question.text}</legend>
          <div className="grid gap-3">
            {question.options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-start gap-3 rounded-2xl p-4 ring-1 ring-ink-200 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600"
              >
                <input
                  type="radio"
                  name={ANSWER_FIELD}
                  value={option.value}
                  defaultChecked={chosen === String(option.value)}
                  className="mt-1 size-4 accent-brand-600"
                />
                <span className="text-ink-900">{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p id="teste-erro" role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-danger-600">
            {error}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          {hydrated ? (
            <button
              type="button"
              disabled={index === 0}
              onClick={() => {
                setError(null)
                setDigits(digits.slice(0, index - 1))
              }}
              className={buttonClassName({ variant: 'secondary' })}
            >
              Anterior
            </button>
          ) : previousHref ? (
            <ButtonLink to={previousHref} variant="secondary">
              Anterior
            </ButtonLink>
          ) : (
            <button type="button" disabled className={buttonClassName({ variant: 'secondary' })}>
              Anterior
            </button>
          )}
          <StatusButton status="idle" type="submit">
            {last ? 'Finalizar Teste' : 'Próximo'}
          </StatusButton>
        </div>
      </Form>
    </ToolFrame>
  )
}

/** A test whose signed progress cannot be used (tampered or more than a day old): the reason and a way to start again. */
export function TestRestart({ message }: { message: string }) {
  return (
    <ToolFrame step={1} total={25} progress={0} titleId="teste-pergunta" title="Vamos recomeçar">
      <p className="text-ink-700">{message}</p>
      <ButtonLink to={TEST_PATH} className="mt-6">
        Começar o teste
      </ButtonLink>
    </ToolFrame>
  )
}
