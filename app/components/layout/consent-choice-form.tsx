import { CONSENT_FIELDS, CONSENT_PATH } from '~/analytics/consent'
import { CONSENT_COPY } from '~/analytics/consent-copy'
import { CONSENT_DENIED, CONSENT_GRANTED, type ConsentChoice } from '~/utils/cookie-names'
import { buttonClassName } from '../ui/button'
import { cx } from '../ui/class-names'

/**
 * Aceitar and Recusar, side by side, the same size and look (as easy to
 * refuse as to accept). A plain form post to /preferencias-de-cookies, which
 * records the choice and sends the visitor back to `back`: it works without
 * JavaScript (ADR 031).
 */
export function ConsentChoiceForm({ back, className, current }: { back: string; className?: string; current?: ConsentChoice | null }) {
  return (
    <form method="post" action={CONSENT_PATH} className={cx('flex flex-wrap gap-3', className)}>
      <input type="hidden" name={CONSENT_FIELDS.back} value={back} />
      {[
        { value: CONSENT_GRANTED, label: CONSENT_COPY.accept },
        { value: CONSENT_DENIED, label: CONSENT_COPY.decline },
      ].map((option) => (
        <button
          key={option.value}
          type="submit"
          name={CONSENT_FIELDS.choice}
          value={option.value}
          aria-pressed={current === undefined ? undefined : current === option.value}
          className={buttonClassName({ variant: 'primary', size: 'sm', className: 'min-w-28' })}
        >
          {option.label}
        </button>
      ))}
    </form>
  )
}
