import { Link } from '@remix-run/react'
import { useEffect, type FormEvent } from 'react'
import { showToast } from '~/components/ui/toast'
import { CONSENT_NOTICE } from '~/leads/consent'
import type { LeadActionData } from '~/leads/lead-action.server'
import { formatPhone } from '~/leads/phone'

/** The short LGPD notice under a contact form, linking to the privacy policy. */
export function ConsentNotice({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <p className={tone === 'dark' ? 'text-sm text-brand-100' : 'text-sm text-ink-600'}>
      {CONSENT_NOTICE.text}{' '}
      <Link to={CONSENT_NOTICE.href} className="font-semibold underline underline-offset-2">
        {CONSENT_NOTICE.linkText}
      </Link>
      .
    </p>
  )
}

/** The phone mask while typing (JavaScript only): digits only, at most 11, shown as (DD)NNNNN-NNNN. */
export function maskPhoneInput(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget
  const masked = formatPhone(input.value)
  if (masked !== input.value) input.value = masked
}

/**
 * A form-level failure (rate limit, database): a toast with JavaScript, and
 * the same message inline so it is there without JavaScript too.
 */
export function useLeadErrorToast(actionData: LeadActionData | undefined) {
  useEffect(() => {
    if (actionData?.message) showToast({ type: 'error', title: 'Erro ao enviar', description: actionData.message })
  }, [actionData])
}

export function FormMessage({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-danger-600">
      {message}
    </p>
  )
}
