import { useEffect, useRef, type MouseEventHandler, type ReactNode } from 'react'
import { BookSessionLink } from '~/components/forms/book-session-link'
import { WhatsAppHandoffLink } from '~/components/forms/whatsapp-handoff-link'
import { buttonClassName, ButtonLink } from '~/components/ui/button'
import { showToast } from '~/components/ui/toast'
import { leadForms, type LeadFormKey } from '~/leads/lead-forms'

/**
 * The card a tool's steps appear in: the step count and a progress bar, the
 * Back control (a link, or a disabled button where the spec disables it) and
 * the step's heading, named for the region: an h2 under the page's hero, the
 * h1 on a page that is only the frame.
 */
export function ToolFrame({
  step,
  total,
  progress,
  backHref,
  onBackClick,
  backDisabled = false,
  titleId,
  title,
  heading: Heading = 'h2',
  children,
}: {
  step: number
  total: number
  /** 0-100; default step / total. */
  progress?: number
  backHref?: string | null
  /** A tool that answers its Back step in the page (the calculator's `answerClick`). */
  onBackClick?: MouseEventHandler<HTMLAnchorElement>
  backDisabled?: boolean
  titleId: string
  title: ReactNode
  heading?: 'h1' | 'h2'
  children: ReactNode
}) {
  const percent = progress ?? Math.round((step / total) * 100)
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-3xl rounded-3xl bg-white p-6 shadow-xl ring-1 ring-ink-200 md:p-10">
      <div className="flex items-center justify-between gap-4 text-sm text-ink-700">
        {backHref ? (
          <ButtonLink to={backHref} preventScrollReset onClick={onBackClick} variant="ghost" size="sm" className="-ml-3">
            ← Voltar
          </ButtonLink>
        ) : backDisabled ? (
          <button type="button" disabled className={buttonClassName({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
            ← Voltar
          </button>
        ) : (
          <span />
        )}
        <span>
          Etapa {step} de {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Progresso"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-ink-100"
      >
        {/* A full bar slid in by its share: a transform is animated by the compositor, where a width would lay out
            and paint the page in every frame of the transition. */}
        <div
          className="h-full rounded-full bg-brand-600 motion-safe:transition-transform motion-safe:duration-300"
          style={{ transform: `translateX(${percent - 100}%)` }}
        />
      </div>
      <Heading id={titleId} tabIndex={-1} className="mt-6 text-2xl font-bold text-ink-900 focus:outline-none">
        {title}
      </Heading>
      <div className="mt-6">{children}</div>
    </section>
  )
}

/**
 * With JavaScript a tool's step changes in the page, without scrolling it
 * to the top: the new step's heading takes focus (and so comes into view),
 * where a screen reader carries on reading, as on a new page. Not on the
 * first render, which is the page's own.
 */
export function useStepHeadingFocus(titleId: string, step: string | number) {
  const shown = useRef(step)
  useEffect(() => {
    if (shown.current === step) return
    shown.current = step
    document.getElementById(titleId)?.focus()
  }, [titleId, step])
}

/** After a tool's lead was sent: the confirmation in the page (read without JavaScript too) and, with it, as a toast. */
export function SentNotice({ message, sent, form }: { message: string; sent: boolean; form: LeadFormKey }) {
  useEffect(() => {
    if (sent) showToast({ title: message })
  }, [sent, message])
  if (!sent) return null
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
        {message}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <BookSessionLink />
        <WhatsAppHandoffLink form={leadForms[form]} />
      </div>
    </div>
  )
}
